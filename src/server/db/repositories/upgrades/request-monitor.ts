// The upgrade monitor's reads and writes of an upgrade's requests: which requests to read from
// Salesforce, what Salesforce said of them (status, times, the job watermark), and the requests
// left Created when an upgrade has nothing left to run.
import type { JobStatus } from '../../../../domain/statuses';
import type { SqlClient } from '../../database';
import type { AskedRequest } from './request-activation';

/**
 * The upgrade has nothing left to run: its requests still Created without an eligible job become
 * Ineligible.
 */
export async function markUnpushedRequestsIneligible(
  tx: SqlClient,
  upgradeId: number,
): Promise<void> {
  await tx.query(
    `UPDATE upgrade_item SET status = 'Ineligible'
      WHERE upgrade_id = $1 AND status = 'Created'
        AND NOT EXISTS (SELECT 1 FROM upgrade_job j
                         WHERE j.item_id = upgrade_item.id AND j.status <> 'Ineligible')`,
    [upgradeId],
  );
}

/** A request the monitor reads from Salesforce, with what it last recorded of it. */
export interface WatchedItem extends AskedRequest {
  package_org_id: string;
  status: JobStatus;
  start_time: Date | string | null;
  end_time: Date | string | null;
  jobs_modstamp: Date | string | null;
}

/** Restricts the watched requests to some upgrades or requests; absent = every running one. */
export interface WatchScope {
  upgradeIds?: readonly number[];
  itemIds?: readonly number[];
}

/**
 * Requests to read: running ones (or with running jobs), those with an activation in flight, or
 * every pushed one of the scope.
 */
export async function findWatchedRequests(
  db: SqlClient,
  scope: WatchScope,
): Promise<WatchedItem[]> {
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

/** What Salesforce says of one request, and the newest job modification read for it. */
export interface RequestSnapshot {
  id: number;
  status: JobStatus;
  startTime: string | null;
  endTime: string | null;
  duration: number | null;
  /** The newest SystemModstamp among the request's jobs read this cycle, if any. */
  jobsModstamp: string | null;
}

/**
 * Copies request status and times, and advances each request's job watermark (it never moves
 * back); rows that would not change are not written.
 */
export async function applyRequestSnapshots(
  tx: SqlClient,
  snapshots: readonly RequestSnapshot[],
): Promise<void> {
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
      snapshots.map((s) => s.id),
      snapshots.map((s) => s.status),
      snapshots.map((s) => s.startTime),
      snapshots.map((s) => s.endTime),
      snapshots.map((s) => s.duration),
      snapshots.map((s) => s.jobsModstamp),
    ],
  );
}
