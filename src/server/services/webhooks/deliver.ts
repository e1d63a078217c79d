// One delivery attempt from the queue (docs/product.md "Webhooks"): claim the row if it is due,
// send it signed with the endpoint's secret, record the answer, and on failure wait by the retry
// schedule and queue the next attempt in the same transaction as the answer. A receiver that is
// down loses nothing: the row waits, pending, until it answers 2xx or the waits run out (~24 h).
import type { WebhookDeliveryEvent } from '../../../domain/api/webhooks';
import type { Database } from '../../db/database';
import {
  claimDelivery,
  recordAttempt,
  type ClaimedDelivery,
} from '../../db/repositories/webhook-deliveries';
import { enqueueWebhookDeliveries } from '../../jobs/webhook-queue';
import { UnreadableSecretError, type SecretBox } from '../../secrets';
import { ENDPOINT_DISABLED } from './admin';
import { deliveryBody, type WebhookEventData } from './payload';
import {
  ANSWER_EXCERPT_LENGTH,
  DELIVERY_TIMEOUT_MS,
  RETRY_DELAYS_MS,
  nextRetryDelay,
} from './retry-schedule';
import { sendAttempt, type AttemptResult } from './send-attempt';

export interface DeliverDeps {
  db: Database;
  secrets: SecretBox;
  /** The waits between attempts (tests shorten them). */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
}

export const UNREADABLE_SECRET =
  "Not sent: the endpoint's secret cannot be opened with any key in SECRET_KEY; rotate its secret.";

/** The endpoint's secret, or undefined when no configured key opens it (an old SECRET_KEY). */
function openSecret(secrets: SecretBox, sealed: string): string | undefined {
  try {
    return secrets.decrypt(sealed);
  } catch (error) {
    if (error instanceof UnreadableSecretError) return undefined;
    throw error;
  }
}

/** Longer than an attempt's timeout: a claim outlives the attempt unless its sender died. */
const leaseSeconds = (timeoutMs: number) => Math.ceil(timeoutMs / 1000) + 30;

/** Attempts the delivery once if it is due; does nothing when it is not (done, not due, claimed). */
export async function deliverWebhook(deps: DeliverDeps, deliveryId: string): Promise<void> {
  const timeoutMs = deps.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const claimed = await claimDelivery(deps.db, deliveryId, leaseSeconds(timeoutMs));
  if (!claimed) return;
  try {
    await attemptClaimed(deps, claimed, timeoutMs);
  } catch (error) {
    // An attempt that failed inside Pushboard, not at the receiver, counts too: otherwise the
    // sweep would queue it again for ever, while the retry schedule's limit ends it 'failed'.
    await recordAnswer(deps, claimed, {
      delivered: false,
      status: null,
      excerpt: internalError(error),
    });
  }
}

/** What a delivery records as the answer of an attempt that failed inside Pushboard. */
export function internalError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `An error inside Pushboard ended this attempt: ${message}`.slice(0, ANSWER_EXCERPT_LENGTH);
}

async function attemptClaimed(
  deps: DeliverDeps,
  claimed: ClaimedDelivery,
  timeoutMs: number,
): Promise<void> {
  const deliveryId = claimed.id;
  if (claimed.endpoint_disabled) {
    await recordAttempt(deps.db, deliveryId, {
      statusCode: null,
      answer: ENDPOINT_DISABLED,
      status: 'failed',
      retryInMs: null,
      counted: false,
    });
    return;
  }
  const secret = openSecret(deps.secrets, claimed.secret_sealed);
  if (secret === undefined) {
    await recordAttempt(deps.db, deliveryId, {
      statusCode: null,
      answer: UNREADABLE_SECRET,
      status: 'failed',
      retryInMs: null,
      counted: false,
    });
    return;
  }
  const body = deliveryBody(claimed.format, claimed.id, {
    ...claimed.payload,
    event: claimed.event,
  } as WebhookEventData);
  const result = await sendAttempt(
    { url: claimed.url, secret },
    { id: claimed.id, event: claimed.event as WebhookDeliveryEvent, body },
    { timeoutMs },
  );
  await recordAnswer(deps, claimed, result);
}

/** Records a counted attempt and, unless it succeeded or was the last, queues the next one. */
async function recordAnswer(
  deps: DeliverDeps,
  claimed: ClaimedDelivery,
  result: AttemptResult,
): Promise<void> {
  const deliveryId = claimed.id;
  const wait = result.delivered
    ? null
    : nextRetryDelay(claimed.attempts + 1, deps.retryDelaysMs ?? RETRY_DELAYS_MS);
  await deps.db.transaction(async (tx) => {
    await recordAttempt(tx, deliveryId, {
      statusCode: result.status,
      // PostgreSQL text cannot hold NUL: an answer with one would never be recorded.
      answer: result.excerpt.replaceAll('\u0000', ''),
      status: result.delivered ? 'succeeded' : wait === null ? 'failed' : 'pending',
      retryInMs: wait,
      counted: true,
    });
    if (wait !== null) await enqueueWebhookDeliveries(tx, [deliveryId], wait);
  });
}
