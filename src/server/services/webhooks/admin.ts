// Managing webhook endpoints (docs/product.md "Webhooks"): an admin access key session registers,
// disables, deletes and re-keys endpoints, reads deliveries with their answers, sends a test event
// and redelivers. Every change is audited with the change; the signing secret is sealed at rest
// and returned only by create and rotate.
import {
  WEBHOOK_TEST_EVENT,
  type CreateWebhookBody,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '../../../domain/api/webhooks';
import type { Actor } from '../../actor';
import type { Database, SqlClient } from '../../db/database';
import {
  abandonPendingDeliveries,
  findDelivery,
  insertDeliveries,
  listDeliveries,
  type WebhookDeliveryRow,
} from '../../db/repositories/webhook-deliveries';
import {
  deleteWebhookEndpoint,
  disableWebhookEndpoint,
  findWebhookEndpoint,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  replaceWebhookSecret,
  type WebhookEndpointRow,
} from '../../db/repositories/webhook-endpoints';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { enqueueWebhookDeliveries } from '../../jobs/webhook-queue';
import type { SecretBox } from '../../secrets';
import { audited } from '../audit/audited';
import { WEBHOOK_SECRET_PREFIX, newWebhookSecret } from './signature';

export const WEBHOOK_ADMIN_ONLY =
  'Only an admin access key session may manage webhooks: they send Pushboard events outside.';

/** The answer kept on a delivery that was not sent because its endpoint was disabled. */
export const ENDPOINT_DISABLED = 'Not sent: the endpoint was disabled.';

export interface WebhookAdminDeps {
  db: Database;
  secrets: SecretBox;
}

/** Webhooks send data outside Pushboard: an admin access key session, not a read-only user. */
export function isWebhookAdmin(actor: Actor): boolean {
  return actor.authMethod === 'admin-key' && !actor.readOnly;
}

function requireWebhookAdmin(actor: Actor): void {
  if (!isWebhookAdmin(actor)) throw new ForbiddenError(WEBHOOK_ADMIN_ONLY);
}

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

export function endpointJson(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    format: row.format,
    secret_hint: row.secret_hint,
    created_by: row.created_by,
    created_at: iso(row.created_at)!,
    secret_rotated_at: iso(row.secret_rotated_at),
    disabled_at: iso(row.disabled_at),
    disabled_by: row.disabled_by,
  };
}

export function deliveryJson(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    endpoint_url: row.endpoint_url,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: iso(row.next_attempt_at),
    last_status_code: row.last_status_code,
    last_answer: row.last_answer,
    last_attempt_at: iso(row.last_attempt_at),
    created_at: iso(row.created_at)!,
    payload: row.payload,
  };
}

/** A new secret, sealed, and its first characters for lists. */
function mintSecret(secrets: SecretBox) {
  const secret = newWebhookSecret();
  return {
    secret,
    sealed: secrets.encrypt(secret),
    hint: secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4),
  };
}

export async function listEndpoints(db: SqlClient, actor: Actor): Promise<WebhookEndpoint[]> {
  requireWebhookAdmin(actor);
  return (await listWebhookEndpoints(db)).map(endpointJson);
}

export async function createEndpoint(
  deps: WebhookAdminDeps,
  actor: Actor,
  body: CreateWebhookBody,
): Promise<WebhookEndpointWithSecret> {
  const events = [...new Set(body.events)];
  return audited(
    deps.db,
    actor,
    'webhook.create',
    { type: 'webhook_endpoint', id: '' },
    { url: body.url, events, format: body.format },
    async (record) => {
      requireWebhookAdmin(actor);
      const { secret, sealed, hint } = mintSecret(deps.secrets);
      const row = await deps.db.transaction(async (tx) => {
        const inserted = await insertWebhookEndpoint(tx, {
          url: body.url,
          events,
          format: body.format,
          secretSealed: sealed,
          secretHint: hint,
          createdBy: actor.username,
        });
        await record(tx, { endpoint_id: inserted.id });
        return inserted;
      });
      return { ...endpointJson(row), secret };
    },
  );
}

