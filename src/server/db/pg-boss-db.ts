// pg-boss runs its SQL through these adapters, on our database handle: the job queue lives in the
// same database as everything else, and its statements go through the database layer like ours.
import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database, SqlClient } from './database';
import type { PgliteThread } from './pglite-client';

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

/** The connection pg-boss uses on its own: the embedded engine's thread or the pool. */
export function bossDbOf(db: Database): PgBoss.Db {
  if (db.embedded) return pgliteDb(db.embedded);
  if (db.pool) return poolDb(db.pool);
  throw new Error(`The job queue needs PGlite or a PostgreSQL pool (database kind ${db.kind}).`);
}

/** pg-boss statements on one of our transactions, so a job row and its queue entry commit together. */
export function inTransaction(tx: SqlClient): PgBoss.Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => ({
      rows: (await tx.query(text, values ?? [])).rows,
    }),
  };
}
