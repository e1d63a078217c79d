// First loads into an empty table without its secondary indexes and foreign keys, rebuilt once
// the load is done — PostgreSQL's own advice for populating a database. A million licenses then
// cost one sort per index and one set-based check per foreign key, instead of an index insert
// and a trigger-run lookup per row per structure (bench/sync).
//
// The definitions dropped are read from the catalog and kept in sync_state in the same
// transaction as the drop, so nothing is duplicated from the migrations and nothing is lost: a
// process that dies mid-load leaves them there, and the next fetch or start rebuilds them.
import type { Database, SqlClient } from '../database';

/** The tables a full fetch loads in bulk. */
export const BULK_TABLES = ['account', 'license', 'org', 'org_package_version'] as const;
export type BulkTable = (typeof BULK_TABLES)[number];

interface Deferred {
  /** CREATE INDEX statements, as pg_get_indexdef gives them. */
  indexes: { name: string; definition: string }[];
  /** Foreign keys, as pg_get_constraintdef gives them. */
  foreignKeys: { name: string; definition: string }[];
}

const stateKey = (table: BulkTable) => `bulk_load:${table}`;

/**
 * When `table` is empty: drops its secondary indexes and foreign keys and remembers them.
 * Answers whether it did (a table with rows is written the ordinary way).
 */
export async function beginBulkLoad(db: Database, table: BulkTable): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Taken before looking, so no writer can slip a row in between.
    await tx.exec(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
    const { rows: present } = await tx.query(`SELECT 1 FROM ${table} LIMIT 1`);
    if (present.length > 0) return false;
    const deferred: Deferred = {
      indexes: (
        await tx.query<{ name: string; definition: string }>(
          `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
           FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
           WHERE i.indrelid = $1::regclass AND NOT i.indisunique AND NOT i.indisprimary
           ORDER BY c.relname`,
          [table],
        )
      ).rows,
      foreignKeys: (
        await tx.query<{ name: string; definition: string }>(
          `SELECT conname AS name, pg_get_constraintdef(oid) AS definition
           FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'
           ORDER BY conname`,
          [table],
        )
      ).rows,
    };
    if (deferred.indexes.length === 0 && deferred.foreignKeys.length === 0) return false;
    await tx.query(
      `INSERT INTO sync_state (key, value, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [stateKey(table), JSON.stringify(deferred)],
    );
    for (const fk of deferred.foreignKeys) {
      await tx.exec(`ALTER TABLE ${table} DROP CONSTRAINT ${quoteName(fk.name)}`);
    }
    for (const index of deferred.indexes) await tx.exec(`DROP INDEX ${quoteName(index.name)}`);
    return true;
  });
}

/** Rebuilds what beginBulkLoad dropped from `table` (nothing when it dropped nothing). */
export async function endBulkLoad(db: Database, table: BulkTable): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ value: Deferred }>(
      'SELECT value FROM sync_state WHERE key = $1 FOR UPDATE',
      [stateKey(table)],
    );
    const deferred = rows[0]?.value;
    if (!deferred) return;
    // Each index of a million licenses then sorts in memory instead of spilling to disk. PGlite
    // keeps its default: its memory is this process's.
    if (db.kind === 'postgres') await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    for (const index of deferred.indexes) {
      const { rows: found } = await tx.query('SELECT to_regclass($1) AS oid', [index.name]);
      if (found[0]?.oid == null) await tx.exec(index.definition);
    }
    for (const fk of deferred.foreignKeys) {
      const { rows: found } = await tx.query(
        'SELECT 1 FROM pg_constraint WHERE conrelid = $1::regclass AND conname = $2',
        [table, fk.name],
      );
      // Checks every row in one set-based pass; an orphan fails the whole rebuild, loudly.
      if (found.length === 0) {
        await tx.exec(`ALTER TABLE ${table} ADD CONSTRAINT ${quoteName(fk.name)} ${fk.definition}`);
      }
    }
    await tx.query('DELETE FROM sync_state WHERE key = $1', [stateKey(table)]);
  });
}

/** Tables whose bulk load has not ended: their indexes and foreign keys are still to rebuild. */
export async function pendingBulkLoads(db: SqlClient): Promise<BulkTable[]> {
  const { rows } = await db.query<{ key: string }>(
    `SELECT key FROM sync_state WHERE key LIKE 'bulk_load:%'`,
  );
  return BULK_TABLES.filter((table) => rows.some((row) => row.key === stateKey(table)));
}

/** Rebuilds whatever an interrupted bulk load left dropped (at start-up and before a fetch). */
export async function finishInterruptedBulkLoads(db: Database): Promise<BulkTable[]> {
  const tables = await pendingBulkLoads(db);
  for (const table of tables) await endBulkLoad(db, table);
  return tables;
}

/** An identifier from the catalog, quoted for DDL. */
function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
