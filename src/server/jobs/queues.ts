// pg-boss on our database: one queue per concurrency group, each with the 'singleton' policy, so
// PostgreSQL itself guarantees one running job per group across every process (a unique index on
// the active job) while the rest wait and are claimed oldest first (FOR UPDATE SKIP LOCKED).
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import { bossDbOf } from '../db/pg-boss-db';
import { acquireQueueSetupLock, releaseQueueSetupLock } from '../db/repositories/job-queue';
import type { JobType } from './types';
import { WEBHOOK_QUEUE_OPTIONS } from './webhook-queue';

// The job modules pass pg-boss our transaction from here, beside the queue names they use with it.
export { inTransaction } from '../db/pg-boss-db';

/**
 * Jobs that write the same tables share a group: 'fetch' and 'fetch-all' both sync every table,
 * so they never run side by side; refreshing one org's or group's versions may run beside them.
 * A Record, so that a new JobType does not compile until someone chooses its group.
 */
const CONCURRENCY_GROUP: Record<JobType, string> = {
  fetch: 'sync',
  'fetch-all': 'sync',
  'refresh-org-versions': 'refresh_org_versions',
  'refresh-group-versions': 'refresh_group_versions',
  'monitor-orgs': 'monitor_orgs',
  'upload-orgs': 'upload_orgs',
  // The org import writes the orgs it finds, like a refresh of their versions.
  'import-orgs': 'import_orgs',
  // The monitor and a Refresh write the same upgrade rows: one at a time.
  'fetch-upgrades': 'upgrades',
  'refresh-upgrade': 'upgrades',
  // Re-sealing tokens after a SECRET_KEY rotation: its own queue, it touches no synced data.
  'rekey-secrets': 'rekey_secrets',
  // The import from the old console writes groups and history once: one import at a time.
  'import-old-console': 'import_old_console',
};

export const JOB_TYPES = Object.keys(CONCURRENCY_GROUP) as JobType[];

export function isJobType(value: string): value is JobType {
  return Object.hasOwn(CONCURRENCY_GROUP, value);
}

/** The pg-boss queue a job type runs on (rows of unknown types were refused at start). */
export function queueNameOf(type: string): string {
  const group = isJobType(type) ? CONCURRENCY_GROUP[type] : type.replace(/\W/g, '_');
  return `pushboard_${group}`;
}

export const QUEUE_NAMES = [...new Set(JOB_TYPES.map(queueNameOf))];

/**
 * pg-boss's own expiry is only the last resort (its maximum is 24 h): a long fetch must not be
 * killed by it. Dead workers are detected sooner by our heartbeat sweeper, which then fails the
 * pg-boss job so that the group's next job can run.
 */
export const BOSS_EXPIRE_SECONDS = 23 * 3600;

export async function startBoss(
  db: Database,
  options: { supervise: boolean; onError: (error: Error) => void },
): Promise<PgBoss> {
  const boss = new PgBoss({
    db: bossDbOf(db),
    // Our schedules use time slots in job_schedule (see schedules.ts), not pg-boss cron.
    schedule: false,
    supervise: options.supervise,
    migrate: true,
  });
  boss.on('error', options.onError);
  // Processes starting together on a fresh database set up the queues one at a time.
  await db.withConnection(async (client) => {
    await acquireQueueSetupLock(client);
    try {
      await boss.start();
      for (const name of QUEUE_NAMES) {
        const queue: PgBoss.Queue = {
          name,
          policy: 'singleton',
          // A job whose process died is failed, not run again: a half-done fetch is safer re-run
          // by its schedule or by a person who sees the failure than silently restarted.
          retryLimit: 0,
          expireInSeconds: BOSS_EXPIRE_SECONDS,
        };
        await boss.createQueue(name, queue);
        await boss.updateQueue(name, queue);
      }
      // Webhook deliveries: many side by side, no admin_job rows (webhook-queue.ts).
      await boss.createQueue(WEBHOOK_QUEUE_OPTIONS.name, WEBHOOK_QUEUE_OPTIONS);
      await boss.updateQueue(WEBHOOK_QUEUE_OPTIONS.name, WEBHOOK_QUEUE_OPTIONS);
    } finally {
      await releaseQueueSetupLock(client);
    }
  });
  return boss;
}