/** Runs a change on one endpoint, audited with its id; 404 when there is none. */
function endpointChange<T>(
  deps: WebhookAdminDeps,
  actor: Actor,
  action: string,
  id: number,
  change: (tx: SqlClient, endpoint: WebhookEndpointRow) => Promise<T>,
): Promise<T> {
  return audited(
    deps.db,
    actor,
    action,
    { type: 'webhook_endpoint', id: String(id) },
    {},
    async (record) => {
      requireWebhookAdmin(actor);
      return deps.db.transaction(async (tx) => {
        const endpoint = await findWebhookEndpoint(tx, id);
        if (!endpoint) throw new NotFoundError(`There is no webhook endpoint ${id}.`);
        const result = await change(tx, endpoint);
        await record(tx, { url: endpoint.url });
        return result;
      });
    },
  );
}

export function disableEndpoint(deps: WebhookAdminDeps, actor: Actor, id: number) {
  return endpointChange(deps, actor, 'webhook.disable', id, async (tx) => {
    const disabled = await disableWebhookEndpoint(tx, id, actor.username);
    await abandonPendingDeliveries(tx, id, ENDPOINT_DISABLED);
    return endpointJson(disabled!);
  });
}

export function deleteEndpoint(deps: WebhookAdminDeps, actor: Actor, id: number) {
  return endpointChange(deps, actor, 'webhook.delete', id, async (tx) =>
    endpointJson((await deleteWebhookEndpoint(tx, id))!),
  );
}

export function rotateSecret(
  deps: WebhookAdminDeps,
  actor: Actor,
  id: number,
): Promise<WebhookEndpointWithSecret> {
  return endpointChange(deps, actor, 'webhook.rotate_secret', id, async (tx) => {
    const { secret, sealed, hint } = mintSecret(deps.secrets);
    return { ...endpointJson((await replaceWebhookSecret(tx, id, sealed, hint))!), secret };
  });
}

/** Writes and queues one new delivery to an enabled endpoint; answers it. */
async function queueDelivery(
  tx: SqlClient,
  endpoint: WebhookEndpointRow,
  event: string,
  payload: Record<string, unknown>,
): Promise<WebhookDelivery> {
  if (endpoint.disabled_at) {
    throw new ConflictError('This endpoint is disabled: register it again to send to it.');
  }
  const [id] = await insertDeliveries(tx, [endpoint.id], event, payload);
  await enqueueWebhookDeliveries(tx, [id!]);
  return deliveryJson((await findDelivery(tx, id!))!);
}

export function sendTestEvent(
  deps: WebhookAdminDeps,
  actor: Actor,
  id: number,
  now = new Date(),
): Promise<WebhookDelivery> {
  return endpointChange(deps, actor, 'webhook.test', id, (tx, endpoint) =>
    queueDelivery(tx, endpoint, WEBHOOK_TEST_EVENT, {
      event: WEBHOOK_TEST_EVENT,
      occurred_at: now.toISOString(),
      data: { endpoint_id: endpoint.id, sent_by: actor.username },
    }),
  );
}

/** Sends a delivery's payload again, as a new delivery (its own id, attempts and answers). */
export async function redeliver(
  deps: WebhookAdminDeps,
  actor: Actor,
  deliveryId: string,
): Promise<WebhookDelivery> {
  requireWebhookAdmin(actor);
  const original = await findDelivery(deps.db, deliveryId);
  if (!original) throw new NotFoundError(`There is no webhook delivery ${deliveryId}.`);
  return endpointChange(deps, actor, 'webhook.redeliver', original.endpoint_id, (tx, endpoint) =>
    queueDelivery(tx, endpoint, original.event, original.payload),
  );
}

export async function listEndpointDeliveries(
  db: SqlClient,
  actor: Actor,
  query: WebhookDeliveriesQuery,
): Promise<WebhookDeliveryPage> {
  requireWebhookAdmin(actor);
  const { rows, total } = await listDeliveries(db, {
    endpointId: query.endpoint_id,
    status: query.status,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { rows: rows.map(deliveryJson), total };
}
