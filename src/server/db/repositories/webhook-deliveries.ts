// webhook_delivery rows (migration 0023): one per (event, endpoint), waiting until its receiver
// answers 2xx or the retry waits run out. A sender claims a due row for the length of one attempt
// (locked_until), so two jobs for the same delivery never send it twice at once.
import type { SqlClient } from '../database';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveryRow {
  id: string;
  endpoint_id: number;
  endpoint_url: string;
  event: string;
  payload: Record<string, unknown>;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_status_code: number | null;
  last_answer: string | null;
  last_attempt_at: Date | null;
  created_at: Date;
}

const COLUMNS = `d.id::text AS id, d.endpoint_id::int AS endpoint_id, e.url AS endpoint_url, d.event,
  d.payload, d.status, d.attempts, d.next_attempt_at, d.last_status_code, d.last_answer,
  d.last_attempt_at, d.created_at`;

/** One pending delivery per endpoint, due now; answers their ids in endpoint order. */
export async function insertDeliveries(
  db: SqlClient,
  endpointIds: readonly number[],
  event: string,
  payload: Record<string, unknown>,
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO webhook_delivery (id, endpoint_id, event, payload, next_attempt_at)
     SELECT gen_random_uuid(), endpoint_id, $2, $3::jsonb, now()
       FROM unnest($1::bigint[]) WITH ORDINALITY AS t (endpoint_id, n) ORDER BY n
     RETURNING id::text AS id`,
    [endpointIds, event, JSON.stringify(payload)],
  );
  return rows.map((row) => row.id);
}

export async function findDelivery(
  db: SqlClient,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  const { rows } = await db.query<WebhookDeliveryRow>(
    `SELECT ${COLUMNS} FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id
      WHERE d.id = $1::uuid`,
    [id],
  );
  return rows[0];
}

export interface DeliveryFilter {
  endpointId?: number | undefined;
  status?: DeliveryStatus | undefined;
  limit: number;
  offset: number;
}

/** A page of deliveries, newest first, and how many match. */
export async function listDeliveries(
  db: SqlClient,
  filter: DeliveryFilter,
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const where = `($1::bigint IS NULL OR d.endpoint_id = $1) AND ($2::text IS NULL OR d.status = $2)`;
  const params = [filter.endpointId ?? null, filter.status ?? null];
  const { rows } = await db.query<WebhookDeliveryRow>(
    `SELECT ${COLUMNS} FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id
      WHERE ${where} ORDER BY d.created_at DESC, d.id LIMIT $3 OFFSET $4`,
    [...params, filter.limit, filter.offset],
  );
  const count = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM webhook_delivery d WHERE ${where}`,
    params,
  );
  return { rows, total: count.rows[0]?.total ?? 0 };
}

/** What the sender needs for one attempt. */
export interface ClaimedDelivery {
  id: string;
  event: string;
  payload: { event: string; occurred_at: string; data: Record<string, unknown> };
  attempts: number;
  url: string;
  format: 'json' | 'slack';
  secret_sealed: string;
  endpoint_disabled: boolean;
}

/**
 * Claims a pending delivery that is due and not claimed by another sender, for `leaseSeconds`;
 * undefined when there is nothing to send (done, not due yet, or being sent elsewhere).
 */
export async function claimDelivery(
  db: SqlClient,
  id: string,
  leaseSeconds: number,
): Promise<ClaimedDelivery | undefined> {
  const { rows } = await db.query<ClaimedDelivery>(
    `UPDATE webhook_delivery d SET locked_until = now() + $2 * interval '1 second'
       FROM webhook_endpoint e
      WHERE d.id = $1::uuid AND e.id = d.endpoint_id AND d.status = 'pending'
        AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now())
      RETURNING d.id::text AS id, d.event, d.payload, d.attempts, e.url, e.format, e.secret_sealed,
                e.disabled_at IS NOT NULL AS endpoint_disabled`,
    [id, leaseSeconds],
  );
  return rows[0];
}

export interface AttemptRecord {
  statusCode: number | null;
  answer: string;
  /** The new status; 'pending' with retryInMs for a retry. */
  status: DeliveryStatus;
  /** From now (the database's clock, which the queue also reads) to the next attempt. */
  retryInMs: number | null;
  /** Whether this was an attempt (false: given up without sending, e.g. endpoint disabled). */
  counted: boolean;
}

export async function recordAttempt(
  db: SqlClient,
  id: string,
  record: AttemptRecord,
): Promise<void> {
  await db.query(
    `UPDATE webhook_delivery SET attempts = attempts + CASE WHEN $6 THEN 1 ELSE 0 END,
            last_status_code = $2, last_answer = $3, last_attempt_at = now(), status = $4,
            next_attempt_at = now() + $5::float8 * interval '1 millisecond', locked_until = NULL
      WHERE id = $1::uuid`,
    [id, record.statusCode, record.answer, record.status, record.retryInMs, record.counted],
  );
}

/**
 * Pending deliveries whose attempt is overdue by more than `graceSeconds` and that no sender
 * holds: their queue job was lost (or never written). They are made due now and answered, so
 * the caller queues them again in the same transaction.
 */
export async function takeOverdueDeliveries(
  db: SqlClient,
  graceSeconds: number,
  limit: number,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE webhook_delivery SET next_attempt_at = now()
      WHERE id IN (SELECT id FROM webhook_delivery
                    WHERE status = 'pending'
                      AND next_attempt_at <= now() - $1 * interval '1 second'
                      AND (locked_until IS NULL OR locked_until < now())
                    ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING id::text AS id`,
    [graceSeconds, limit],
  );
  return rows.map((row) => row.id);
}

/** Gives up an endpoint's waiting deliveries (it was disabled): they are not sent. */
export async function abandonPendingDeliveries(
  db: SqlClient,
  endpointId: number,
  answer: string,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE webhook_delivery SET status = 'failed', next_attempt_at = NULL, last_answer = $2
      WHERE endpoint_id = $1 AND status = 'pending'`,
    [endpointId, answer],
  );
  return rowCount;
}
