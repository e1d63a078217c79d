// The upgrade monitor's reconciliation (issue 11; domain.md §2.7–2.8): brings local requests and
// jobs in line with Salesforce, incrementally and set-based. Per packaging org it reads the
// watched PackagePushRequests by id (100 per query) and only the PackagePushJobs modified since
// each request's watermark (SystemModstamp), then PackagePushError for newly failed jobs only.
// Everything is written in one transaction: jobs (status, times, the error list as JSON), the
// installed version of orgs whose job succeeded, requests, and upgrades that have nothing left to
// run ('Done', with 'Complete with N failure(s)'). Live events follow the commit.
import { z } from 'zod';
import { countNoun } from '../../../domain/format';
import { TERMINAL_STATUSES, isJobStatus, type JobStatus } from '../../../domain/statuses';
import type { Database, SqlClient } from '../../db/database';
import type { LivePublisher } from '../../live/live-channel';
import type { SalesforceGateway } from '../../salesforce/gateway';
import type { OrgConnection } from '../../salesforce/org-connection';
import { soqlDateTime, soqlIdList } from '../../salesforce/soql';
import { recordInterruptedActivations, type AskedRequest } from './interrupted-activation';
import { runLimited } from './push-jobs';

export interface ReconcileDeps {
  db: Database;
  gateway: SalesforceGateway;
  live: LivePublisher;
  /** Packaging orgs read at once (default 4). */
  concurrency?: number;
}

/** Restricts a cycle to some upgrades or requests (Refresh); absent = every running request. */
export interface ReconcileScope {
  upgradeIds?: readonly number[];
  itemIds?: readonly number[];
}

export interface ReconcileResult {
  /** Requests read from Salesforce. */
  requests: number;
  /** Job rows that changed. */
  jobs: number;
  /** Upgrades whose requests or jobs changed, or that ended. */
  upgradeIds: number[];
}

/** The job message when Salesforce says Failed without any PackagePushError. */
export const UNKNOWN_FAILURE = {
  title: 'Unknown failure',
  details: '',
  message: 'Salesforce reported the push job as failed but recorded no error for it.',
};

const REQUESTS_PER_QUERY = 100;
const ERRORS_PER_QUERY = 200;
const ROWS_PER_UPDATE = 5_000;

interface WatchedItem extends AskedRequest {
  id: number;
  upgrade_id: number;
  push_request_id: string;
  package_org_id: string;
  status: JobStatus;
  start_time: Date | string | null;
  end_time: Date | string | null;
  jobs_modstamp: Date | string | null;
}

const requestSchema = z.object({
  Id: z.string(),
  Status: z.string(),
  StartTime: z.string().nullish(),
  EndTime: z.string().nullish(),
  DurationSeconds: z.number().nullish(),
});
const jobSchema = requestSchema.extend({
  PackagePushRequestId: z.string(),
  SystemModstamp: z.string(),
});
const errorSchema = z.object({
  PackagePushJobId: z.string(),
  ErrorTitle: z.string().nullish(),
  ErrorDetails: z.string().nullish(),
  ErrorMessage: z.string().nullish(),
});

type SfRequest = z.infer<typeof requestSchema>;
type SfJob = z.infer<typeof jobSchema>;

interface OrgReading {
  requests: SfRequest[];
  jobs: SfJob[];
  /** Error JSON by job id, for jobs that turned Failed. */
  errors: Map<string, string>;
}

/** One monitor cycle (or a Refresh, with a scope). */
export async function reconcileUpgrades(
  deps: ReconcileDeps,
  scope: ReconcileScope = {},
  signal?: AbortSignal,
): Promise<ReconcileResult> {
  const { db } = deps;
  const items = await watchedItems(db, scope);
  const byOrg = new Map<string, WatchedItem[]>();
  for (const item of items) {
    byOrg.set(item.package_org_id, [...(byOrg.get(item.package_org_id) ?? []), item]);
  }
  const readings = await runLimited(
    [...byOrg].map(
      ([orgId, orgItems]) =>
        () =>
          readOrg(deps, db, orgId, orgItems, signal),
    ),
    deps.concurrency ?? 4,
  );
  const reading: OrgReading = { requests: [], jobs: [], errors: new Map() };
  for (const r of readings) {
    reading.requests.push(...r.requests);
    reading.jobs.push(...r.jobs);
    for (const [id, message] of r.errors) reading.errors.set(id, message);
  }

  const changed = new Set<number>();
  let jobs = 0;
  await db.transaction(async (tx) => {
    const jobChanges = await writeJobs(tx, reading);
    jobs = jobChanges.length;
    for (const upgradeId of jobChanges) changed.add(upgradeId);
    for (const upgradeId of await writeRequests(tx, items, reading)) changed.add(upgradeId);
    const sfStatus = new Map(reading.requests.map((r) => [r.Id, r.Status]));
    for (const upgradeId of await recordInterruptedActivations(tx, items, sfStatus)) {
      changed.add(upgradeId);
    }
    const scopeIds =
      scope.upgradeIds || scope.itemIds ? [...new Set(items.map((i) => i.upgrade_id))] : null;
    for (const upgradeId of await finishUpgrades(tx, scopeIds ?? [...changed], !scopeIds)) {
      changed.add(upgradeId);
    }
  });
  const ids = [...changed].sort((a, b) => a - b);
  if (ids.length > 0) {
    deps.live.publish('upgrade-jobs', { ids });
    deps.live.publish('upgrade-items', { ids });
    deps.live.publish('upgrade', { ids });
    deps.live.publish('upgrades', { ids });
  }
  return { requests: items.length, jobs, upgradeIds: ids };
}

