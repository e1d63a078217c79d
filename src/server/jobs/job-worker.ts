// The worker side of one process: asks pg-boss for the next job of each group, claims its row,
// runs it, and on shutdown stops its runs and puts back what it claimed but did not start.
import type PgBoss from 'pg-boss';
import { failJob, findJob, markRunning } from '../db/repositories/admin-jobs';
import type { Database, SqlClient } from '../db/database';
import type { LivePublisher } from '../live/live-channel';
import { JobStoppedError, toErrorEntry } from './job-errors';
import type { JobLogger } from './job-logger';
import { JobRun } from './job-run';
import { QUEUE_NAMES, inTransaction, queueNameOf } from './queues';
import type { JobDefinition } from './types';

export interface JobWorkerDeps {
  db: Database;
  boss: PgBoss;
  live: LivePublisher;
  log: JobLogger;
  workerId: string;
  definitions: ReadonlyMap<string, JobDefinition>;
  timing: {
    heartbeatMs: number;
    progressThrottleMs: number;
    maxRunMs: number;
    pollingSeconds: number;
    shutdownGraceMs: number;
  };
}

export class JobWorker {
  private readonly runs = new Map<string, { run: JobRun; done: Promise<void>; queue: string }>();
  /** pg-boss worker id per queue, to wake the right one when this process queues a job. */
  private readonly workers = new Map<string, string>();
  private stopping = false;

  constructor(private readonly deps: JobWorkerDeps) {}

  get started(): boolean {
    return this.workers.size > 0;
  }

  /** Jobs running in this process: alive, whatever their heartbeat says. */
  aliveIds(): string[] {
    return [...this.runs.keys()];
  }

  async start(): Promise<void> {
    for (const queue of QUEUE_NAMES) {
      const id = await this.deps.boss.work<{ type: string }>(
        queue,
        { batchSize: 1, pollingIntervalSeconds: this.deps.timing.pollingSeconds },
        async (jobs: PgBoss.Job<{ type: string }>[]) => {
          for (const job of jobs) await this.handle(queue, job.id);
        },
      );
      this.workers.set(queue, id);
    }
  }

  /** Fetch at once instead of at the next poll (a job was just queued by this process). */
  wake(type: string): void {
    const worker = this.workers.get(queueNameOf(type));
    if (worker) this.deps.boss.notifyWorker(worker);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const queue of this.workers.keys()) await this.deps.boss.offWork(queue);
    // Runs may still be added by a claim that was in flight: keep asking until none is left.
    const deadline = Date.now() + this.deps.timing.shutdownGraceMs;
    while (this.runs.size > 0 && Date.now() < deadline) {
      const active = [...this.runs.values()];
      for (const { run } of active) run.stop('shutdown');
      let tick: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled(active.map(({ done }) => done)),
        new Promise((resolve) => (tick = setTimeout(resolve, 100))),
      ]);
      clearTimeout(tick);
    }
    // A step that ignored the signal: its job is failed now rather than left to a sweeper.
    for (const { run, queue } of this.runs.values()) {
      run.abandon();
      await this.deps.db.transaction(async (tx) => {
        const entry = toErrorEntry(new JobStoppedError('shutdown'));
        if (await failJob(tx, run.id, 'Running', entry)) await this.settle(tx, queue, run.id, true);
      });
    }
  }

  private async handle(queue: string, jobId: string): Promise<void> {
    const { db, live } = this.deps;
    if (this.stopping) return this.putBack(queue, jobId);
    const row = await findJob(db, jobId);
    // Canceled (or failed by a sweeper) between queueing and now: nothing to run.
    if (!row || row.status !== 'Queued') return;
    let steps: ReturnType<JobDefinition['steps']>;
    const definition = this.deps.definitions.get(row.type);
    try {
      if (!definition) {
        throw new Error(`No job definition is registered for the job type "${row.type}".`);
      }
      steps = definition.steps(row.params);
    } catch (error) {
      const failed = await db.transaction(async (tx) => {
        if (!(await failJob(tx, jobId, 'Queued', toErrorEntry(error)))) return false;
        await this.settle(tx, queue, jobId, true);
        return true;
      });
      if (failed) {
        live.publish('job-queue', { ids: [jobId] });
        live.publish('job-history', { ids: [jobId] });
      }
      return;
    }
    if (!(await markRunning(db, jobId, this.deps.workerId, steps.length))) return;
    live.publish('job-queue', { ids: [jobId] });
    live.publish('jobs', { ids: [jobId] });
    const run = new JobRun(
      {
        ...this.deps.timing,
        db,
        live,
        log: this.deps.log,
        workerId: this.deps.workerId,
        settle: (tx, failed) => this.settle(tx, queue, jobId, failed),
        onFailed: definition?.onFailed?.bind(definition),
      },
      { ...row, status: 'Running' },
      steps,
    );
    const done = run.execute().catch((error: unknown) => {
      this.deps.log.error({ err: error, jobId }, 'the job runner failed');
    });
    this.runs.set(jobId, { run, done, queue });
    if (this.stopping) run.stop('shutdown');
    try {
      await Promise.race([done, run.abandoned]);
    } finally {
      this.runs.delete(jobId);
    }
  }

  /** Ends the pg-boss job in the caller's transaction (its own later completion is a no-op). */
  private async settle(
    tx: SqlClient,
    queue: string,
    jobId: string,
    failed: boolean,
  ): Promise<void> {
    const options = { db: inTransaction(tx) };
    if (failed) await this.deps.boss.fail(queue, jobId, {}, options);
    else await this.deps.boss.complete(queue, jobId, {}, options);
  }

  /** Claimed while stopping: back to waiting, at its place in the queue, for another process. */
  private async putBack(queue: string, jobId: string): Promise<void> {
    await this.deps.boss.fail(queue, jobId, { message: 'worker stopping' });
    await this.deps.boss.retry(queue, jobId);
  }
}
