// One delivery attempt: POST the signed body, wait at most DELIVERY_TIMEOUT_MS, and report the
// answer's status and the start of its text (what the Administration page shows). Never throws:
// a refused connection or a timeout is a failed attempt like a 500.
import type { WebhookDeliveryEvent } from '../../../domain/api/webhooks';
import { ANSWER_EXCERPT_LENGTH, DELIVERY_TIMEOUT_MS, isDelivered } from './retry-schedule';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature';

export interface AttemptResult {
  delivered: boolean;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  /** The first ANSWER_EXCERPT_LENGTH characters of the answer, or why there was none. */
  excerpt: string;
}

export async function sendAttempt(
  target: { url: string; secret: string },
  delivery: { id: string; event: WebhookDeliveryEvent; body: string },
  { now = new Date(), timeoutMs = DELIVERY_TIMEOUT_MS } = {},
): Promise<AttemptResult> {
  const timestamp = Math.floor(now.getTime() / 1000);
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      // A receiver's redirect is its answer, not somewhere else to send the signed body.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Pushboard-Webhooks',
        [SIGNATURE_HEADER]: signatureHeader(target.secret, timestamp, delivery.body),
        [EVENT_HEADER]: delivery.event,
        [DELIVERY_HEADER]: delivery.id,
      },
      body: delivery.body,
    });
    const text = await response.text().catch(() => '');
    return {
      delivered: isDelivered(response.status),
      status: response.status,
      excerpt: text.slice(0, ANSWER_EXCERPT_LENGTH),
    };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const reason = timedOut
      ? `No answer within ${timeoutMs / 1000} s.`
      : `No answer: ${error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error)}`;
    return { delivered: false, status: null, excerpt: reason.slice(0, ANSWER_EXCERPT_LENGTH) };
  }
}
