// Emitting a webhook event (docs/product.md "Webhooks"): one delivery row per enabled endpoint
// subscribed to the event, and its queue job, written in the caller's transaction, so receivers
// hear of a change exactly when it commits and never of one that rolled back. Lives beside the
// queue (not in services/) so that the sync jobs, which may not import services, can emit too;
// services import it from services/webhooks/emit.ts.
import type { WebhookEvent } from '../../domain/api/webhooks';
import type { Database, SqlClient } from '../db/database';
import { insertDeliveries } from '../db/repositories/webhook-deliveries';
import { subscribedEndpointIds } from '../db/repositories/webhook-endpoints';
import { enqueueWebhookDeliveries } from './webhook-queue';

const isDatabase = (db: SqlClient): db is Database => 'transaction' in db;

/**
 * Records `event` for every enabled endpoint subscribed to it, in `db`'s transaction (given a
 * Database rather than a transaction, in one of its own), and queues the deliveries. Answers the
 * delivery ids (none when nobody subscribed). `data` says what the event is about, e.g.
 * `{ upgrade_id: 12, description: 'Spring release' }`; never put a secret in it.
 */
export async function emitWebhookEvent(
  db: SqlClient,
  event: WebhookEvent,
  data: Record<string, unknown>,
  now: Date = new Date(),
): Promise<string[]> {
  if (isDatabase(db)) return db.transaction((tx) => emitWebhookEvent(tx, event, data, now));
  const endpointIds = await subscribedEndpointIds(db, event);
  if (endpointIds.length === 0) return [];
  const payload = { event, occurred_at: now.toISOString(), data };
  const ids = await insertDeliveries(db, endpointIds, event, payload);
  await enqueueWebhookDeliveries(db, ids);
  return ids;
}
