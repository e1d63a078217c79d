// Analyze (docs/product.md "Upgrades list"; POST /api/stats in docs/api.md "Upgrades"): per
// package, how many orgs have a job in each status across the selected upgrades. Ineligible jobs
// are left out, as from every count (docs/product.md "Request and job statuses"), and an org counts
// once per package and status however many upgrades it is in. Reading only: read-only users keep
// Analyze.
import { JOB_STATUSES } from '../../../domain/statuses';
import type { UpgradeStatsRow } from '../../../domain/api/upgrade-actions';
import type { SqlClient } from '../../db/database';
import { countOrgsByPackageAndStatus } from '../../db/repositories/upgrades/jobs';
import { existingUpgradeIds } from '../../db/repositories/upgrades/upgrades';
import { NotFoundError } from '../../errors';

export async function upgradeStats(
  db: SqlClient,
  upgradeIds: readonly number[],
): Promise<UpgradeStatsRow[]> {
  const ids = [...new Set(upgradeIds)];
  const found = await existingUpgradeIds(db, ids);
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new NotFoundError(`No upgrade ${missing.join(', ')}.`);
  const rows = await countOrgsByPackageAndStatus(db, ids);
  const order = (status: string) => JOB_STATUSES.indexOf(status as (typeof JOB_STATUSES)[number]);
  return rows.sort((a, b) => a.name.localeCompare(b.name) || order(a.status) - order(b.status));
}
