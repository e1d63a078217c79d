// When a failed webhook delivery is tried again: a receiver that is down loses nothing, it gets
// the delivery later, with waits growing so a long outage is not hammered. After the last wait
// (about 24 h after the first attempt in all) the delivery is given up.
const MINUTE = 60_000;

/** Waits after the 1st, 2nd, … failed attempt. Sum: 1 + 5 + 30 + 120 + 360 + 2 × 480 min ≈ 24 h. */
export const RETRY_DELAYS_MS: readonly number[] = [
  1 * MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  120 * MINUTE,
  360 * MINUTE,
  480 * MINUTE,
  480 * MINUTE,
];

/** The wait after `failedAttempts` failures, or null when the delivery is given up. */
export function nextRetryDelay(
  failedAttempts: number,
  delays: readonly number[] = RETRY_DELAYS_MS,
): number | null {
  if (failedAttempts < 1) return 0;
  return delays[failedAttempts - 1] ?? null;
}

/** How much of a failed answer is kept on the delivery. */
export const ANSWER_EXCERPT_LENGTH = 1000;
/** A receiver that has not answered by then is a failed attempt. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** A 2xx answer is success; anything else (or no answer) is a failed attempt. */
export function isDelivered(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}
