// One claimed job, run step by step: progress written throttled and pushed live, a heartbeat that
// also learns about a cancel, cooperative cancel between steps (and wherever a step checks), the
// started steps' cleanups, and one final verdict written only while this worker still owns the row.
import {
  finishRunningJob,
  touchRunningJob,
  type AdminJobRow,
  type JobProgress,
} from '../db/repositories/admin-jobs';
import type { Database, SqlClient } from '../db/database';
import type { LivePublisher } from '../live/live-channel';
import { recordJob, type JobOutcome } from '../metrics/registry';
import { CanceledError, JobStoppedError, errorMessage, redact, toErrorEntry } from './job-errors';
import type { JobLogger } from './job-logger';
import { stepCleanups } from './step-cleanups';
import type { JobContext, JobFailure, JobStep } from './types';

export interface JobRunDeps {
  db: Database;
  /** Ends the job's queue entry inside the transaction that writes its verdict. */
  settle: (tx: SqlClient, failed: boolean) => Promise<void>;
  /** The definition's onFailed, run in the transaction that records a Failed verdict. */
  onFailed?: ((tx: SqlClient, failure: JobFailure) => Promise<void>) | undefined;
  live: LivePublisher;
  log: JobLogger;
  workerId: string;
  /** Heartbeat and cancel poll period. */
  heartbeatMs: number;
  /** At most one progress write (and `jobs` event) per job this often. */
  progressThrottleMs: number;
  /** A job running longer is stopped (before pg-boss's own expiry would give up on it). */
  maxRunMs: number;
}

// Bounds, so that no job row grows without limit however many results and errors a job reports.
const MAX_RESULTS = 500;
const MAX_ERRORS = 200;
const MAX_DETAILS = 200;

type Params = Record<string, unknown>;

const OUTCOMES: Record<'Complete' | 'Failed' | 'Cancelled', JobOutcome> = {
  Complete: 'complete',
  Failed: 'failed',
  Cancelled: 'canceled',
};

export class JobRun {
  private readonly controller = new AbortController();
  private readonly progress: JobProgress = { message: null, stepIndex: 0, results: [], errors: [] };
  private dirty = false;
  private lastWrite = 0;
  private writeTimer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private deadline: NodeJS.Timeout | undefined;
  private writes: Promise<void> = Promise.resolve();
  /** Set once the row is no longer ours to write (someone else gave its verdict). */
  private released = false;
  private releaseWaiter: () => void = () => {};
  private startedAt = 0;
  /** Resolves when the run is abandoned (server stopping), even if a step never returns. */
  readonly abandoned = new Promise<void>((resolve) => (this.releaseWaiter = resolve));

  constructor(
    private readonly deps: JobRunDeps,
    private readonly row: AdminJobRow,
    private readonly steps: JobStep<Params>[],
  ) {}

  get id(): string {
    return this.row.id;
  }

  /** Asks the steps to stop (they see the signal); the verdict follows when they return. */
  stop(reason: 'shutdown' | 'timeout'): void {
    if (!this.controller.signal.aborted) this.controller.abort(new JobStoppedError(reason));
  }

  /** Gives up on a run whose step ignores the signal: no further writes from it. */
  abandon(): void {
    this.released = true;
    this.clearTimers();
    this.releaseWaiter();
  }

  async execute(): Promise<void> {
    this.startedAt = performance.now();
    const { signal } = this.controller;
    this.heartbeat = setInterval(() => void this.sync(false), this.deps.heartbeatMs);
    this.deadline = setTimeout(() => this.stop('timeout'), this.deps.maxRunMs);
    let failure: { step: JobStep<Params>; error: unknown } | undefined;
    let completed = false;
    const started: JobStep<Params>[] = [];
    try {
      for (const [index, step] of this.steps.entries()) {
        // Learn about a cancel before starting the next step, not up to a heartbeat later.
        await this.sync(false);
        if (signal.aborted) break;
        this.progress.stepIndex = index + 1;
        this.progress.message = step.name;
        await this.sync(true);
        if (signal.aborted) break;
        started.push(step);
        try {
          await step.run(this.context(), this.row.params);
        } catch (error) {
          if (!signal.aborted) failure = { step, error };
          break;
        }
        completed = index === this.steps.length - 1;
      }
      if (this.steps.length === 0) completed = true;
      for (const cleanupFailure of await stepCleanups(started, this.context())) {
        if (completed && !failure) failure = cleanupFailure;
        else this.context().error(cleanupFailure.error);
      }
    } finally {
      this.clearTimers();
    }
    await this.finish(completed, failure);
  }

