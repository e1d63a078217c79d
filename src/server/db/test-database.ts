// A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
// on the PostgreSQL server named by TEST_DATABASE_URL, so test files never share state.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './database';
import { migrate } from './migrate';

export interface TestDatabase {
  db: Database;
  /** postgres:// URL of the fresh database (undefined on PGlite). */
  url: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({ dataDir: 'memory://' });
    if (options.migrate !== false) await migrate(db);
    return { db, url: undefined, drop: () => db.close() };
  }
  const name = `pushboard_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolSize: 5 });
  if (options.migrate !== false) await migrate(db);
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.close();
      await withAdminClient(serverUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

async function withAdminClient(url: string, fn: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
