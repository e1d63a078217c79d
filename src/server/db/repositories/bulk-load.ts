// First loads into an empty table without its secondary indexes and foreign keys, rebuilt once
// the load is done — PostgreSQL's own advice for populating a database. A million licenses then
// cost one sort per index and one set-based check per foreign key, instead of an index insert
// and a trigger-run lookup per row per structure (bench/sync). Statement triggers that keep a
// derived table are turned off too, and their work done once at the end (STATEMENT_TRIGGERS).
//
// The definitions dropped are read from the catalog and kept in sync_state in the same
// transaction as the drop, so nothing is duplicated from the migrations and nothing is lost: a
// process that dies mid-load leaves them there, and the next fetch or start rebuilds them.
import type { Database, SqlClient } from '../database';

/** The tables a full fetch loads in bulk. */
export const BULK_TABLES = ['account', 'license', 'org', 'org_package_version'] as const;
export type BulkTable = (typeof BULK_TABLES)[number];

interface IndexDefinition {
  name: string;
  /** The CREATE INDEX statement, as pg_get_indexdef gives it. */
  definition: string;
}

interface ForeignKey {
  name: string;
  /** As pg_get_constraintdef gives it: 'FOREIGN KEY (…) REFERENCES …(…) ON DELETE …'. */
  definition: string;
}

interface Deferred {
  indexes: IndexDefinition[];
  foreignKeys: ForeignKey[];
  /** Triggers turned off for the load (STATEMENT_TRIGGERS); absent in loads begun before them. */
  triggers?: string[];
}

/**
 * Statement triggers a bulk load of the table turns off, and the one statement that does, once the
 * load ends, what they would have done page by page. The license triggers note the accounts that
 * licenses name but that are not stored (0015_list_sort_indexes.sql): in a first fetch the
 * accounts come after the licenses, so every page of licenses noted some 1 500 accounts again (a
 * quarter of PostgreSQL's samples inserting licenses in a profile); one anti-join over the loaded licenses notes
 * them all. Until the load ends, licenses sorted by account name may place a license of a
 * missing account out of the empty names' group, as any list of a table being loaded is partial.
 */
