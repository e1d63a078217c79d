// The upgrade monitor's writes (reconcile.ts reads): what Salesforce said of the watched push
// requests and jobs, applied set-based in the cycle's one transaction — job statuses, times and
// error messages, the installed version of orgs whose job succeeded, request statuses and job
// watermarks, and upgrades with nothing left to run ending 'Done' ('Complete with N failure(s)').
import { z } from 'zod';
import {
  completeWithFailures,
  TERMINAL_STATUSES,
  isJobStatus,
  type JobStatus,
} from '../../../domain/statuses';
import type { SqlClient } from '../../db/database';
import type { AskedRequest } from './interrupted-activation';

const ROWS_PER_UPDATE = 5_000;

export interface WatchedItem extends AskedRequest {
  id: number;
  upgrade_id: number;
  push_request_id: string;
  package_org_id: string;
  status: JobStatus;
  start_time: Date | string | null;
  end_time: Date | string | null;
  jobs_modstamp: Date | string | null;
}

export const requestSchema = z.object({
  Id: z.string(),
  Status: z.string(),
  StartTime: z.string().nullish(),
  EndTime: z.string().nullish(),
  DurationSeconds: z.number().nullish(),
});
export const jobSchema = requestSchema.extend({
  PackagePushRequestId: z.string(),
  SystemModstamp: z.string(),
});

type SfRequest = z.infer<typeof requestSchema>;
type SfJob = z.infer<typeof jobSchema>;

export interface OrgReading {
  requests: SfRequest[];
  jobs: SfJob[];
  /** Error JSON by job id, for jobs that turned Failed. */
  errors: Map<string, string>;
}

/**
 * Updates the jobs that changed; a job that succeeded also moves its org's installed version to
 * the request's target. Answers the upgrade ids of changed jobs (one per changed job).
 */
export async function writeJobs(tx: SqlClient, reading: OrgReading): Promise<number[]> {
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
export async function writeRequests(
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
export async function finishUpgrades(
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
      [upgrade.id, upgrade.errors > 0 ? completeWithFailures(upgrade.errors) : null],
    );
  }
  return done.map((d) => d.id);
}
