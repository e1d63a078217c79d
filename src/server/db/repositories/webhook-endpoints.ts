// webhook_endpoint rows (migration 0023): where events are sent, which ones, in which format, and
// the signing secret sealed with SECRET_KEY (only the sender opens it).
import type { SqlClient } from '../database';

export interface WebhookEndpointRow {
  id: number;
  url: string;
  events: string[];
  format: 'json' | 'slack';
  secret_hint: string;
  created_by: string;
  created_at: Date;
  secret_rotated_at: Date | null;
  disabled_at: Date | null;
  disabled_by: string | null;
}

const COLUMNS = `id::int AS id, url, events, format, secret_hint, created_by, created_at,
  secret_rotated_at, disabled_at, disabled_by`;

export interface NewWebhookEndpoint {
  url: string;
  events: readonly string[];
  format: 'json' | 'slack';
  secretSealed: string;
  secretHint: string;
  createdBy: string;
}

export async function insertWebhookEndpoint(
  db: SqlClient,
  endpoint: NewWebhookEndpoint,
): Promise<WebhookEndpointRow> {
  const { rows } = await db.query<WebhookEndpointRow>(
    `INSERT INTO webhook_endpoint (url, events, format, secret_sealed, secret_hint, created_by)
     VALUES ($1, $2::text[], $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [
      endpoint.url,
      endpoint.events,
      endpoint.format,
      endpoint.secretSealed,
      endpoint.secretHint,
      endpoint.createdBy,
    ],
  );
  return rows[0]!;
}

/** Every endpoint, newest first. */
export async function listWebhookEndpoints(db: SqlClient): Promise<WebhookEndpointRow[]> {
  const { rows } = await db.query<WebhookEndpointRow>(
    `SELECT ${COLUMNS} FROM webhook_endpoint ORDER BY id DESC`,
  );
  return rows;
}

export async function findWebhookEndpoint(
  db: SqlClient,
  id: number,
): Promise<WebhookEndpointRow | undefined> {
  const { rows } = await db.query<WebhookEndpointRow>(
    `SELECT ${COLUMNS} FROM webhook_endpoint WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** The enabled endpoints subscribed to `event`, locked against a concurrent disable or delete. */
export async function subscribedEndpointIds(db: SqlClient, event: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id::int AS id FROM webhook_endpoint
      WHERE disabled_at IS NULL AND $1 = ANY (events) ORDER BY id FOR SHARE`,
    [event],
  );
  return rows.map((row) => row.id);
}

/** Disables an enabled endpoint; undefined when there is none with this id (a disabled one stays as it was). */
export async function disableWebhookEndpoint(
  db: SqlClient,
  id: number,
  by: string,
): Promise<WebhookEndpointRow | undefined> {
  const { rows } = await db.query<WebhookEndpointRow>(
    `UPDATE webhook_endpoint SET disabled_at = coalesce(disabled_at, now()),
            disabled_by = CASE WHEN disabled_at IS NULL THEN $2 ELSE disabled_by END
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, by],
  );
  return rows[0];
}

export async function deleteWebhookEndpoint(
  db: SqlClient,
  id: number,
): Promise<WebhookEndpointRow | undefined> {
  const { rows } = await db.query<WebhookEndpointRow>(
    `DELETE FROM webhook_endpoint WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  );
  return rows[0];
}

export async function replaceWebhookSecret(
  db: SqlClient,
  id: number,
  secretSealed: string,
  secretHint: string,
): Promise<WebhookEndpointRow | undefined> {
  const { rows } = await db.query<WebhookEndpointRow>(
    `UPDATE webhook_endpoint SET secret_sealed = $2, secret_hint = $3, secret_rotated_at = now()
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, secretSealed, secretHint],
  );
  return rows[0];
}

/** Endpoints' sealed secrets in id order after `afterId`, for re-sealing under a new SECRET_KEY. */
export async function sealedWebhookSecrets(
  db: SqlClient,
  afterId: number,
  limit: number,
): Promise<{ id: number; secret_sealed: string }[]> {
  const { rows } = await db.query<{ id: number; secret_sealed: string }>(
    `SELECT id::int AS id, secret_sealed FROM webhook_endpoint WHERE id > $1 ORDER BY id LIMIT $2`,
    [afterId, limit],
  );
  return rows;
}

/** Replaces a sealed secret only if it is still `before` (not rotated meanwhile). */
export async function resealWebhookSecret(
  db: SqlClient,
  id: number,
  before: string,
  after: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE webhook_endpoint SET secret_sealed = $3 WHERE id = $1 AND secret_sealed = $2`,
    [id, before, after],
  );
  return rowCount > 0;
}
