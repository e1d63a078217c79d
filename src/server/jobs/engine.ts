// The background job engine (docs/architecture.md "Background jobs"): pg-boss queues on our
// database decide which process runs which job (one running per concurrency group, the rest in
// arrival order), and admin_job rows say what the Admin page shows. A job row and its queue entry
// are written in one transaction, so neither exists without the other.
import { randomUUID } from 'node:crypto';
import type { JobSchedules } from '../config';
import {
  claimScheduleSlot,
  hasQueuedJob,
  insertJob,
  listJobs,
  type JobsSnapshot,
} from '../db/repositories/admin-jobs';
import type { Database } from '../db/database';
import { writeAudit } from '../db/repositories/audit-log';
import { InvalidError } from '../errors';
import type { LivePublisher } from '../live/live-channel';
import { cancelJobs } from './cancel';
import type { JobLogger } from './job-logger';
import { JobWorker } from './job-worker';
import { inTransaction, isJobType, queueNameOf, startBoss } from './queues';
import { ScheduleTimers, UNHANDLED_SCHEDULE_KEYS, plannedSchedules } from './schedules';
import { sweep } from './sweeper';
import type { JobDefinition, JobType } from './types';
import { WebhookWorker } from './webhook-queue';

export interface JobTiming {
  /** Heartbeat and cancel poll of a running job. */
  heartbeatMs: number;
  /** A running job whose heartbeat is older than this is presumed dead. */
  staleAfterMs: number;
  sweepEveryMs: number;
  progressThrottleMs: number;
  maxRunMs: number;
  /** How often an idle worker asks pg-boss for work (pg-boss's minimum is 0.5 s). */
  pollingSeconds: number;
  /** How long stop() lets running jobs wind down after asking them to stop. */
  shutdownGraceMs: number;
}

const DEFAULT_TIMING: JobTiming = {
  heartbeatMs: 1000,
  staleAfterMs: 60_000,
  sweepEveryMs: 15_000,
  progressThrottleMs: 500,
  maxRunMs: 22 * 3600_000,
  pollingSeconds: 1,
  shutdownGraceMs: 10_000,
};

/** The history the Admin page shows (all finished jobs, newest first). */
export const HISTORY_LIMIT = 200;

export interface JobEngineOptions {
  db: Database;
  live: LivePublisher;
  log: JobLogger;
  definitions: readonly JobDefinition[];
  /** config.ROLE: pg-boss maintenance runs only where jobs run. */
  role: 'all' | 'web' | 'worker';
  timing?: Partial<JobTiming>;
  /** Attempts one webhook delivery (services/webhooks/deliver.ts); omitted, none are sent here. */
  deliverWebhook?: (deliveryId: string) => Promise<void>;
}

export interface StartOptions {
  /** The schedule's interval in ms (shown on the job); omitted for a manual run. */
  intervalMs?: number | null;
  /**
   * The audit row of a manual start (it commits with the job's row): 'job.start' on the job by
   * default; a service that starts a job for its own action names that action and its target.
   */
  audit?: JobStartAudit;
}

export interface JobStartAudit {
  action: string;
  targetType: string;
  /** Null when the action has no single target (an import of many org ids). */
  targetId: string | null;
  details?: Record<string, unknown>;
}