  private context(): JobContext {
    const { signal } = this.controller;
    return {
      jobId: this.row.id,
      signal,
      startedBy: this.row.started_by ?? 'unknown',
      progress: (message) => {
        this.progress.message = redact(message);
        this.changed();
      },
      result: (message, details) => {
        this.progress.results.push({
          message: redact(message),
          timestamp: new Date().toISOString(),
          ...(details ? { details: details.slice(0, MAX_DETAILS).map(redact) } : {}),
        });
        if (this.progress.results.length > MAX_RESULTS) this.progress.results.shift();
        this.changed();
      },
      error: (error) => {
        this.logError(error);
        this.progress.errors.push(toErrorEntry(error));
        if (this.progress.errors.length > MAX_ERRORS) this.progress.errors.shift();
        this.changed();
      },
      throwIfCanceled: () => {
        if (!signal.aborted) return;
        throw signal.reason instanceof Error ? signal.reason : new CanceledError();
      },
    };
  }

  /** Throttles progress writes: at once if the last was long enough ago, else at the next slot. */
  /** A job's error with its stack, for operators reading the server log (the Admin page shows no stacks). */
  private logError(error: unknown): void {
    this.deps.log.error({ err: error, jobId: this.row.id, jobType: this.row.type }, 'job error');
  }

  private changed(): void {
    this.dirty = true;
    if (this.writeTimer || this.released) return;
    const wait = Math.max(0, this.lastWrite + this.deps.progressThrottleMs - Date.now());
    this.writeTimer = setTimeout(() => {
      this.writeTimer = undefined;
      void this.sync(false);
    }, wait);
  }

  /** Writes progress when there is news (or when forced), else only the heartbeat; one at a time. */
  private sync(force: boolean): Promise<void> {
    this.writes = this.writes.then(() => this.syncNow(force));
    return this.writes;
  }

  private async syncNow(force: boolean): Promise<void> {
    if (this.released) return;
    const withProgress = force || this.dirty;
    this.dirty = false;
    try {
      const answer = await touchRunningJob(
        this.deps.db,
        this.row.id,
        this.deps.workerId,
        withProgress ? this.progress : undefined,
      );
      if (withProgress) {
        this.lastWrite = Date.now();
        this.deps.live.publish('jobs', { ids: [this.row.id] });
      }
      if (!answer) {
        this.released = true;
        this.controller.abort(new JobStoppedError('lost'));
      } else if (answer.canceled && !this.controller.signal.aborted) {
        this.controller.abort(new CanceledError());
      }
    } catch (error) {
      if (withProgress) this.dirty = true;
      this.deps.log.error({ err: error, jobId: this.row.id }, 'writing job progress failed');
    }
  }

  private async finish(
    completed: boolean,
    failure: { step: JobStep<Params>; error: unknown } | undefined,
  ): Promise<void> {
    await this.writes;
    if (this.released) return;
    const reason: unknown = this.controller.signal.reason;
    let status: 'Complete' | 'Failed' | 'Cancelled';
    if (failure) {
      status = 'Failed';
      const message = errorMessage(failure.error);
      this.progress.message = `Failed ${failure.step.name}: ${message}`;
      this.logError(failure.error);
      this.progress.errors.push(toErrorEntry(failure.error));
      this.progress.results.push({
        message: `Failed ${failure.step.name}`,
        timestamp: new Date().toISOString(),
        error: { message },
      });
    } else if (completed) {
      status = 'Complete';
      this.progress.stepIndex = this.steps.length;
      this.progress.message = 'Complete';
    } else if (reason instanceof JobStoppedError) {
      status = 'Failed';
      this.progress.message = reason.message;
      this.progress.errors.push(toErrorEntry(reason));
    } else {
      status = 'Cancelled';
      this.progress.message = 'Cancelled';
    }
    try {
      // The verdict and the end of the queue entry commit together: a process killed between
      // the two would otherwise leave pg-boss holding the group's slot for a finished job.
      const written = await this.deps.db.transaction(async (tx) => {
        const ours = await finishRunningJob(
          tx,
          this.row.id,
          this.deps.workerId,
          status,
          this.progress,
        );
        if (ours) await this.deps.settle(tx, status === 'Failed');
        if (ours && status === 'Failed') {
          await this.deps.onFailed?.(tx, {
            jobId: this.row.id,
            message: this.progress.message ?? 'Failed',
            startedBy: this.row.started_by ?? 'unknown',
          });
        }
        return ours;
      });
      if (written) {
        recordJob(this.row.type, OUTCOMES[status], (performance.now() - this.startedAt) / 1000);
        this.deps.live.publish('jobs', { ids: [this.row.id] });
        this.deps.live.publish('job-history', { ids: [this.row.id] });
      }
    } catch (error) {
      // The heartbeat has stopped: a sweeper fails the row once it is stale.
      this.deps.log.error({ err: error, jobId: this.row.id }, 'writing the job result failed');
    }
    this.released = true;
  }

  private clearTimers(): void {
    clearInterval(this.heartbeat);
    clearTimeout(this.deadline);
    clearTimeout(this.writeTimer);
    this.writeTimer = undefined;
  }
}
