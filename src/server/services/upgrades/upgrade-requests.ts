// An upgrade's requests as activation and the monitor read them: tier, package and version order,
// status, and the job counters the domain's tier planner needs (one aggregate per request).
import type { TieredRequest } from '../../../domain/tiers';
import type { JobStatus } from '../../../domain/statuses';
import type { SqlClient } from '../../db/database';

export interface RequestRow {
  id: number;
  upgrade_id: number;
  status: JobStatus;
  created_by: string | null;
  push_request_id: string | null;
  package_org_id: string;
  package_id: string;
  dependency_tier: number | null;
  version_sort: string;
  job_count: number;
  total_job_count: number;
  eligible_job_count: number;
  /** Jobs that ended Failed or Invalid. */
  error_job_count: number;
}

export async function loadRequests(db: SqlClient, upgradeId: number): Promise<RequestRow[]> {
  const { rows } = await db.query<RequestRow>(
    `SELECT i.id::int AS id, i.upgrade_id::int AS upgrade_id, i.status, i.created_by,
            i.push_request_id, i.package_org_id, coalesce(i.package_id, '') AS package_id,
            p.dependency_tier, coalesce(pv.version_sort, '') AS version_sort, i.total_job_count,
            coalesce(c.job_count, 0)::int AS job_count,
            coalesce(c.eligible_job_count, 0)::int AS eligible_job_count,
            coalesce(c.error_job_count, 0)::int AS error_job_count
       FROM upgrade_item i
       LEFT JOIN package p ON p.sfid = i.package_id
       LEFT JOIN package_version pv ON pv.version_id = i.version_id
       LEFT JOIN LATERAL (
         SELECT count(*) AS job_count,
                count(*) FILTER (WHERE j.status <> 'Ineligible') AS eligible_job_count,
                count(*) FILTER (WHERE j.status IN ('Failed', 'Invalid')) AS error_job_count
           FROM upgrade_job j WHERE j.item_id = i.id
       ) c ON true
      WHERE i.upgrade_id = $1
      ORDER BY i.id`,
    [upgradeId],
  );
  return rows.map((r) => ({
    ...r,
    push_request_id: r.push_request_id?.trim() ?? null,
    package_org_id: r.package_org_id.trim(),
    package_id: r.package_id.trim(),
  }));
}

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
