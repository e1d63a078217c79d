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
