// An upgrade's requests (upgrade_item, one PackagePushRequest each) and their planned orgs
// (upgrade_item_plan): written by scheduling, given their push request and jobs by the push step,
// read by activation and retry, and canceled. Activation's marks are in request-activation.ts,
// the monitor's reads and writes in request-monitor.ts.
import type { JobStatus } from '../../../../domain/statuses';
import type { SqlClient } from '../../database';

/** How many plan rows one INSERT carries. */
const PLAN_ROWS_PER_INSERT = 5_000;

/** The columns of a new request: one target version in its packaging org. */
export interface NewRequest {
  upgradeId: number;
  packageOrgId: string;
  packageId: string;
  versionId: string;
  scheduledStartTime: Date;
  totalJobCount: number;
  createdBy: string;
  /** The rollout wave (docs/product.md "Staged rollouts"); null without a rollout plan. */
  wave?: number | null;
}

export interface PlannedOrg {
  orgId: string;
  originalVersionId: string | null;
}

/** Writes a Created request; answers its id. */
export async function insertRequest(tx: SqlClient, request: NewRequest): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO upgrade_item (upgrade_id, package_org_id, package_id, version_id, status,
                               scheduled_start_time, total_job_count, created_by, wave)
     VALUES ($1, $2, $3, $4, 'Created', $5, $6, $7, $8) RETURNING id`,
    [
      request.upgradeId,
      request.packageOrgId,
      request.packageId,
      request.versionId,
      request.scheduledStartTime.toISOString(),
      request.totalJobCount,
      request.createdBy,
      request.wave ?? null,
    ],
  );
  return rows[0]!.id;
}

/** Writes the orgs a request is planned to reach, with the version each had then. */
export async function insertRequestPlan(
  tx: SqlClient,
  itemId: number,
  orgs: readonly PlannedOrg[],
): Promise<void> {
  for (let start = 0; start < orgs.length; start += PLAN_ROWS_PER_INSERT) {
    const chunk = orgs.slice(start, start + PLAN_ROWS_PER_INSERT);
    await tx.query(
      `INSERT INTO upgrade_item_plan (item_id, org_id, original_version_id)
       SELECT $1, p.org_id, p.original_version_id FROM unnest($2::text[], $3::text[])
         AS p(org_id, original_version_id)`,
      [itemId, chunk.map((o) => o.orgId), chunk.map((o) => o.originalVersionId)],
    );
  }
}

export async function requestExists(db: SqlClient, id: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM upgrade_item WHERE id = $1`, [id]);
  return rows.length > 0;
}

/** The upgrade a request belongs to, or undefined when there is no such request. */
export async function findRequestUpgradeId(
  db: SqlClient,
  itemId: number,
): Promise<number | undefined> {
  const { rows } = await db.query<{ upgrade_id: number }>(
    `SELECT upgrade_id::int AS upgrade_id FROM upgrade_item WHERE id = $1`,
    [itemId],
  );
  return rows[0]?.upgrade_id;
}

/** A request as activation and the monitor's tier step read it, with its job counters. */
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
  /** The rollout wave; null without a rollout plan. */
  wave: number | null;
}

/** An upgrade's requests with tier, package and version order and job counts, by id. */
export async function loadRequests(db: SqlClient, upgradeId: number): Promise<RequestRow[]> {
  const { rows } = await db.query<RequestRow>(
    `SELECT i.id::int AS id, i.upgrade_id::int AS upgrade_id, i.status, i.created_by,
            i.push_request_id, i.package_org_id, coalesce(i.package_id, '') AS package_id,
            p.dependency_tier, coalesce(pv.version_sort, '') AS version_sort, i.total_job_count,
            i.wave,
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

/** A request as the push step reads it. */
export interface RequestToPush {
  id: number;
  upgrade_id: number;
  push_request_id: string | null;
  package_org_id: string;
  version_id: string;
  scheduled_start_time: Date | string;
}

/** The upgrade's requests that still get push requests and jobs, by id. */
export async function findRequestsToPush(
  db: SqlClient,
  upgradeId: number,
): Promise<RequestToPush[]> {
  const { rows } = await db.query<RequestToPush>(
    `SELECT id, upgrade_id, push_request_id, package_org_id, version_id, scheduled_start_time
       FROM upgrade_item
      -- A request canceled before scheduling finished gets nothing more in Salesforce.
      WHERE upgrade_id = $1 AND status <> 'Canceled' ORDER BY id`,
    [upgradeId],
  );
  return rows;
}

/** Records the request's push request, unless it already has one. */
export async function claimPushRequest(
  db: SqlClient,
  itemId: number,
  pushRequestId: string,
): Promise<void> {
  await db.query(
    `UPDATE upgrade_item SET push_request_id = $2 WHERE id = $1 AND push_request_id IS NULL`,
    [itemId, pushRequestId],
  );
}

/** Of the given push request ids, those a request knows (trimmed). */
export async function claimedPushRequestIds(
  db: SqlClient,
  pushRequestIds: readonly string[],
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT trim(push_request_id) AS id FROM upgrade_item WHERE push_request_id = ANY($1::bpchar[])`,
    [pushRequestIds],
  );
  return rows.map((r) => r.id);
}

/** Planned orgs of a request that have no local job row yet, by org id. */
export async function missingPlannedOrgs(db: SqlClient, itemId: number): Promise<PlannedOrg[]> {
  const { rows } = await db.query<{ org_id: string; original_version_id: string | null }>(
    `SELECT p.org_id, p.original_version_id FROM upgrade_item_plan p
      WHERE p.item_id = $1
        AND NOT EXISTS (SELECT 1 FROM upgrade_job j WHERE j.item_id = p.item_id AND j.org_id = p.org_id)
      ORDER BY p.org_id`,
    [itemId],
  );
  return rows.map((r) => ({
    orgId: r.org_id.trim(),
    originalVersionId: r.original_version_id?.trim() ?? null,
  }));
}

/** The (org, target version) pairs the given upgrades planned. */
export async function plannedOrgVersions(
  db: SqlClient,
  upgradeIds: readonly number[],
): Promise<{ org_id: string; version_id: string }[]> {
  const { rows } = await db.query<{ org_id: string; version_id: string }>(
    `SELECT p.org_id, i.version_id FROM upgrade_item i JOIN upgrade_item_plan p ON p.item_id = i.id
      WHERE i.upgrade_id = ANY($1::bigint[])`,
    [upgradeIds],
  );
  return rows;
}

/** An upgrade's requests as cancel reads them, by id. */
export interface CancelableRow {
  id: number;
  status: JobStatus;
  push_request_id: string | null;
  package_org_id: string;
}

export async function findCancelableRequests(
  db: SqlClient,
  upgradeId: number,
): Promise<CancelableRow[]> {
  const { rows } = await db.query<CancelableRow>(
    `SELECT id::int AS id, status, push_request_id, package_org_id FROM upgrade_item
      WHERE upgrade_id = $1 ORDER BY id`,
    [upgradeId],
  );
  return rows;
}

export async function markRequestsCanceled(tx: SqlClient, ids: readonly number[]): Promise<void> {
  await tx.query(`UPDATE upgrade_item SET status = 'Canceled' WHERE id = ANY($1::bigint[])`, [ids]);
}
