// pg-boss on our database: one queue per concurrency group, each with the 'singleton' policy, so
// PostgreSQL itself guarantees one running job per group across every process (a unique index on
// the active job) while the rest wait and are claimed oldest first (FOR UPDATE SKIP LOCKED).
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database, SqlClient } from '../db/database';
import type { PgliteThread } from '../db/pglite-client';
import type { JobType } from './types';

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

// An arbitrary constant shared by every Pushboard process (the migrations use …001).
const QUEUE_SETUP_LOCK_KEY = 7_320_514_002;

/*
 * pg-boss sends multi-statement strings ("BEGIN; …; COMMIT;") without parameters. PGlite's
 * query() rejects those, so they go through exec() (dependencies.md). And when one statement of
 * such a string fails (pg-boss expects that in a race to create its schema), the connection is
 * left inside an aborted transaction that would poison every later query on it: on PGlite the
 * string runs inside a PGlite transaction, which rolls back on error before any other query may
 * run; on PostgreSQL it runs on a checked-out client that is rolled back before it is released.
 */
function pgliteDb(pglite: PgliteThread): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
      return { rows: await pglite.transaction((tx) => pglite.exec(text, tx)) };
    },
  };
}

function poolDb(pool: pg.Pool): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return pool.query(text, values);
      const client = await pool.connect();
      try {
        return await client.query(text);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

/** pg-boss statements on one of our transactions, so a job row and its queue entry commit together. */
export function inTransaction(tx: SqlClient): PgBoss.Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => ({
      rows: (await tx.query(text, values ?? [])).rows,
    }),
  };
}

function bossDbOf(db: Database): PgBoss.Db {
  if (db.embedded) return pgliteDb(db.embedded);
  if (db.pool) return poolDb(db.pool);
  throw new Error(`The job queue needs PGlite or a PostgreSQL pool (database kind ${db.kind}).`);
}

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
  // Processes starting together on a fresh database would deadlock creating the queues (each
  // queue attaches a partition to pg-boss's job table), so they set up one at a time.
  await db.withConnection(async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [QUEUE_SETUP_LOCK_KEY]);
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
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK_KEY]);
    }
  });
  return boss;
}
