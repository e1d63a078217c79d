// Upgrades whose push requests and jobs Salesforce no longer has: the demo's simulator keeps
// nothing between runs, so after a restart the ids the upgrade history holds name nothing there.
import type { SqlClient } from '../database';

/**
 * Forgets the push requests and jobs of upgrades not activated yet (Ready, requests still
 * Created and no activation under way), so that finishing their scheduling creates them again;
 * answers those upgrades.
 */
export async function forgetPushesOfReadyUpgrades(tx: SqlClient): Promise<number[]> {
  const { rows } = await tx.query<{ upgrade_id: number }>(
    `UPDATE upgrade_item i SET push_request_id = NULL, jobs_modstamp = NULL
       FROM upgrade u
      WHERE u.id = i.upgrade_id AND u.status = 'Ready' AND i.status = 'Created'
        AND i.activation_requested_at IS NULL AND i.push_request_id IS NOT NULL
      RETURNING i.upgrade_id::int AS upgrade_id`,
  );
  const ids = [...new Set(rows.map((r) => r.upgrade_id))];
  await tx.query(
    `DELETE FROM upgrade_job j USING upgrade_item i
      WHERE i.id = j.item_id AND i.upgrade_id = ANY($1::bigint[]) AND i.status = 'Created'
        AND i.push_request_id IS NULL`,
    [ids],
  );
  return ids;
}

/**
 * Ends the pushes of activated upgrades that had not finished: jobs and requests under way
 * (Pending, InProgress) fail with `message`, so Retry Failed can push them again; those not
 * started yet (Created, a later tier) are canceled. Answers those upgrades.
 */
export async function stopUnfinishedPushes(tx: SqlClient, message: string): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT id::int AS id FROM upgrade WHERE status = 'Active' ORDER BY id`,
  );
  const ids = rows.map((r) => r.id);
  await tx.query(
    `UPDATE upgrade_job SET modified_date = now(), end_time = coalesce(end_time, now()),
       status = CASE WHEN status = 'Created' THEN 'Canceled' ELSE 'Failed' END,
       message = CASE WHEN status = 'Created' THEN message ELSE $2 END
      WHERE upgrade_id = ANY($1::bigint[]) AND status IN ('Created', 'Pending', 'InProgress')`,
    [ids, message],
  );
  await tx.query(
    `UPDATE upgrade_item SET end_time = coalesce(end_time, now()), message = $2,
       status = CASE WHEN status = 'Created' THEN 'Canceled' ELSE 'Failed' END,
       activation_requested_at = NULL, activation_requested_by = NULL
      WHERE upgrade_id = ANY($1::bigint[]) AND status IN ('Created', 'Pending', 'InProgress')`,
    [ids, message],
  );
  return ids;
}