/**
 * Requests to read: running ones (or with running jobs), those with an activation in flight, or
 * every pushed one of the scope.
 */
async function watchedItems(db: SqlClient, scope: ReconcileScope): Promise<WatchedItem[]> {
  const columns = `i.id::int AS id, i.upgrade_id::int AS upgrade_id, i.push_request_id,
                   i.package_org_id, i.status, i.start_time, i.end_time, i.jobs_modstamp,
                   i.activation_requested_at, i.activation_requested_by`;
  const scoped = scope.upgradeIds || scope.itemIds;
  const { rows } = scoped
    ? await db.query<WatchedItem>(
        `SELECT ${columns} FROM upgrade_item i
          WHERE i.push_request_id IS NOT NULL
            AND (i.upgrade_id = ANY($1::bigint[]) OR i.id = ANY($2::bigint[]))
          ORDER BY i.id`,
        [scope.upgradeIds ?? [], scope.itemIds ?? []],
      )
    : await db.query<WatchedItem>(
        `SELECT ${columns} FROM upgrade_item i
          WHERE i.push_request_id IS NOT NULL
            AND (i.status IN ('Pending', 'InProgress')
                 OR i.activation_requested_at IS NOT NULL
                 OR i.id IN (SELECT j.item_id FROM upgrade_job j
                              WHERE j.status IN ('Pending', 'InProgress')))
          ORDER BY i.id`,
      );
  return rows.map((r) => ({
    ...r,
    push_request_id: r.push_request_id.trim(),
    package_org_id: r.package_org_id.trim(),
  }));
}

async function readOrg(
  deps: ReconcileDeps,
  db: SqlClient,
  orgId: string,
  items: readonly WatchedItem[],
  signal: AbortSignal | undefined,
): Promise<OrgReading> {
  const conn = await deps.gateway.connect(orgId);
  const reading: OrgReading = { requests: [], jobs: [], errors: new Map() };
  for (let start = 0; start < items.length; start += REQUESTS_PER_QUERY) {
    const chunk = items.slice(start, start + REQUESTS_PER_QUERY);
    const ids = soqlIdList(chunk.map((i) => i.push_request_id));
    // Requests before jobs: a request read as finished has its jobs' final state in the next read.
    reading.requests.push(
      ...(await conn.queryAll(
        `SELECT Id, Status, StartTime, EndTime, DurationSeconds FROM PackagePushRequest WHERE Id IN ${ids}`,
        requestSchema,
        signal ? { signal } : {},
      )),
    );
    const marks = chunk.map((i) => (i.jobs_modstamp ? new Date(i.jobs_modstamp) : null));
    const since = marks.some((m) => m === null)
      ? null
      : new Date(Math.min(...marks.map((m) => m?.getTime() ?? 0)));
    reading.jobs.push(
      ...(await conn.queryAll(
        `SELECT Id, PackagePushRequestId, Status, StartTime, EndTime, DurationSeconds, SystemModstamp
           FROM PackagePushJob WHERE PackagePushRequestId IN ${ids}${
             since ? ` AND SystemModstamp >= ${soqlDateTime(since)}` : ''
           }`,
        jobSchema,
        { batchSize: 2000, ...(signal ? { signal } : {}) },
      )),
    );
  }
  const failed = reading.jobs.filter((j) => j.Status === 'Failed').map((j) => j.Id);
  const needErrors = await newlyFailed(db, failed);
  for (const [id, message] of await readErrors(conn, needErrors, signal)) {
    reading.errors.set(id, message);
  }
  return reading;
}

