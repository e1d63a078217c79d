// The database's own health: one real round trip, for the readiness probe.
import type { SqlClient } from '../database';

/** Resolves when the database answered a trivial statement; throws when it is unreachable. */
export async function pingDatabase(db: SqlClient): Promise<void> {
  await db.query('SELECT 1');
}
