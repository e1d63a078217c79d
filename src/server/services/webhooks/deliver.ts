// One delivery attempt from the queue (docs/product.md "Webhooks"): claim the row if it is due,
// send it signed with the endpoint's secret, record the answer, and on failure wait by the retry
// schedule and queue the next attempt in the same transaction as the answer. A receiver that is
// down loses nothing: the row waits, pending, until it answers 2xx or the waits run out (~24 h).
import type { WebhookDeliveryEvent } from '../../../domain/api/webhooks';
import type { Database } from '../../db/database';
import { claimDelivery, recordAttempt } from '../../db/repositories/webhook-deliveries';
import { enqueueWebhookDeliveries } from '../../jobs/webhook-queue';
import { UnreadableSecretError, type SecretBox } from '../../secrets';
import { ENDPOINT_DISABLED } from './admin';
import { deliveryBody, type WebhookEventData } from './payload';
import { DELIVERY_TIMEOUT_MS, RETRY_DELAYS_MS, nextRetryDelay } from './retry-schedule';
import { sendAttempt } from './send-attempt';

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