/** Of the jobs Salesforce reports Failed, those not yet Failed with a message locally. */
async function newlyFailed(db: SqlClient, jobIds: readonly string[]): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const { rows } = await db.query<{ job_id: string }>(
    `SELECT job_id FROM upgrade_job
      WHERE job_id = ANY($1::text[]::bpchar[]) AND (status <> 'Failed' OR message IS NULL)`,
    [jobIds],
  );
  return rows.map((r) => r.job_id.trim());
}

/** PackagePushError rows as each job's message: a JSON list of {title, details, message}. */
async function readErrors(
  conn: OrgConnection,
  jobIds: readonly string[],
  signal: AbortSignal | undefined,
): Promise<Map<string, string>> {
  const lists = new Map<string, { title: string; details: string; message: string }[]>(
    jobIds.map((id) => [id, []]),
  );
  for (let start = 0; start < jobIds.length; start += ERRORS_PER_QUERY) {
    const chunk = jobIds.slice(start, start + ERRORS_PER_QUERY);
    const errors = await conn.queryAll(
      `SELECT PackagePushJobId, ErrorTitle, ErrorDetails, ErrorMessage FROM PackagePushError
        WHERE PackagePushJobId IN ${soqlIdList(chunk)} ORDER BY PackagePushJobId, Id`,
      errorSchema,
      signal ? { signal } : {},
    );
    for (const e of errors) {
      lists.get(e.PackagePushJobId)?.push({
        title: e.ErrorTitle ?? '',
        details: e.ErrorDetails ?? '',
        message: e.ErrorMessage ?? '',
      });
    }
  }
  return new Map(
    [...lists].map(([id, list]) => [
      id,
      JSON.stringify(list.length > 0 ? list : [UNKNOWN_FAILURE]),
    ]),
  );
}

/**
 * Updates the jobs that changed; a job that succeeded also moves its org's installed version to
 * the request's target. Answers the upgrade ids of changed jobs (one per changed job).
 */
