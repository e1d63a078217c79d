// Restart recovery: no job is shown running (or queued) forever.
//
// A running job's worker writes a heartbeat every second. pg-boss's own expiry cannot tell a dead
// worker from a healthy hour-long fetch, so it is set near its 24 h maximum, and this sweeper,
// run by every worker process at start-up and then periodically, does the detection instead:
// a Running row whose heartbeat is stale is failed ("The process running this job stopped…") and
// its pg-boss job is failed too, which frees the group's singleton slot for the next job.
import type PgBoss from 'pg-boss';
import {
  failJob,
  failStaleRunningJobs,
  findOldQueuedJobs,
  pruneFinishedJobs,
  type SweptJob,
} from '../db/repositories/admin-jobs';
import type { Database, SqlClient } from '../db/database';
import type { LivePublisher } from '../live/live-channel';
import { PROCESS_STOPPED_MESSAGE, toErrorEntry } from './job-errors';
import type { JobLogger } from './job-logger';
import { inTransaction, queueNameOf } from './queues';
import type { JobDefinition } from './types';

export interface SweepDeps {
  db: Database;
  boss: PgBoss;
  live: LivePublisher;
  log: JobLogger;
  staleAfterMs: number;
  /** Jobs this process is running right now: alive whatever their heartbeat says. */
  aliveIds: () => string[];
  /** The definitions by type: a Failed verdict runs its onFailed, as the engine's does. */
  definitions?: ReadonlyMap<string, JobDefinition>;
}

/** The job's onFailed (e.g. the fetch's 'fetch.failed' event) in the verdict's transaction. */
async function runOnFailed(
  deps: SweepDeps,
  tx: SqlClient,
  job: SweptJob,
  message: string,
): Promise<void> {
  await deps.definitions?.get(job.type)?.onFailed?.(tx, {
    jobId: job.id,
    message,
    startedBy: job.started_by ?? 'unknown',
  });
}

const QUEUE_LOST_MESSAGE = 'The job queue lost this job before it could run.';
const KEEP_FINISHED_DAYS = 30;

export async function sweep(deps: SweepDeps): Promise<void> {
  const { db, boss, live } = deps;
  const staleSeconds = deps.staleAfterMs / 1000;

  // Row and queue entry fail together, so that no crash in between can leave the group blocked.
  const stale = await db.transaction(async (tx) => {
    const failed = await failStaleRunningJobs(
      tx,
      staleSeconds,
      deps.aliveIds(),
      toErrorEntry(new Error(PROCESS_STOPPED_MESSAGE)),
    );
    for (const job of failed) {
      await boss.fail(
        queueNameOf(job.type),
        job.id,
        { message: PROCESS_STOPPED_MESSAGE },
        { db: inTransaction(tx) },
      );
      await runOnFailed(deps, tx, job, PROCESS_STOPPED_MESSAGE);
    }
    return failed;
  });
  for (const job of stale) {
    deps.log.warn({ jobId: job.id, type: job.type }, PROCESS_STOPPED_MESSAGE);
  }
  if (stale.length > 0) {
    const ids = stale.map((job) => job.id);
    live.publish('jobs', { ids });
    live.publish('job-history', { ids });
  }

  // A queued row is normal while pg-boss still holds its job as waiting; anything else means the
  // queue lost it, or a worker claimed it and died before it could even mark it Running.
  const lost: string[] = [];
  for (const job of await findOldQueuedJobs(db, staleSeconds)) {
    const queueName = queueNameOf(job.type);
    const queued = await boss.getJobById(queueName, job.id, { includeArchive: true });
    const waiting = queued?.state === 'created' || queued?.state === 'retry';
    const claimedLongAgo =
      queued?.state === 'active' &&
      Date.now() - new Date(queued.startedOn).getTime() > deps.staleAfterMs;
    if (waiting || (queued?.state === 'active' && !claimedLongAgo)) continue;
    const message = claimedLongAgo ? PROCESS_STOPPED_MESSAGE : QUEUE_LOST_MESSAGE;
    const failed = await db.transaction(async (tx) => {
      if (!(await failJob(tx, job.id, 'Queued', toErrorEntry(new Error(message))))) return false;
      if (claimedLongAgo) {
        await boss.fail(queueName, job.id, { message }, { db: inTransaction(tx) });
      }
      await runOnFailed(deps, tx, job, message);
      return true;
    });
    if (failed) lost.push(job.id);
  }
  if (lost.length > 0) {
    live.publish('job-queue', { ids: lost });
    live.publish('job-history', { ids: lost });
  }

  await pruneFinishedJobs(db, KEEP_FINISHED_DAYS);
}
