// Column-wise parameters for set-based writes: one `unnest($1::text[], $2::…[])` statement per page
// instead of one INSERT per row, which is the fastest shape on both PGlite and PostgreSQL and keeps
// the parameter count at one per column however many rows a page holds.
import type { SqlClient } from '../database';

/** The values of one column, in row order (null for missing values). */
export function column<T, V>(rows: readonly T[], pick: (row: T) => V | undefined): (V | null)[] {
  const values = new Array<V | null>(rows.length);
  for (let i = 0; i < rows.length; i++) values[i] = pick(rows[i] as T) ?? null;
  return values;
}

/** Characters a quoted array element escapes with a backslash. */
const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

/**
 * The values of one column as one PostgreSQL array literal ('{"a",NULL,"b"}'), passed as the
 * text of an array parameter: `unnest($2::text[], $3::boolean[])`. The same text the drivers
 * would build from an array (every element quoted, quotes and backslashes escaped), made in one
 * pass instead of two regular expression replaces per value: a full fetch sends some twenty
 * million values. Text goes through unchanged on both engines (PGlite would serialize an array by
 * itself again). Typed as an array, the parameter is parsed once, when it is bound; cast from
 * text in the statement (`$2::text::text[]`), it was parsed twice, once more by the planner to
 * estimate unnest's rows (15 % of PostgreSQL's time inserting a page of licenses).
 */
export function arrayLiteral<T>(
  rows: readonly T[],
  pick: (row: T) => string | number | boolean | null | undefined,
): string {
  let literal = '{';
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) literal += ',';
    const value = pick(rows[i] as T);
    if (value === null || value === undefined) literal += 'NULL';
    else if (typeof value === 'string') {
      literal += NEEDS_ESCAPE.test(value) ? `"${value.replace(ESCAPED, '\\$&')}"` : `"${value}"`;
    } else if (typeof value === 'boolean') literal += value ? 't' : 'f';
    else literal += String(value);
  }
  return `${literal}}`;
}

/** How a page is written: 'upsert' (rows may exist) or 'fresh' (a bulk load's rows, new unless someone else wrote them meanwhile). */
export type WriteMode = 'upsert' | 'fresh';

/**
 * Writes rows believed new (a first load into an empty table) with plain INSERTs, which cost
 * PostgreSQL half of what INSERT … ON CONFLICT does (no speculative insertion, no conflict
 * bookkeeping for statement triggers); should one of them exist after all (another writer, a
 * record Salesforce sent twice), that write is undone and `upsert` runs instead. Inside the
 * caller's transaction.
 */
export async function insertOrUpsert(
  db: SqlClient,
  insert: () => Promise<unknown>,
  upsert: () => Promise<unknown>,
): Promise<void> {
  await db.query('SAVEPOINT fresh_rows');
  try {
    await insert();
  } catch (error) {
    if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
    await db.query('ROLLBACK TO SAVEPOINT fresh_rows');
    await upsert();
  }
  await db.query('RELEASE SAVEPOINT fresh_rows');
}

const UNIQUE_VIOLATION = '23505';

/** The last row per key wins, so one statement never touches a row twice (ON CONFLICT forbids it). */
export function lastPerKey<T>(rows: readonly T[], key: (row: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) byKey.set(key(row), row);
  return byKey.size === rows.length ? [...rows] : [...byKey.values()];
}

/** A timestamptz/date column comes back as a Date (pg, PGlite) or an ISO string. */
export function epochMs(value: Date | string): number {
  return value instanceof Date ? value.getTime() : Date.parse(value);
}

/**
 * For a transaction of re-readable sync data: commit without waiting for the WAL flush. A crash
 * may then lose the last few such transactions — never one in the middle — and the watermark
 * written with them is lost too, so the next read simply fetches them again.
 */
export async function commitWithoutFlushWait(tx: SqlClient): Promise<void> {
  await tx.query('SET LOCAL synchronous_commit = off');
}

const SYNC_TABLES = ['license', 'org', 'org_package_version', 'account', 'package_version'];

/**
 * Fresh statistics after a large load, so the derivations get good plans (PGlite has no
 * autovacuum daemon, and PostgreSQL's may not have caught up yet). `tables`: the sync tables to
 * analyze, all of them by default.
 */
export async function analyzeSyncTables(
  db: SqlClient,
  tables: readonly string[] = SYNC_TABLES,
): Promise<void> {
  if (tables.length > 0) await db.query(`ANALYZE ${tables.join(', ')}`);
}

/** The sync tables but `tables`. */
export const syncTablesBut = (tables: Iterable<string>): string[] => {
  const skipped = new Set(tables);
  return SYNC_TABLES.filter((table) => !skipped.has(table));
};
