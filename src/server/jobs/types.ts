// The contract between the job engine and the jobs it runs
// (docs/architecture.md "Background jobs"). A job is a named list of steps; the engine records
// progress in admin_job, checks for cancellation between steps, and publishes jobs / job-queue /
// job-history on the live channel.
import type { SqlClient } from '../db/database';

export type JobType =
  | 'fetch'
  | 'fetch-all'
  | 'refresh-org-versions'
  | 'refresh-group-versions'
  | 'monitor-orgs'
  | 'upload-orgs'
  | 'import-orgs'
  | 'fetch-upgrades'
  | 'refresh-upgrade'
  | 'rekey-secrets'
  | 'import-old-console';

export interface JobContext {
  /** The admin_job id. */
  readonly jobId: string;
  /** Aborted when the job is canceled; pass it to every Salesforce page loop. */
  readonly signal: AbortSignal;
  /** Who started it ('schedule' for timers). */
  readonly startedBy: string;
  /** Latest progress text (written throttled, pushed live). */
  progress(message: string): void;
  /** Appends a result line, e.g. 'Fetched 5 000 licenses' with optional detail lines. */
  result(message: string, details?: string[]): void;
  /** Records a non-fatal error; the job goes on (a fatal one is thrown instead). */
  error(error: unknown): void;
  /** Throws a CanceledError when the job was canceled. */
  throwIfCanceled(): void;
}

export interface JobStep<P> {
  /** Shown as progress before the step runs, e.g. 'Fetching licenses'. */
  name: string;
  run(context: JobContext, params: P): Promise<void>;
  /**
   * Undoes what this step began for later steps to finish (the fetch's bulk loads), once the
   * job's steps are over however they ended: all done, one failed, canceled or stopped between
   * or within steps. Runs only if this step started, last started first, while the heartbeat
   * still beats and before the verdict is written (stepCleanups). After a cancel its context's
   * signal is already aborted: it must finish regardless. What it throws fails a job that would
   * have completed, and is listed among the errors of one that did not.
   */
  cleanup?(context: JobContext): Promise<void>;
}

export interface JobDefinition<P = Record<string, unknown>> {
  type: JobType;
  /** Display name, e.g. 'Fetch latest data'. */
  name(params: P): string;
  steps(params: P): JobStep<P>[];
  /**
   * For a job that also runs on a schedule: whether a scheduled run would find nothing to do, so
   * it is skipped rather than filling the job history (a manual run always goes ahead). Asked in
   * the transaction that claims the schedule's slot.
   */
  idle?(db: SqlClient): Promise<boolean>;
  /**
   * Runs in the transaction that records the job Failed (a step threw, it was stopped, or the
   * sweeper found its process dead or its queue entry lost), so what it writes commits exactly
   * with that verdict: the fetch's 'fetch.failed' webhook event.
   */
  onFailed?(tx: SqlClient, failure: JobFailure): Promise<void>;
}

export interface JobFailure {
  jobId: string;
  /** What the Admin page shows as the job's message, e.g. 'Failed Fetching licenses: …'. */
  message: string;
  startedBy: string;
}
