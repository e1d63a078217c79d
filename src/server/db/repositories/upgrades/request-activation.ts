// Activation's marks on an upgrade's requests: the intent written before Salesforce is asked
// (so that a crash between Salesforce's answer and the local write is found again), the outcome
// written with what Salesforce accepted, and the activation a crash interrupted, recorded later.
import type { SqlClient } from '../../database';

/** The activation intent of `ids`: asked by `by` (a person, or null for the monitor's step). */
export async function markActivationAsked(
  db: SqlClient,
  ids: readonly number[],
  by: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE upgrade_item SET activation_requested_at = now(), activation_requested_by = $2
      WHERE id = ANY($1::bigint[])`,
    [ids, by],
  );
}

/** No activation of `ids` is in flight any more (its outcome is written, or it was dropped). */
export async function clearActivationAsked(db: SqlClient, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE upgrade_item SET activation_requested_at = NULL, activation_requested_by = NULL
      WHERE id = ANY($1::bigint[])`,
    [ids],
  );
}

/**
 * Salesforce accepted these Created requests: they are Pending, activated now by `by`. Requests
 * activated by the monitor (`by` null) carry the person who activated the upgrade.
 */
export async function markRequestsPending(
  tx: SqlClient,
  ids: readonly number[],
  by: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE upgrade_item
        SET status = 'Pending', message = NULL, activated_date = now(),
            activated_by = coalesce($2, (SELECT activated_by FROM upgrade WHERE id = upgrade_id))
      WHERE id = ANY($1::bigint[]) AND status = 'Created'`,
    [ids, by],
  );
}

/** These Created requests reach no org that can be upgraded: Ineligible, saying why. */
export async function markRequestsIneligible(
  tx: SqlClient,
  ids: readonly number[],
  message: string,
): Promise<void> {
  await tx.query(
    `UPDATE upgrade_item SET status = 'Ineligible', message = $2
      WHERE id = ANY($1::bigint[]) AND status = 'Created'`,
    [ids, message],
  );
}

/** Writes on each Created request why it waits (an earlier step still runs or failed). */
export async function noteWaitingRequests(
  tx: SqlClient,
  waiting: readonly { id: number; reason: string }[],
): Promise<void> {
  if (waiting.length === 0) return;
  await tx.query(
    `UPDATE upgrade_item i SET message = w.reason
       FROM unnest($1::bigint[], $2::text[]) AS w(id, reason)
      WHERE i.id = w.id AND i.status = 'Created'`,
    [waiting.map((w) => w.id), waiting.map((w) => w.reason)],
  );
}

/** A request whose activation was asked of Salesforce, as crash recovery reads it. */
export interface AskedRequest {
  id: number;
  upgrade_id: number;
  push_request_id: string;
  activation_requested_at: Date | string | null;
  activation_requested_by: string | null;
}

/**
 * Records the activation of a request Salesforce started although the process that asked died
 * before writing it: activated when and by whom it was asked (or by whoever activated the
 * upgrade), unless an earlier write recorded it; the ask is cleared.
 */
export async function recordAskedActivation(tx: SqlClient, itemId: number): Promise<void> {
  await tx.query(
    `UPDATE upgrade_item i
        SET activated_date = coalesce(i.activated_date, i.activation_requested_at),
            activated_by = coalesce(i.activated_by, i.activation_requested_by,
                                    (SELECT u.activated_by FROM upgrade u WHERE u.id = i.upgrade_id)),
            activation_requested_at = NULL, activation_requested_by = NULL
      WHERE i.id = $1`,
    [itemId],
  );
}