export interface JobEngine {
  /** This process's worker id, written on the jobs it runs. */
  readonly workerId: string;
  /** Queues a job; answers its id. */
  start(
    type: JobType,
    params: Record<string, unknown>,
    startedBy: string,
    options?: StartOptions,
  ): Promise<string>;
  /** 404 for an unknown id, 409 for a finished job, one at its last step or already canceled. */
  cancel(jobIds: readonly string[], actor: string): Promise<void>;
  snapshot(): Promise<JobsSnapshot>;
  /** Runs jobs in this process (ROLE worker or all), after recovering those of dead processes. */
  startWorker(): Promise<void>;
  startSchedules(schedules: JobSchedules | undefined, demoMode: boolean): Promise<void>;
  /** One pass of restart recovery (startWorker runs it periodically). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

export async function createJobEngine(options: JobEngineOptions): Promise<JobEngine> {
  const { db, live, log } = options;
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const definitions = new Map<string, JobDefinition>();
  for (const definition of options.definitions) {
    if (definitions.has(definition.type)) {
      throw new Error(`Two job definitions have the type "${definition.type}".`);
    }
    definitions.set(definition.type, definition);
  }
  const workerId = `${process.pid}-${randomUUID()}`;
  const boss = await startBoss(db, {
    supervise: options.role !== 'web',
    onError: (error) => log.error({ err: error }, 'job queue error'),
  });
  const worker = new JobWorker({ db, boss, live, log, workerId, definitions, timing });
  const webhooks = options.deliverWebhook
    ? new WebhookWorker({
        db,
        boss,
        log,
        deliver: options.deliverWebhook,
        pollingSeconds: timing.pollingSeconds,
        sweepEveryMs: Math.max(timing.sweepEveryMs, 1000),
      })
    : undefined;
  const timers = new ScheduleTimers(async (job, slot) => {
    await enqueue(job.type, {}, 'schedule', job.intervalMs, { key: job.key, slot });
  }, log);
  let sweepTimer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  let stopped = false;

  /** Inserts the row and the queue entry together; for a schedule, only if it wins the slot. */
  async function enqueue(
    type: JobType,
    params: Record<string, unknown>,
    startedBy: string,
    intervalMs: number | null,
    slot?: { key: string; slot: number },
    audit?: JobStartAudit,
  ): Promise<string | undefined> {
    if (!isJobType(type)) throw new InvalidError(`There is no job type "${String(type)}".`);
    const definition = definitions.get(type);
    const id = randomUUID();
    const queued = await db.transaction(async (tx) => {
      if (slot) {
        if (!(await claimScheduleSlot(tx, slot.key, slot.slot))) return false;
        // The slot is spent either way: a job of this type already waiting will do the work.
        if (await hasQueuedJob(tx, type)) return false;
        if (await definition?.idle?.(tx)) return false;
      }
      await insertJob(tx, {
        id,
        type,
        name: definition?.name(params) ?? type,
        stepCount: definition?.steps(params).length ?? 0,
        params,
        startedBy,
        intervalMs,
      });
      await boss.send(queueNameOf(type), { type }, { id, db: inTransaction(tx) });
      // A person's start (schedules fire unattended and are not audited).
      if (!slot) {
        await writeAudit(tx, {
          actor: startedBy,
          action: audit?.action ?? 'job.start',
          targetType: audit ? audit.targetType : 'admin_job',
          targetId: audit ? audit.targetId : id,
          outcome: 'success',
          details: { jobId: id, type, ...compactParams(params), ...audit?.details },
        });
      }
      return true;
    });
    if (!queued) return undefined;
    live.publish('job-queue', { ids: [id] });
    worker.wake(type);
    return id;
  }

  const sweepOnce = (): Promise<void> => {
    sweeping ??= sweep({
      db,
      boss,
      live,
      log,
      staleAfterMs: timing.staleAfterMs,
      aliveIds: () => worker.aliveIds(),
      definitions,
    }).finally(() => (sweeping = undefined));
    return sweeping;
  };

  return {
    workerId,
    async start(type, params, startedBy, startOptions = {}) {
      const id = await enqueue(
        type,
        params,
        startedBy,
        startOptions.intervalMs ?? null,
        undefined,
        startOptions.audit,
      );
      // Only a schedule that lost its slot queues nothing; a manual start always queues.
      if (!id) throw new Error(`The ${type} job was not queued.`);
      return id;
    },
    cancel: (jobIds, actor) => cancelJobs({ db, boss, live }, jobIds, actor),
    snapshot: () => listJobs(db, HISTORY_LIMIT),
    sweep: sweepOnce,
    async startWorker() {
      if (worker.started || stopped) return;
      // Recover the jobs of dead processes first: their groups are blocked until then.
      await sweepOnce();
      await worker.start();
      await webhooks?.start();
      sweepTimer = setInterval(() => {
        sweepOnce().catch((error: unknown) => log.error({ err: error }, 'job sweep failed'));
      }, timing.sweepEveryMs);
    },
    async startSchedules(schedules, demoMode) {
      if (stopped) return;
      for (const key of UNHANDLED_SCHEDULE_KEYS) {
        const value = schedules?.[key];
        if (value !== undefined && value > 0) {
          log.warn({ schedule: key }, 'this schedule is not run by the background job engine');
        }
      }
      // A timer for a job nobody can run would only fill the history with failures.
      const runnable = (job: { type: JobType }) => {
        if (definitions.has(job.type)) return true;
        log.warn({ type: job.type }, 'no job definition for a scheduled job type; not scheduled');
        return false;
      };
      const planned = plannedSchedules(schedules, demoMode);
      timers.start({
        recurring: planned.recurring.filter(runnable),
        once: planned.once.filter(runnable),
      });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(sweepTimer);
      await timers.stop();
      await sweeping?.catch(() => undefined);
      await webhooks?.stop();
      await worker.stop();
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}

/** A job's parameters for its audit row: long lists (an import's org ids) are counted instead. */
function compactParams(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) =>
      Array.isArray(value) && value.length > 20 ? [key, { count: value.length }] : [key, value],
    ),
  );
}
