// Applies src/server/db/migrations/NNNN_name.sql in order, each once, each in its own
// transaction, under a session advisory lock so that concurrent processes never race.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// An arbitrary constant shared by every Pushboard process.
const MIGRATION_LOCK_KEY = 7_320_514_001;

export interface Migration {
  id: string;
  sql: string;
}

export function listMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ id: name.replace(/\.sql$/, ''), sql: readFileSync(dir + name, 'utf8') }));
}

/** Returns the ids of the migrations applied by this call (empty when already up to date). */
export async function migrate(
  db: Database,
  migrations: Migration[] = listMigrations(),
): Promise<string[]> {
  return db.withConnection(async (client) => {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.exec(`CREATE TABLE IF NOT EXISTS schema_migration (
        id text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = new Set(
        (await client.query<{ id: string }>('SELECT id FROM schema_migration')).rows.map(
          (r) => r.id,
        ),
      );
      const applied: string[] = [];
      for (const migration of migrations) {
        if (done.has(migration.id)) continue;
        await client.exec('BEGIN');
        try {
          await client.exec(migration.sql);
          await client.query('INSERT INTO schema_migration (id) VALUES ($1)', [migration.id]);
          await client.exec('COMMIT');
        } catch (error) {
          await client.exec('ROLLBACK');
          throw new Error(`Migration ${migration.id} failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
        applied.push(migration.id);
      }
      return applied;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}