async function writeJobs(tx: SqlClient, reading: OrgReading): Promise<number[]> {
  const upgradeIds: number[] = [];
  const jobs = reading.jobs.filter((j) => isJobStatus(j.Status));
  for (let start = 0; start < jobs.length; start += ROWS_PER_UPDATE) {
    const chunk = jobs.slice(start, start + ROWS_PER_UPDATE);
    const { rows } = await tx.query<{
      upgrade_id: number;
      item_id: number;
      org_id: string;
      status: string;
    }>(
      `WITH sf AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[],
                              $5::int[], $6::text[])
                AS s(job_id, status, start_time, end_time, duration, message)
       )
       UPDATE upgrade_job j
          SET status = sf.status, start_time = sf.start_time, end_time = sf.end_time,
              duration = sf.duration, message = coalesce(sf.message, j.message),
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
        chunk.map((j) => j.Id),
        chunk.map((j) => j.Status),
        chunk.map((j) => j.StartTime ?? null),
        chunk.map((j) => j.EndTime ?? null),
        chunk.map((j) => j.DurationSeconds ?? null),
        chunk.map((j) => reading.errors.get(j.Id) ?? null),
      ],
    );
    for (const row of rows) upgradeIds.push(row.upgrade_id);
    const succeeded = rows.filter((r) => r.status === 'Succeeded');
    if (succeeded.length > 0) {
      await tx.query(
        `UPDATE org_package_version v
            SET version_id = i.version_id, status = 'Installed', modified_date = now()
           FROM unnest($1::bigint[], $2::text[]) AS s(item_id, org_id)
           JOIN upgrade_item i ON i.id = s.item_id
          WHERE v.org_id = s.org_id::sf_org_id AND v.package_id = i.package_id
            AND v.version_id IS DISTINCT FROM i.version_id
            AND EXISTS (SELECT 1 FROM package_version pv WHERE pv.version_id = i.version_id)`,
        [succeeded.map((r) => r.item_id), succeeded.map((r) => r.org_id.trim())],
      );
    }
  }
  return [...new Set(upgradeIds)];
}

/** Copies request status and times, and advances each request's job watermark. */
async function writeRequests(
  tx: SqlClient,
  items: readonly WatchedItem[],
  reading: OrgReading,
): Promise<number[]> {
  const marks = new Map<string, string>();
  for (const job of reading.jobs) {
    const mark = marks.get(job.PackagePushRequestId);
    if (!mark || Date.parse(job.SystemModstamp) > Date.parse(mark)) {
      marks.set(job.PackagePushRequestId, job.SystemModstamp);
    }
  }
  const sfOf = new Map(reading.requests.map((r) => [r.Id, r]));
  const rows = items.flatMap((item) => {
    const sf = sfOf.get(item.push_request_id);
    if (!sf || !isJobStatus(sf.Status)) return [];
    // A snapshot never moves a finished request back (a local Ineligible stays so).
    const status =
      TERMINAL_STATUSES.has(item.status) && !TERMINAL_STATUSES.has(sf.Status)
        ? item.status
        : sf.Status;
    return [{ item, sf, status, mark: marks.get(item.push_request_id) ?? null }];
  });
  if (rows.length === 0) return [];
  await tx.query(
    `WITH sf AS (
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::timestamptz[],
                            $5::int[], $6::timestamptz[])
              AS s(id, status, start_time, end_time, duration, mark)
     )
     UPDATE upgrade_item i
        SET status = sf.status, start_time = sf.start_time, end_time = sf.end_time,
            duration = sf.duration, jobs_modstamp = greatest(i.jobs_modstamp, sf.mark)
       FROM sf
      WHERE i.id = sf.id
        AND (i.status IS DISTINCT FROM sf.status OR i.start_time IS DISTINCT FROM sf.start_time
             OR i.end_time IS DISTINCT FROM sf.end_time
             OR i.jobs_modstamp IS DISTINCT FROM greatest(i.jobs_modstamp, sf.mark))`,
    [
      rows.map((r) => r.item.id),
      rows.map((r) => r.status),
      rows.map((r) => r.sf.StartTime ?? null),
      rows.map((r) => r.sf.EndTime ?? null),
      rows.map((r) => r.sf.DurationSeconds ?? null),
      rows.map((r) => r.mark),
    ],
  );
  // A moved watermark alone is no news for the screens.
  const time = (value: Date | string | null | undefined) =>
    value ? new Date(value).getTime() : null;
  const changed = rows.filter(
    (r) =>
      r.status !== r.item.status ||
      time(r.sf.StartTime) !== time(r.item.start_time) ||
      time(r.sf.EndTime) !== time(r.item.end_time),
  );
  return [...new Set(changed.map((r) => r.item.upgrade_id))];
}

interface UpgradeTally {
  id: number;
  status: string;
  scheduling: boolean;
  runnable: number;
  errors: number;
}

/**
 * Upgrades (Ready or Active) with nothing left to run end Done: every planned job exists and none
 * is Created, Pending or InProgress. Requests left Created without an eligible job become
 * Ineligible. With `all`, every Active upgrade and every
 * Ready one whose start has come is checked (all its jobs may have been refused), else only the given ones.
 */
async function finishUpgrades(
  tx: SqlClient,
  upgradeIds: readonly number[],
  all: boolean,
): Promise<number[]> {
  const { rows } = await tx.query<UpgradeTally>(
    `SELECT u.id::int AS id, u.status,
            EXISTS (SELECT 1 FROM upgrade_item i
                     WHERE i.upgrade_id = u.id
                       AND (SELECT count(*) FROM upgrade_job j WHERE j.item_id = i.id) < i.total_job_count
                   ) AS scheduling,
            (SELECT count(*) FROM upgrade_job j WHERE j.upgrade_id = u.id
                AND j.status IN ('Created', 'Pending', 'InProgress'))::int AS runnable,
            (SELECT count(*) FROM upgrade_job j WHERE j.upgrade_id = u.id
                AND j.status IN ('Failed', 'Invalid'))::int AS errors
       FROM upgrade u
      WHERE u.status IN ('Ready', 'Active')
        AND (u.id = ANY($1::bigint[])
             OR ($2 AND (u.status = 'Active' OR u.start_time <= now())))
        AND EXISTS (SELECT 1 FROM upgrade_item i WHERE i.upgrade_id = u.id)`,
    [upgradeIds, all],
  );
  const done = rows.filter((r) => !r.scheduling && r.runnable === 0);
  for (const upgrade of done) {
    await tx.query(
      `UPDATE upgrade_item SET status = 'Ineligible'
        WHERE upgrade_id = $1 AND status = 'Created'
          AND NOT EXISTS (SELECT 1 FROM upgrade_job j
                           WHERE j.item_id = upgrade_item.id AND j.status <> 'Ineligible')`,
      [upgrade.id],
    );
    await tx.query(
      `UPDATE upgrade SET status = 'Done', message = $2 WHERE id = $1 AND status IN ('Ready', 'Active')`,
      [
        upgrade.id,
        upgrade.errors > 0 ? `Complete with ${countNoun(upgrade.errors, 'failure')}` : null,
      ],
    );
  }
  return done.map((d) => d.id);
}
