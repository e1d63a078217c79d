// The admin_job rows the Admin page shows (docs/architecture.md "Background jobs"). pg-boss decides
// who runs what; these rows say what happened. Every write of a running job is fenced by
// (worker_id, status = 'Running'), so a worker that was presumed dead can never overwrite the
// verdict on its job.
import type { SqlClient } from '../database';

export type AdminJobStatus = 'Queued' | 'Running' | 'Complete' | 'Failed' | 'Cancelled';

/**
 * One error of a job as every signed-in user may read it: the message and the error's type. The
 * stack trace says how the server is built, so it goes to the server log only (job-run.ts).
 */
export interface JobErrorEntry {
  message: string;
  type?: string;
  timestamp: string;
}

export interface JobResultEntry {
  message: string;
  timestamp: string;
  error?: { message: string };
  details?: string[];
}

/** A background job as the API answers it (docs/product.md "Entities and fields"). */
export interface AdminJobView {
  id: string;
  type: string;
  name: string;
  status: AdminJobStatus;
  message: string | null;
  stepIndex: number;
  stepCount: number;
  /** When it started running; for a job that never ran, when it arrived. */
  startTime: string;
  modifiedDate: string;
  canceled: boolean;
  errors: JobErrorEntry[];
  results: JobResultEntry[];
  /** The schedule's interval in ms; null for a manual run. */
  interval: number | null;
  startedBy: string | null;
}

export interface JobsSnapshot {
  jobs: AdminJobView[];
  queue: AdminJobView[];
  history: { latest: AdminJobView[]; all: AdminJobView[] };
}

export interface AdminJobRow {
  id: string;
  type: string;
  name: string;
  status: AdminJobStatus;
  message: string | null;
  step_index: number;
  step_count: number;
  start_time: Date | string | null;
  modified_date: Date | string;
  created_at: Date | string;
  canceled: boolean;
  errors: JobErrorEntry[];
  results: JobResultEntry[];
  interval_ms: number | null;
  params: Record<string, unknown>;
  started_by: string | null;
  worker_id: string | null;
}

export interface NewAdminJob {
  id: string;
  type: string;
  name: string;
  stepCount: number;
  params: Record<string, unknown>;
  startedBy: string;
  intervalMs: number | null;
}

/** What a running job has to say so far (written throttled). */
export interface JobProgress {
  message: string | null;
  stepIndex: number;
  results: JobResultEntry[];
  errors: JobErrorEntry[];
}

const FINISHED = `status IN ('Complete', 'Failed', 'Cancelled')`;

const iso = (value: Date | string): string =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export function toJobView(row: AdminJobRow): AdminJobView {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    status: row.status,
    message: row.message,
    stepIndex: row.step_index,
    stepCount: row.step_count,
    startTime: iso(row.start_time ?? row.created_at),
    modifiedDate: iso(row.modified_date),
    canceled: row.canceled,
    // Rows written before stacks stayed in the server log may still hold one: never answered.
    errors: row.errors.map(({ message, type, timestamp }) => ({
      message,
      ...(type ? { type } : {}),
      timestamp,
    })),
    results: row.results,
    interval: row.interval_ms === null ? null : Number(row.interval_ms),
    startedBy: row.started_by,
  };
}

export async function insertJob(db: SqlClient, job: NewAdminJob): Promise<void> {
  await db.query(
    `INSERT INTO admin_job (id, type, name, status, step_count, params, started_by, interval_ms)
     VALUES ($1, $2, $3, 'Queued', $4, $5::jsonb, $6, $7)`,
    [
      job.id,
      job.type,
      job.name,
      job.stepCount,
      JSON.stringify(job.params),
      job.startedBy,
      job.intervalMs,
    ],
  );
}

export async function findJob(db: SqlClient, id: string): Promise<AdminJobRow | undefined> {
  const { rows } = await db.query<AdminJobRow>('SELECT * FROM admin_job WHERE id = $1', [id]);
  return rows[0];
}

/** Whether a job of this type already waits in the queue (a timer then adds nothing). */
export async function hasQueuedJob(db: SqlClient, type: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM admin_job WHERE type = $1 AND status = 'Queued' LIMIT 1`,
    [type],
  );
  return rows.length > 0;
}

/**
 * Claims a schedule's time slot: true for exactly one caller per (key, slot) across every
 * process, because the row lock serialises the upserts and only a newer slot updates the row.
 */
export async function claimScheduleSlot(
  db: SqlClient,
  key: string,
  slot: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO job_schedule (key, last_slot) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET last_slot = EXCLUDED.last_slot, fired_at = now()
       WHERE job_schedule.last_slot < EXCLUDED.last_slot
     RETURNING key`,
    [key, slot],
  );
  return rows.length === 1;
}

