// Reads of the home page (docs/product.md "Home page"), an upgrade's timeline and an org's history.
// Each reads a few rows through an index: running upgrades by status, failed jobs by the time
// they ended (upgrade_job_failed_end_idx), licenses by expiration (license_lapse_idx), the
// Administration page's running and failed jobs by status.
import type { SqlClient } from '../database';
import { toJsonRow } from '../lists/list-query';
import { JOB_COUNTS } from './upgrade-details';

type Row = Record<string, unknown>;

/** Upgrades that are Active, with their job counts and, for a staged rollout, where it stands. */
export async function readRunningUpgrades(db: SqlClient, limit: number) {
  const { rows } = await db.query<Row>(
    `SELECT u.id::int AS id, u.description, u.status, u.start_time, u.message, ${JOB_COUNTS},
            (SELECT count(*) FROM upgrade_wave w WHERE w.upgrade_id = u.id)::int AS wave_count,
            (SELECT min(w.wave) FROM upgrade_wave w
              WHERE w.upgrade_id = u.id AND w.state NOT IN ('Passed', 'Skipped')) AS current_wave,
            EXISTS (SELECT 1 FROM upgrade_wave w
                     WHERE w.upgrade_id = u.id AND w.state = 'Halted') AS halted
     FROM upgrade u LEFT JOIN upgrade_job j ON j.upgrade_id = u.id
     WHERE u.status = 'Active'
     GROUP BY u.id ORDER BY u.start_time DESC, u.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) =>
    toJsonRow<{
      id: number;
      description: string;
      status: string;
      start_time: string | null;
      eligible_job_count: number;
      created_job_count: number;
      pending_job_count: number;
      inprogress_job_count: number;
      succeeded_job_count: number;
      failed_job_count: number;
      canceled_job_count: number;
      invalid_job_count: number;
      wave_count: number;
      current_wave: number | null;
      halted: boolean;
      message: string | null;
    }>(row),
  );
}

/** Jobs that failed since `since`, counted per upgrade, most failures first. */
export async function readRecentFailures(db: SqlClient, since: Date, limit: number) {
  const { rows } = await db.query<{ upgrade_id: number; description: string; failed: number }>(
    `SELECT f.upgrade_id::int AS upgrade_id, u.description, f.failed::int AS failed
     FROM (SELECT upgrade_id, count(*) AS failed FROM upgrade_job
           WHERE status = 'Failed' AND end_time >= $1::timestamptz GROUP BY upgrade_id) f
     JOIN upgrade u ON u.id = f.upgrade_id
     ORDER BY f.failed DESC, f.upgrade_id DESC`,
    [since],
  );
  return {
    total: rows.reduce((sum, row) => sum + Number(row.failed), 0),
    upgrades: rows.slice(0, limit),
  };
}

/**
 * The clusters of the jobs that failed since `since`, across upgrades, most failed jobs first:
 * grouped on the key the monitor stores with each failure (upgrade_job_failure_idx).
 */
export async function readRecentFailureClusters(db: SqlClient, since: Date, limit: number) {
  const { rows } = await db.query<{
    key: string;
    failed: number;
    upgrades: number;
    latest_upgrade_id: number;
    sample_job_id: number;
  }>(
    `SELECT failure_key AS key, count(*)::int AS failed,
            count(DISTINCT upgrade_id)::int AS upgrades,
            (array_agg(upgrade_id ORDER BY id DESC))[1]::int AS latest_upgrade_id,
            max(id)::int AS sample_job_id
       FROM upgrade_job
      WHERE status = 'Failed' AND end_time >= $1::timestamptz AND failure_key IS NOT NULL
      GROUP BY failure_key
      ORDER BY failed DESC, key
      LIMIT $2`,
    [since, limit],
  );
  return rows;
}

/** Connected orgs that cannot be used until someone connects them again. */
export async function readConnectedOrgsNeedingAttention(db: SqlClient) {
  const { rows } = await db.query<{
    org_id: string;
    name: string;
    type: string;
    status: string;
    status_reason: string | null;
  }>(
    `SELECT org_id, name, type, status, status_reason FROM connected_org
     WHERE active AND status IN ('Invalid', 'Missing') ORDER BY name, org_id`,
  );
  return rows;
}

/** Active and Trial licenses expiring from `today` to `until` (UTC dates, inclusive). */
export async function countExpiringLicenses(
  db: SqlClient,
  today: string,
  until: string,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM license
     WHERE status IN ('Active', 'Trial') AND expiration BETWEEN $1::date AND $2::date`,
    [today, until],
  );
  return Number(rows[0]?.n ?? 0);
}

export interface HomeJobRow {
  id: string;
  name: string;
  status: string;
  message: string | null;
  start_time: string | null;
  end_time: string | null;
}

/** Background jobs queued or running, and those that failed since `since`. */
export async function readHomeJobs(db: SqlClient, since: Date, limit: number) {
  const select = `SELECT id, name, status, message, start_time, end_time FROM admin_job`;
  const running = await db.query<Row>(
    `${select} WHERE status IN ('Running', 'Queued') ORDER BY status DESC, created_at LIMIT $1`,
    [limit],
  );
  const failed = await db.query<Row>(
    `${select} WHERE status = 'Failed' AND created_at >= $1::timestamptz - interval '30 days'
       AND coalesce(end_time, modified_date) >= $1::timestamptz
     ORDER BY coalesce(end_time, modified_date) DESC LIMIT $2`,
    [since, limit],
  );
  return {
    running: running.rows.map((row) => toJsonRow<HomeJobRow>(row)),
    failed: failed.rows.map((row) => toJsonRow<HomeJobRow>(row)),
  };
}

