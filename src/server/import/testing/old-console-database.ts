// A throwaway PostgreSQL database for the old console's data, on the server TEST_DATABASE_URL
// names (the import reads a real PostgreSQL database, so these tests have no PGlite variant).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { survivingLostConnections } from '../../db/lost-connections';

export interface OldConsoleDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createOldConsoleDatabase(serverUrl: string): Promise<OldConsoleDatabase> {
  const name = `old_console_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // drop() ends it just before dropping the database: a client still closing must not crash.
  const pool = survivingLostConnections(new pg.Pool({ connectionString: url.toString(), max: 3 }));
  return {
    url: url.toString(),
    pool,
    drop: async () => {
      await pool.end();
      await admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
