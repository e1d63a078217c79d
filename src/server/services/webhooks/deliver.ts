// One delivery attempt from the queue (docs/product.md "Webhooks"): claim the row if it is due,
// send it signed with the endpoint's secret, record the answer, and on failure wait by the retry
// schedule and queue the next attempt in the same transaction as the answer. A receiver that is
// down loses nothing: the row waits, pending, until it answers 2xx or the waits run out (~24 h).
import type { WebhookDeliveryEvent } from '../../../domain/api/webhooks';
import type { Database } from '../../db/database';
import { claimDelivery, recordAttempt } from '../../db/repositories/webhook-deliveries';
import { enqueueWebhookDeliveries } from '../../jobs/webhook-queue';
import type { SecretBox } from '../../secrets';
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
      answer: 'Not sent: the endpoint was disabled.',
      status: 'failed',
      retryInMs: null,
      counted: false,
    });
    return;
  }
  const secret = deps.secrets.decrypt(claimed.secret_sealed);
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
      answer: result.excerpt,
      status: result.delivered ? 'succeeded' : wait === null ? 'failed' : 'pending',
      retryInMs: wait,
      counted: true,
    });
    if (wait !== null) await enqueueWebhookDeliveries(tx, [deliveryId], wait);
  });
}