export interface TimelineEventRow {
  item_id: number;
  /** Minutes since the first minute of the upgrade's timeline. */
  minute: number;
  started: number;
  succeeded: number;
  failed: number;
  /** Jobs that ended otherwise (canceled, invalid): they leave the running count. */
  ended_other: number;
}

/**
 * An upgrade's requests, their eligible job counts, and per request and minute how many jobs
 * started and how many ended (by how), from the first start to now. Start and end are read from
 * upgrade_job_upgrade_status_idx's upgrade, so the read grows with the upgrade, not the history.
 */
export async function readTimelineEvents(db: SqlClient, upgradeId: number) {
  const items = await db.query<Row>(
    `SELECT i.id::int AS item_id, p.name AS package_name, v.version_number,
       (SELECT count(*)::int FROM upgrade_job j WHERE j.item_id = i.id AND j.status <> 'Ineligible')
         AS jobs
     FROM upgrade_item i
     LEFT JOIN package p ON p.sfid = i.package_id
     LEFT JOIN package_version v ON v.version_id = i.version_id
     WHERE i.upgrade_id = $1 ORDER BY i.id`,
    [upgradeId],
  );
  const bounds = await db.query<{ first: Date | string | null; last: Date | string | null }>(
    `SELECT date_trunc('minute', min(coalesce(start_time, end_time))) AS first,
            max(end_time) AS last
     FROM upgrade_job WHERE upgrade_id = $1 AND status <> 'Ineligible'`,
    [upgradeId],
  );
  const first = bounds.rows[0]?.first ? new Date(bounds.rows[0].first) : null;
  const last = bounds.rows[0]?.last ? new Date(bounds.rows[0].last) : null;
  const events =
    first === null
      ? []
      : (
          await db.query<TimelineEventRow>(
            `WITH j AS (
               SELECT item_id, coalesce(start_time, end_time) AS started_at, end_time, status
               FROM upgrade_job WHERE upgrade_id = $1 AND status <> 'Ineligible'),
             e AS (
               SELECT item_id, started_at AS at, 1 AS started, 0 AS succeeded, 0 AS failed,
                      0 AS ended_other FROM j WHERE started_at IS NOT NULL
               UNION ALL
               SELECT item_id, end_time, 0, (status = 'Succeeded')::int, (status = 'Failed')::int,
                      (status NOT IN ('Succeeded', 'Failed'))::int
               FROM j WHERE end_time IS NOT NULL)
             SELECT item_id::int AS item_id,
                    floor(extract(epoch FROM at - $2::timestamptz) / 60)::int AS minute,
                    sum(started)::int AS started, sum(succeeded)::int AS succeeded,
                    sum(failed)::int AS failed, sum(ended_other)::int AS ended_other
             FROM e GROUP BY 1, 2 ORDER BY 1, 2`,
            [upgradeId, first],
          )
        ).rows;
  return {
    items: items.rows.map((row) =>
      toJsonRow<{
        item_id: number;
        package_name: string | null;
        version_number: string | null;
        jobs: number;
      }>(row),
    ),
    first,
    last,
    events,
  };
}

export interface OrgHistoryJobRow {
  upgrade_id: number;
  description: string;
  item_id: number;
  package_id: string | null;
  package_name: string | null;
  from_version_number: string | null;
  to_version_number: string | null;
  status: string;
  start_time: string | null;
  end_time: string | null;
  scheduled_start_time: string | null;
}

/** Every push job of the org, newest first, with the versions it found and aimed at. */
export async function readOrgUpgradeJobs(db: SqlClient, orgId: string) {
  const { rows } = await db.query<Row>(
    `SELECT j.upgrade_id::int AS upgrade_id, u.description, j.item_id::int AS item_id,
       i.package_id, p.name AS package_name, ov.version_number AS from_version_number,
       tv.version_number AS to_version_number, j.status, j.start_time, j.end_time,
       i.scheduled_start_time
     FROM upgrade_job j
     JOIN upgrade u ON u.id = j.upgrade_id
     JOIN upgrade_item i ON i.id = j.item_id
     LEFT JOIN package p ON p.sfid = i.package_id
     LEFT JOIN package_version ov ON ov.version_id = j.original_version_id
     LEFT JOIN package_version tv ON tv.version_id = i.version_id
     WHERE j.org_id = $1
     ORDER BY coalesce(j.end_time, j.start_time, i.scheduled_start_time) DESC, j.id DESC`,
    [orgId],
  );
  return rows.map((row) => toJsonRow<OrgHistoryJobRow>(row));
}

/** The org's installed packages with their version and install date. */
export async function readOrgInstalls(db: SqlClient, orgId: string) {
  const { rows } = await db.query<Row>(
    `SELECT ov.package_id, p.name AS package_name, v.version_number, ov.install_date
     FROM org_package_version ov
     JOIN package p ON p.sfid = ov.package_id
     JOIN package_version v ON v.version_id = ov.version_id
     WHERE ov.org_id = $1 ORDER BY p.name`,
    [orgId],
  );
  return rows.map((row) =>
    toJsonRow<{
      package_id: string;
      package_name: string;
      version_number: string;
      install_date: string | null;
    }>(row),
  );
}
