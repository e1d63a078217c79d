// Analyze (spec §2 Upgrades list, §7 POST /api/stats): per package, how many orgs have a job in
// each status across the selected upgrades. Ineligible jobs are left out, as from every count
// (spec §4), and an org counts once per package and status however many upgrades it is in.
// Reading only: read-only users keep Analyze.
import { JOB_STATUSES } from '../../../domain/statuses';
import type { UpgradeStatsRow } from '../../../domain/api/upgrade-actions';
import type { SqlClient } from '../../db/database';
import { NotFoundError } from '../../errors';

export async function upgradeStats(
  db: SqlClient,
  upgradeIds: readonly number[],
): Promise<UpgradeStatsRow[]> {
  const ids = [...new Set(upgradeIds)];
  const { rows: known } = await db.query<{ id: number }>(
    `SELECT id::int AS id FROM upgrade WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  const found = new Set(known.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new NotFoundError(`No upgrade ${missing.join(', ')}.`);
  const { rows } = await db.query<UpgradeStatsRow>(
    `SELECT coalesce(p.name, i.package_id, 'Unknown package') AS name, j.status,
            count(DISTINCT j.org_id)::int AS count
       FROM upgrade_job j JOIN upgrade_item i ON i.id = j.item_id
       LEFT JOIN package p ON p.sfid = i.package_id
      WHERE j.upgrade_id = ANY($1::bigint[]) AND j.status <> 'Ineligible'
      GROUP BY 1, 2`,
    [ids],
  );
  const order = (status: string) => JOB_STATUSES.indexOf(status as (typeof JOB_STATUSES)[number]);
  return rows.sort((a, b) => a.name.localeCompare(b.name) || order(a.status) - order(b.status));
}