const STATEMENT_TRIGGERS: { [T in BulkTable]?: { names: string[]; catchUp: string } } = {
  license: {
    names: ['license_accounts_inserted', 'license_accounts_updated'],
    catchUp: `INSERT INTO license_account_unknown (account_id)
      SELECT DISTINCT l.account_id FROM license l
      WHERE l.account_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM account a WHERE a.account_id = l.account_id)
      ON CONFLICT DO NOTHING`,
  },
};

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
    deferred.triggers = STATEMENT_TRIGGERS[table]?.names ?? [];
    await tx.query(
      `INSERT INTO sync_state (key, value, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [stateKey(table), JSON.stringify(deferred)],
    );
    for (const fk of deferred.foreignKeys) {
      await tx.exec(`ALTER TABLE ${table} DROP CONSTRAINT ${quoteName(fk.name)}`);
    }
    for (const index of deferred.indexes) await tx.exec(`DROP INDEX ${quoteName(index.name)}`);
    for (const name of deferred.triggers) {
      await tx.exec(`ALTER TABLE ${table} DISABLE TRIGGER ${quoteName(name)}`);
    }
    return true;
  });
}

/** Rebuilds what beginBulkLoad dropped from `table` (nothing when it dropped nothing). */
export async function endBulkLoad(db: Database, table: BulkTable): Promise<void> {
  await endBulkLoads(db, [table]);
}

/**
 * Index builds side by side on PostgreSQL: the rest of a fetch waits for them, so each connection
 * keeps a core busy (a million licenses carry sixteen secondary indexes). PGlite is one
 * connection.
 */
const INDEX_LANES = 2;

/**
 * Rebuilds what beginBulkLoad dropped from each of `tables`. On PostgreSQL the indexes are built
 * first, side by side, each in a transaction of its own (one that finds it built already leaves
 * it); then, per table, the foreign keys are added and the load is ended in one transaction,
 * which also builds whatever index is still missing. A process that dies in between leaves the
 * load pending, and the next rebuild does the rest.
 */
export async function endBulkLoads(db: Database, tables: readonly BulkTable[]): Promise<void> {
  if (db.kind === 'postgres')
    await buildIndexes(db, await deferredIndexes(db, tables), INDEX_LANES);
  for (const table of tables) await finishBulkLoad(db, table);
}

/** Index builds going on while their caller does other work (startEarlyIndexBuilds). */
export interface EarlyIndexBuilds {
  /** Takes no further index; settles once the build under way has ended. Never rejects. */
  stop(): Promise<void>;
}

/**
 * On PostgreSQL, starts rebuilding what a bulk load dropped from `table` before the load ends:
 * the indexes named in `now` at once, then the others one at a time on one connection while the
 * caller goes on; the load stays pending (foreign keys, triggers) until endBulkLoads, which
 * builds whatever these builds did not. Only for a table nothing writes until then: each build
 * holds a SHARE lock, which writers wait for. PGlite, one connection, builds nothing early.
 */
export async function startEarlyIndexBuilds(
  db: Database,
  table: BulkTable,
  now: readonly string[],
): Promise<EarlyIndexBuilds> {
  const indexes = db.kind === 'postgres' ? await deferredIndexes(db, [table]) : [];
  const first = indexes.filter((index) => now.includes(index.name));
  const later = indexes.filter((index) => !now.includes(index.name));
  await buildIndexes(db, first, INDEX_LANES);
  // A failed build is not reported here: endBulkLoads builds what is missing, and reports it.
  const building = buildIndexes(db, later, 1).catch(() => undefined);
  return {
    stop: () => {
      later.length = 0;
      return building;
    },
  };
}

/**
 * Builds `indexes` on `lanes` connections, each lane taking the next from the front of the array
 * (emptying it stops them). Every lane settles before a failure is reported: no build outlives
 * the call.
 */
async function buildIndexes(
  db: Database,
  indexes: IndexDefinition[],
  lanes: number,
): Promise<void> {
  const lane = async () => {
    for (let index = indexes.shift(); index; index = indexes.shift()) {
      const { name, definition } = index;
      await db.transaction(async (tx) => {
        // The lanes already build side by side; no parallel workers on top of that.
        await tx.query(`SET LOCAL maintenance_work_mem = '${MAINTENANCE_MEMORY}'`);
        await tx.query('SET LOCAL max_parallel_maintenance_workers = 0');
        // One builder per index, whichever process or lane rebuilds: another waits, then skips it.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`bulk_load:${name}`]);
        if (!(await indexExists(tx, name))) await tx.exec(definition);
      });
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: lanes }, lane));
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
}

async function deferredIndexes(
  db: SqlClient,
  tables: readonly BulkTable[],
): Promise<IndexDefinition[]> {
  const indexes: IndexDefinition[] = [];
  for (const table of tables) indexes.push(...((await deferredOf(db, table))?.indexes ?? []));
  return indexes;
}

/** maintenance_work_mem for the rebuilds on PostgreSQL: each index sorts in memory. */
const MAINTENANCE_MEMORY = '256MB';

async function deferredOf(db: SqlClient, table: BulkTable): Promise<Deferred | undefined> {
  const { rows } = await db.query<{ value: Deferred }>(
    'SELECT value FROM sync_state WHERE key = $1',
    [stateKey(table)],
  );
  return rows[0]?.value;
}

async function indexExists(db: SqlClient, name: string): Promise<boolean> {
  const { rows } = await db.query<{ oid: unknown }>('SELECT to_regclass($1) AS oid', [name]);
  return rows[0]?.oid != null;
}

/** Builds what is still missing of `table`'s load, adds its foreign keys and ends the load. */
async function finishBulkLoad(db: Database, table: BulkTable): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ value: Deferred }>(
      'SELECT value FROM sync_state WHERE key = $1 FOR UPDATE',
      [stateKey(table)],
    );
    const deferred = rows[0]?.value;
    if (!deferred) return;
    // Each index of a million licenses then sorts in memory instead of spilling to disk. PGlite
    // keeps its default: its memory is this process's.
    if (db.kind === 'postgres') {
      await tx.query(`SET LOCAL maintenance_work_mem = '${MAINTENANCE_MEMORY}'`);
    }
    for (const index of deferred.indexes) {
      if (!(await indexExists(tx, index.name))) await tx.exec(index.definition);
    }
    for (const fk of deferred.foreignKeys) {
      const { rows: found } = await tx.query(
        'SELECT 1 FROM pg_constraint WHERE conrelid = $1::regclass AND conname = $2',
        [table, fk.name],
      );
      if (found.length === 0) await restoreForeignKey(tx, table, fk);
    }
    // Turned back on under this transaction's lock, so no write slips between them and the
    // catch-up.
    for (const name of deferred.triggers ?? []) {
      await tx.exec(`ALTER TABLE ${table} ENABLE TRIGGER ${quoteName(name)}`);
    }
    const catchUp = STATEMENT_TRIGGERS[table]?.catchUp;
    if (catchUp && deferred.triggers?.length) await tx.exec(catchUp);
    await tx.query('DELETE FROM sync_state WHERE key = $1', [stateKey(table)]);
  });
}

/**
 * Adds a dropped foreign key back, checking every row in one set-based pass. A row whose parent
 * was deleted while the key was away (a connected org removed during a fetch) gets what the key
 * would have done then, its ON DELETE action (SET NULL or CASCADE), and the key is added again;
 * any other orphan fails the whole rebuild, loudly, and keeps it pending. The action is looked for
 * only once the check failed, so a clean load pays for one pass.
 */
async function restoreForeignKey(tx: SqlClient, table: BulkTable, fk: ForeignKey): Promise<void> {
  const add = `ALTER TABLE ${table} ADD CONSTRAINT ${quoteName(fk.name)} ${fk.definition}`;
  await tx.query('SAVEPOINT restore_foreign_key');
  try {
    await tx.exec(add);
  } catch (error) {
    const action = deleteActionOf(fk.definition);
    if ((error as { code?: unknown }).code !== FOREIGN_KEY_VIOLATION || !action) throw error;
    await tx.query('ROLLBACK TO SAVEPOINT restore_foreign_key');
    const child = `${table}.${quoteName(action.column)}`;
    const orphan = `${child} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${quoteName(action.parent)} p
      WHERE p.${quoteName(action.parentColumn)} = ${child})`;
    await tx.exec(
      action.onDelete === 'CASCADE'
        ? `DELETE FROM ${table} WHERE ${orphan}`
        : `UPDATE ${table} SET ${quoteName(action.column)} = NULL WHERE ${orphan}`,
    );
    await tx.exec(add);
  }
  await tx.query('RELEASE SAVEPOINT restore_foreign_key');
}

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * A one-column foreign key's ON DELETE action, read from its definition as pg_get_constraintdef
 * gives it ('FOREIGN KEY (source_org_id) REFERENCES connected_org(org_id) ON DELETE SET NULL'),
 * when it is SET NULL or CASCADE; undefined for any other key.
 */
export function deleteActionOf(
  definition: string,
):
  | { column: string; parent: string; parentColumn: string; onDelete: 'SET NULL' | 'CASCADE' }
  | undefined {
  const match =
    /^FOREIGN KEY \((\w+)\) REFERENCES (\w+)\((\w+)\)(?: ON UPDATE \w+(?: \w+)?)? ON DELETE (SET NULL|CASCADE)$/.exec(
      definition,
    );
  if (!match) return undefined;
  const [, column, parent, parentColumn, onDelete] = match;
  return {
    column: column!,
    parent: parent!,
    parentColumn: parentColumn!,
    onDelete: onDelete as 'SET NULL' | 'CASCADE',
  };
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
  if (tables.length > 0) await endBulkLoads(db, tables);
  return tables;
}

/** An identifier from the catalog, quoted for DDL. */
function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
