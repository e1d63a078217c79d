// Locks around setting up the job queue (pg-boss's own SQL runs through db/pg-boss-db.ts).
import type { SqlClient } from '../database';

// An arbitrary constant shared by every Pushboard process (the migrations use …001).
const QUEUE_SETUP_LOCK_KEY = 7_320_514_002;

/**
 * Waits until no other process is setting up the queues, then holds the lock for this session:
 * processes starting together on a fresh database would deadlock creating the queues (each queue
 * attaches a partition to pg-boss's job table), so they set up one at a time. The client must be
 * one dedicated connection, the same one that releases the lock.
 */
export async function acquireQueueSetupLock(client: SqlClient): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1)', [QUEUE_SETUP_LOCK_KEY]);
}

export async function releaseQueueSetupLock(client: SqlClient): Promise<void> {
  await client.query('SELECT pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK_KEY]);
}

/**
 * Whether pg-boss's queue `name` exists on this database, asked without touching pg-boss's tables
 * when they are absent (a failed statement would abort the caller's transaction).
 */
export async function jobQueueExists(db: SqlClient, name: string): Promise<boolean> {
  const { rows } = await db.query<{ ready: boolean }>(
    `SELECT to_regclass('pgboss.queue') IS NOT NULL AS ready`,
  );
  if (!rows[0]?.ready) return false;
  const queue = await db.query('SELECT 1 FROM pgboss.queue WHERE name = $1', [name]);
  return queue.rows.length > 0;
}
