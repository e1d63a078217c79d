// The webhook delivery queue (docs/product.md "Webhooks"). A delivery's row is the truth
// (webhook_delivery); a pg-boss job only says "attempt delivery X at time T", written in the same
// transaction as the row or as its retry, so a delivery is queued exactly when its change commits.
// A job for a delivery that is done, not due, or being sent elsewhere does nothing, so the sweep
// may queue an overdue delivery again (its job lost, or written where no queue existed) safely.
import PgBoss from 'pg-boss';
import type { Database, SqlClient } from '../db/database';
import { inTransaction } from '../db/pg-boss-db';
import { jobQueueExists } from '../db/repositories/job-queue';
import { takeOverdueDeliveries } from '../db/repositories/webhook-deliveries';
import type { JobLogger } from './job-logger';

export const WEBHOOK_QUEUE = 'pushboard_webhook_delivery';

/**
 * Unlike the admin jobs' singleton queues, deliveries to different receivers go side by side, and
 * pg-boss never retries one itself: the delivery's own retry waits decide (retry-schedule.ts).
 */
export const WEBHOOK_QUEUE_OPTIONS: PgBoss.Queue = {
  name: WEBHOOK_QUEUE,
  policy: 'standard',
  retryLimit: 0,
  // One attempt waits at most 10 s for its receiver.
  expireInSeconds: 120,
};

/**
 * pg-boss writes its job rows with its own SQL; this instance is never started and only lends
 * that SQL to a caller's transaction (the `db` it was made with is never used).
 */
const JOB_WRITER = new PgBoss({
  db: {
    executeSql: () => Promise.reject(new Error('The webhook job writer runs on a transaction.')),
  },
  schedule: false,
  supervise: false,
  migrate: false,
});

/**
 * Queues an attempt of each delivery `afterMs` from now (the database's clock) in the caller's
 * transaction. On a database where the job queue was never set up (a test without a job engine)
 * nothing is queued and the rows wait for the sweep; answers whether the jobs were written.
 */
export async function enqueueWebhookDeliveries(
  tx: SqlClient,
  deliveryIds: readonly string[],
  afterMs = 0,
): Promise<boolean> {
  if (deliveryIds.length === 0) return true;
  if (!(await jobQueueExists(tx, WEBHOOK_QUEUE))) return false;
  for (const deliveryId of deliveryIds) {
    await JOB_WRITER.send(
      WEBHOOK_QUEUE,
      { deliveryId },
      // pg-boss adds a text interval to its now(): the same clock the delivery row was given.
      { db: inTransaction(tx), ...(afterMs > 0 ? { startAfter: `${afterMs} milliseconds` } : {}) },
    );
  }
  return true;
}

export interface WebhookWorkerOptions {
  db: Database;
  boss: PgBoss;
  log: JobLogger;
  /** Attempts one delivery; never throws for a receiver's failure. */
  deliver: (deliveryId: string) => Promise<void>;
  pollingSeconds: number;
  /** How often overdue deliveries are queued again. */
  sweepEveryMs: number;
  /** How late a due delivery may be before the sweep presumes its job lost. */
  overdueSeconds?: number;
}

/** Attempts queued deliveries in this process, several at a time, and sweeps for lost ones. */
export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private working = false;
  private sweeping: Promise<void> | undefined;

  constructor(private readonly options: WebhookWorkerOptions) {}

  async start(): Promise<void> {
    if (this.working) return;
    this.working = true;
    const { boss, pollingSeconds } = this.options;
    // After a restart every due delivery is queued again at once (a duplicate job is harmless).
    await this.sweep(0);
    await boss.work<{ deliveryId: string }>(
      WEBHOOK_QUEUE,
      { batchSize: 5, pollingIntervalSeconds: pollingSeconds },
      async (jobs) => {
        await Promise.all(jobs.map((job) => this.attempt(job.data.deliveryId)));
      },
    );
    this.timer = setInterval(
      () => void this.sweep(this.options.overdueSeconds ?? 60),
      this.options.sweepEveryMs,
    );
  }

  async stop(): Promise<void> {
    if (!this.working) return;
    this.working = false;
    clearInterval(this.timer);
    await this.sweeping;
    await this.options.boss.offWork(WEBHOOK_QUEUE);
  }

  /** Queues overdue deliveries again; one sweep at a time. */
  sweep(overdueSeconds: number): Promise<void> {
    this.sweeping ??= this.options.db
      .transaction(async (tx) => {
        const ids = await takeOverdueDeliveries(tx, overdueSeconds, 500);
        await enqueueWebhookDeliveries(tx, ids);
      })
      .catch((error: unknown) => this.options.log.error({ err: error }, 'webhook sweep failed'))
      .finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async attempt(deliveryId: string): Promise<void> {
    try {
      await this.options.deliver(deliveryId);
    } catch (error) {
      // Even recording the failed attempt failed (deliverWebhook counts any other error as an
      // attempt): the row stays pending and claimed until its lease ends; the sweep queues it again.
      this.options.log.error({ err: error, deliveryId }, 'webhook delivery failed');
    }
  }
}
