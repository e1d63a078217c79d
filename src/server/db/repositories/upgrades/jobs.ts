// The push jobs of an upgrade's requests (upgrade_job, one per planned org): written once
// Salesforce answered for them, moved Pending by activation, canceled, and brought in line with
// Salesforce by the monitor, which also moves an org's installed version when its job succeeds.
import type { UpgradeStatsRow } from '../../../../domain/api/upgrade-actions';
import type { JobStatusCounts } from '../../../../domain/progress';
import type { SqlClient } from '../../database';

/** One local job row to write for a request. */
export interface NewJob {
  orgId: string;
  /** Null when Salesforce created no job for the org (it refused it). */
  jobId: string | null;
  status: string;
  message: string | null;
  originalVersionId: string | null;
}

/**
 * Writes the request's job rows; a row for an org that already has one is skipped (ON CONFLICT
 * (item_id, org_id)), so a repeated push step never writes a job twice. Answers the rows written.
 */
export async function insertJobs(
  db: SqlClient,
  request: { upgradeId: number; itemId: number; pushRequestId: string },
  jobs: readonly NewJob[],
): Promise<number> {
  if (jobs.length === 0) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO upgrade_job (upgrade_id, item_id, push_request_id, job_id, org_id,
                              original_version_id, status, message)
     SELECT $1, $2, $3, j.job_id, j.org_id, j.original_version_id, j.status, j.message
       FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
            AS j(job_id, org_id, original_version_id, status, message)
     ON CONFLICT (item_id, org_id) DO NOTHING`,
    [
      request.upgradeId,
      request.itemId,
      request.pushRequestId,
      jobs.map((j) => j.jobId),
      jobs.map((j) => j.orgId),
      jobs.map((j) => j.originalVersionId),
      jobs.map((j) => j.status),
      jobs.map((j) => j.message),
    ],
  );
  return rowCount;
}

/**
 * How many of the upgrade's jobs are in each status; with `withoutSkippedWaves`, not counting
 * the jobs of rollout waves a person skipped (canceled, they say nothing about activation).
 */
export async function countJobsByStatus(
  db: SqlClient,
  upgradeId: number,
  withoutSkippedWaves = false,
): Promise<JobStatusCounts> {
  const { rows } = await db.query<{ status: keyof JobStatusCounts; count: number }>(
    `SELECT j.status, count(*)::int AS count FROM upgrade_job j
      WHERE j.upgrade_id = $1
        AND NOT ($2 AND EXISTS (
          SELECT 1 FROM upgrade_item i JOIN upgrade_wave w
                 ON w.upgrade_id = i.upgrade_id AND w.wave = i.wave AND w.state = 'Skipped'
           WHERE i.id = j.item_id))
      GROUP BY j.status`,
    [upgradeId, withoutSkippedWaves],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.count]));
}

/** Salesforce moves a request's Created jobs to Pending with it (refused ones have no job). */
export async function markCreatedJobsPending(
  tx: SqlClient,
  itemIds: readonly number[],
): Promise<void> {
  await tx.query(
    `UPDATE upgrade_job SET status = 'Pending', modified_date = now()
      WHERE item_id = ANY($1::bigint[]) AND status = 'Created'`,
    [itemIds],
  );
}

/** The canceled requests' jobs that had not started (Created, Pending) are Canceled. */
export async function cancelUnstartedJobs(
  tx: SqlClient,
  itemIds: readonly number[],
): Promise<void> {
  await tx.query(
    `UPDATE upgrade_job SET status = 'Canceled', modified_date = now()
      WHERE item_id = ANY($1::bigint[]) AND status IN ('Created', 'Pending')`,
    [itemIds],
  );
}

export interface FailedJobRow {
  id: number;
  org_id: string;
  /** The version the job's request pushed. */
  version_id: string;
}

/** Narrows the failed jobs to one request, or to one failure cluster (docs/product.md "Failure clusters"). */
export interface FailedJobFilter {
  itemId?: number | undefined;
  failureKey?: string | undefined;
}

/** The upgrade's Failed jobs with their org and target version (trimmed), by id. */
export async function findFailedJobs(
  db: SqlClient,
  upgradeId: number,
  only: FailedJobFilter = {},
): Promise<FailedJobRow[]> {
  const { rows } = await db.query<FailedJobRow>(
    `SELECT j.id::int AS id, j.org_id, i.version_id FROM upgrade_job j
       JOIN upgrade_item i ON i.id = j.item_id
      WHERE j.upgrade_id = $1 AND j.status = 'Failed'
        AND ($2::bigint IS NULL OR j.item_id = $2) AND ($3::text IS NULL OR j.failure_key = $3)
      ORDER BY j.id`,
    [upgradeId, only.itemId ?? null, only.failureKey ?? null],
  );
  return rows.map((r) => ({ ...r, org_id: r.org_id.trim(), version_id: r.version_id.trim() }));
}

/** Of the jobs Salesforce reports Failed, those not yet Failed with a message locally. */
export async function findNewlyFailedJobs(
  db: SqlClient,
  jobIds: readonly string[],
): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const { rows } = await db.query<{ job_id: string }>(
    `SELECT job_id FROM upgrade_job
      WHERE job_id = ANY($1::text[]::bpchar[]) AND (status <> 'Failed' OR message IS NULL)`,
    [jobIds],
  );
  return rows.map((r) => r.job_id.trim());
}

/** What Salesforce says of one push job; `message` is the error JSON of a job that failed. */
export interface JobSnapshot {
  jobId: string;
  status: string;
  startTime: string | null;
  endTime: string | null;
  duration: number | null;
  message: string | null;
  /** The failure cluster key of `message` (docs/product.md "Failure clusters"). */
  failureKey: string | null;
}

export interface ChangedJob {
  upgrade_id: number;
  item_id: number;
  org_id: string;
  status: string;
}

/**
 * Copies status, times and error message onto the jobs that changed and answers those. A
 * snapshot never moves a finished job back to a running status, and a message already written
 * stays when Salesforce gives none.
 */
export async function applyJobSnapshots(
  tx: SqlClient,
  snapshots: readonly JobSnapshot[],
): Promise<ChangedJob[]> {
  const { rows } = await tx.query<ChangedJob>(
    `WITH sf AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[],
                            $5::int[], $6::text[], $7::text[])
              AS s(job_id, status, start_time, end_time, duration, message, failure_key)
     )
     UPDATE upgrade_job j
        SET status = sf.status, start_time = sf.start_time, end_time = sf.end_time,
            duration = sf.duration, message = coalesce(sf.message, j.message),
            failure_key = CASE WHEN sf.message IS NULL THEN j.failure_key ELSE sf.failure_key END,
            modified_date = now()
       FROM sf
      WHERE j.job_id = sf.job_id::sf_id
        AND NOT (j.status IN ('Succeeded', 'Failed', 'Canceled', 'Invalid', 'Ineligible')
                 AND sf.status IN ('Created', 'Pending', 'InProgress'))
        AND (j.status IS DISTINCT FROM sf.status
             OR j.start_time IS DISTINCT FROM sf.start_time
             OR j.end_time IS DISTINCT FROM sf.end_time
             OR (sf.message IS NOT NULL AND j.message IS DISTINCT FROM sf.message))
     RETURNING j.upgrade_id::int AS upgrade_id, j.item_id::int AS item_id, j.org_id, j.status`,
    [
      snapshots.map((s) => s.jobId),
      snapshots.map((s) => s.status),
      snapshots.map((s) => s.startTime),
      snapshots.map((s) => s.endTime),
      snapshots.map((s) => s.duration),
      snapshots.map((s) => s.message),
      snapshots.map((s) => s.failureKey),
    ],
  );
  return rows;
}

/**
 * Locks, in key order, the installed-version rows that the given jobs' success would move: taken
 * before the jobs are written. A fetch writes installed versions and then, through migration
 * 0024's triggers, the jobs that keep a copy of them; a monitor writing the jobs first and the
 * installed versions second could deadlock with it on the same org.
 */
export async function lockInstalledVersionsOfJobs(
  tx: SqlClient,
  jobIds: readonly string[],
): Promise<void> {
  if (jobIds.length === 0) return;
  await tx.query(
    `SELECT 1 FROM upgrade_job j
       JOIN upgrade_item i ON i.id = j.item_id
       JOIN org_package_version v ON v.org_id = j.org_id AND v.package_id = i.package_id
      WHERE j.job_id = ANY($1::text[]::sf_id[])
      ORDER BY v.org_id, v.package_id
        FOR UPDATE OF v`,
    [jobIds],
  );
}

/** An org's package moved to a pushed version: what it had counted as installed, and what now. */
export interface InstalledMove {
  orgId: string;
  packageId: string;
  /** null when the org was not counted as having it installed (e.g. Uninstalled). */
  from: string | null;
  to: string;
}

/**
 * The orgs whose job succeeded now have the request's target version installed (when that
 * version is known here). Answers the moves, for the adoption counts.
 */
export async function installPushedVersions(
  tx: SqlClient,
  succeeded: readonly { itemId: number; orgId: string }[],
): Promise<InstalledMove[]> {
  const { rows } = await tx.query<InstalledMove>(
    `WITH target AS (
       SELECT v.org_id, v.package_id, i.version_id AS to_version,
              CASE WHEN v.status = 'Installed' THEN v.version_id END AS from_version
         FROM org_package_version v
         JOIN unnest($1::bigint[], $2::text[]) AS s(item_id, org_id)
           ON v.org_id = s.org_id::sf_org_id
         JOIN upgrade_item i ON i.id = s.item_id AND v.package_id = i.package_id
        WHERE v.version_id IS DISTINCT FROM i.version_id
          AND EXISTS (SELECT 1 FROM package_version pv WHERE pv.version_id = i.version_id)
          FOR UPDATE OF v)
     UPDATE org_package_version v
        SET version_id = t.to_version, status = 'Installed', modified_date = now()
       FROM target t
      WHERE v.org_id = t.org_id AND v.package_id = t.package_id
     RETURNING trim(t.org_id) AS "orgId", trim(t.package_id) AS "packageId",
               trim(t.from_version) AS "from", trim(t.to_version) AS "to"`,
    [succeeded.map((s) => s.itemId), succeeded.map((s) => s.orgId)],
  );
  return rows;
}

/**
 * Per package and job status, how many distinct orgs have a job across the upgrades; Ineligible
 * jobs are left out, as from every count.
 */
export async function countOrgsByPackageAndStatus(
  db: SqlClient,
  upgradeIds: readonly number[],
): Promise<UpgradeStatsRow[]> {
  const { rows } = await db.query<UpgradeStatsRow>(
    `SELECT coalesce(p.name, i.package_id, 'Unknown package') AS name, j.status,
            count(DISTINCT j.org_id)::int AS count
       FROM upgrade_job j JOIN upgrade_item i ON i.id = j.item_id
       LEFT JOIN package p ON p.sfid = i.package_id
      WHERE j.upgrade_id = ANY($1::bigint[]) AND j.status <> 'Ineligible'
      GROUP BY 1, 2`,
    [upgradeIds],
  );
  return rows;
}
