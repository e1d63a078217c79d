// What a webhook event says about an upgrade (docs/product.md "Webhooks"): the same fields from
// every emit point, read in the emitting transaction.
import type { SqlClient } from '../../database';

export interface UpgradeFacts {
  upgrade_id: number;
  description: string;
  status: string;
  start_time: string;
  created_by: string | null;
  activated_by: string | null;
  message: string | null;
  request_count: number;
  org_count: number;
}

const CONDITIONS = {
  any: 'true',
  // Made Active by this transaction: markUpgradeActivated sets activated_date to its now().
  'activated-now': `u.status = 'Active' AND u.activated_date = now()`,
  done: `u.status = 'Done'`,
} as const;

/** The upgrade's facts, or undefined when it does not exist or is not in the state asked for. */
export async function upgradeFacts(
  tx: SqlClient,
  upgradeId: number,
  state: keyof typeof CONDITIONS = 'any',
): Promise<UpgradeFacts | undefined> {
  const { rows } = await tx.query<UpgradeFacts>(
    `SELECT u.id::int AS upgrade_id, u.description, u.status,
            to_char(u.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS start_time,
            u.created_by, u.activated_by, u.message,
            (SELECT count(*) FROM upgrade_item i WHERE i.upgrade_id = u.id)::int AS request_count,
            (SELECT coalesce(sum(i.total_job_count), 0) FROM upgrade_item i
              WHERE i.upgrade_id = u.id)::int AS org_count
       FROM upgrade u WHERE u.id = $1 AND ${CONDITIONS[state]}`,
    [upgradeId],
  );
  return rows[0];
}
