// The PostgreSQL advisory lock that makes one process at a time an upgrade's writer. Session
// level: it is taken and released on one dedicated connection, around the whole of the writer's
// work, which runs on other connections and transactions.
import type { SqlClient } from '../../database';

/** Advisory-lock namespace of upgrade writers (the second key is the upgrade id). */
export const UPGRADE_LOCK_NAMESPACE = 73_205;

/** Waits until no other session holds the key's lock, then holds it. */
export async function acquireUpgradeLock(connection: SqlClient, key: number): Promise<void> {
  await connection.query('SELECT pg_advisory_lock($1, $2)', [UPGRADE_LOCK_NAMESPACE, key]);
}

export async function releaseUpgradeLock(connection: SqlClient, key: number): Promise<void> {
  await connection.query('SELECT pg_advisory_unlock($1, $2)', [UPGRADE_LOCK_NAMESPACE, key]);
}
