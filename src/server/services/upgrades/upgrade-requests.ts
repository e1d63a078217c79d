// An upgrade's request as the domain's tier planner sees it: activation and the monitor read the
// requests (db/repositories/upgrades/requests.ts) and plan which step goes out next from these.
import type { TieredRequest } from '../../../domain/tiers';
import type { RequestRow } from '../../db/repositories/upgrades/requests';

/** The row as the domain's tier planner sees it. */
export function tiered(row: RequestRow): TieredRequest<number> {
  return {
    id: row.id,
    packageId: row.package_id,
    dependencyTier: row.dependency_tier,
    versionSort: row.version_sort,
    status: row.status,
    eligibleJobCount: row.eligible_job_count,
    jobCount: row.job_count,
    totalJobCount: row.total_job_count,
  };
}