/** Queued → Running for this worker; false when it was canceled or failed meanwhile. */
export async function markRunning(
  db: SqlClient,
  id: string,
  workerId: string,
  stepCount: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE admin_job SET status = 'Running', worker_id = $2, step_count = $3, step_index = 0,
       start_time = now(), heartbeat_at = now(), modified_date = now()
     WHERE id = $1 AND status = 'Queued'`,
    [id, workerId, stepCount],
  );
  return rowCount === 1;
}

const progressValues = (progress: JobProgress) => [
  progress.message,
  progress.stepIndex,
  JSON.stringify(progress.results),
  JSON.stringify(progress.errors),
];

/**
 * Writes progress (or, without it, only the heartbeat) of a job this worker runs. Answers the
 * job's canceled flag, or undefined when the job is no longer this worker's to write.
 */
export async function touchRunningJob(
  db: SqlClient,
  id: string,
  workerId: string,
  progress?: JobProgress,
): Promise<{ canceled: boolean } | undefined> {
  const fence = `WHERE id = $1 AND worker_id = $2 AND status = 'Running' RETURNING canceled`;
  const { rows } = progress
    ? await db.query<{ canceled: boolean }>(
        `UPDATE admin_job SET message = $3, step_index = $4, results = $5::jsonb,
           errors = $6::jsonb, heartbeat_at = now(), modified_date = now() ${fence}`,
        [id, workerId, ...progressValues(progress)],
      )
    : await db.query<{ canceled: boolean }>(`UPDATE admin_job SET heartbeat_at = now() ${fence}`, [
        id,
        workerId,
      ]);
  return rows[0];
}

/** The final write of a job this worker ran; false when it was no longer this worker's. */
export async function finishRunningJob(
  db: SqlClient,
  id: string,
  workerId: string,
  status: 'Complete' | 'Failed' | 'Cancelled',
  progress: JobProgress,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE admin_job SET status = $3, message = $4, step_index = $5, results = $6::jsonb,
       errors = $7::jsonb, end_time = now(), modified_date = now()
     WHERE id = $1 AND worker_id = $2 AND status = 'Running'`,
    [id, workerId, status, ...progressValues(progress)],
  );
  return rowCount === 1;
}

/**
 * Fails a job that is still in `from`, appending the error: a job with no definition, a queued
 * job the queue lost, a run abandoned at shutdown.
 */
export async function failJob(
  db: SqlClient,
  id: string,
  from: 'Queued' | 'Running',
  error: JobErrorEntry,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE admin_job SET status = 'Failed', message = $3, errors = errors || $4::jsonb,
       end_time = now(), modified_date = now()
     WHERE id = $1 AND status = $2`,
    [id, from, error.message, JSON.stringify([error])],
  );
  return rowCount === 1;
}

/** A job the sweeper looks at: what a Failed verdict's onFailed hook is told. */
export type SweptJob = Pick<AdminJobRow, 'id' | 'type' | 'started_by'>;

/**
 * Fails, in one statement, every running job whose heartbeat is older than `staleSeconds` (its
 * process died or hung), except the runs this process knows are alive. Returns what it failed.
 */
export async function failStaleRunningJobs(
  db: SqlClient,
  staleSeconds: number,
  aliveIds: readonly string[],
  error: JobErrorEntry,
): Promise<SweptJob[]> {
  const { rows } = await db.query<SweptJob>(
    `UPDATE admin_job SET status = 'Failed', message = $3, errors = errors || $4::jsonb,
       end_time = now(), modified_date = now()
     WHERE status = 'Running' AND NOT (id = ANY($2::text[]))
       AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $1))
     RETURNING id, type, started_by`,
    [staleSeconds, aliveIds, error.message, JSON.stringify([error])],
  );
  return rows;
}

/** Queued jobs that arrived more than `seconds` ago (checked against the queue by the sweeper). */
export async function findOldQueuedJobs(db: SqlClient, seconds: number): Promise<SweptJob[]> {
  const { rows } = await db.query<SweptJob>(
    `SELECT id, type, started_by FROM admin_job
     WHERE status = 'Queued' AND created_at < now() - make_interval(secs => $1)`,
    [seconds],
  );
  return rows;
}

/** Forgets finished jobs older than `days`; the Admin page shows the latest 200 anyway. */
export async function pruneFinishedJobs(db: SqlClient, days: number): Promise<void> {
  await db.query(
    `DELETE FROM admin_job WHERE ${FINISHED} AND end_time < now() - make_interval(days => $1)`,
    [days],
  );
}

/** Locks the rows of a cancel request, in id order so that concurrent cancels cannot deadlock. */
export async function lockJobs(db: SqlClient, ids: readonly string[]): Promise<AdminJobRow[]> {
  const { rows } = await db.query<AdminJobRow>(
    'SELECT * FROM admin_job WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE',
    [ids],
  );
  return rows;
}

/** A queued job leaves the queue as Cancelled; a running one gets the flag its worker polls. */
export async function markCanceled(db: SqlClient, id: string, queued: boolean): Promise<void> {
  await db.query(
    queued
      ? `UPDATE admin_job SET canceled = true, status = 'Cancelled', message = 'Cancelled',
           end_time = now(), modified_date = now() WHERE id = $1 AND status = 'Queued'`
      : `UPDATE admin_job SET canceled = true, modified_date = now()
         WHERE id = $1 AND status = 'Running'`,
    [id],
  );
}

const NEWEST_FIRST = 'ORDER BY end_time DESC NULLS LAST, created_at DESC';

export async function listJobs(db: SqlClient, historyLimit: number): Promise<JobsSnapshot> {
  const select = async (sql: string, params: unknown[] = []) =>
    (await db.query<AdminJobRow>(sql, params)).rows.map(toJobView);
  return {
    jobs: await select(`SELECT * FROM admin_job WHERE status = 'Running' ORDER BY start_time, id`),
    // Arrival order, the order pg-boss claims them in (row and queue entry share a transaction).
    queue: await select(`SELECT * FROM admin_job WHERE status = 'Queued' ORDER BY created_at, id`),
    history: {
      latest: await select(
        `SELECT * FROM (SELECT DISTINCT ON (type) * FROM admin_job WHERE ${FINISHED}
           ORDER BY type, end_time DESC NULLS LAST, created_at DESC) latest ${NEWEST_FIRST}`,
      ),
      all: await select(`SELECT * FROM admin_job WHERE ${FINISHED} ${NEWEST_FIRST} LIMIT $1`, [
        historyLimit,
      ]),
    },
  };
}
