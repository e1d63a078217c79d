// A sort key followed by another is read one of its values at a time when its column holds few
// distinct values (by the planner's statistics): within one value, the next key is then read as
// it says, through its own index. Walked as one order instead, a value shared by many rows is a
// tie group sorted whole by the next key: 52 000 licenses installed on the same day, sorted by
// status, cost a last page 1.2 s. Columns with many values keep the walk, whose tie groups are
// small (docs/architecture.md "How a page is read").
import type { SortKey } from '../../../domain';
import type { SqlClient } from '../database';
import { distinctValueGroups, type ListSource, type SortGroups } from './list-source';

/** What the grouping reads of a list statement (list-query.ts's ListStatement). */
interface SortedStatement {
  readonly source: ListSource;
  readonly sort: readonly SortKey[];
  /** The expressions and columns of few-values filters made part of the scope (few-values.ts). */
  readonly narrowed?: { readonly refs: readonly string[]; readonly columns: readonly string[] };
}

/** Up to this many distinct values a column is read value by value (one index probe each). */
export const FEW_DISTINCT = 2_000;
/** Statistics change with ANALYZE (autovacuum's or a fetch's); read again after this long. */
const STATISTICS_TTL_MS = 10 * 60_000;

type Known = Map<string, { value: unknown; at: number }>;
const knownByDatabase = new WeakMap<object, Known>();

/** What `read` answers about the schema, kept per database handle for STATISTICS_TTL_MS. */
async function remembered<T>(
  db: SqlClient,
  key: string,
  now: number,
  read: () => Promise<T>,
): Promise<T> {
  let known = knownByDatabase.get(db);
  if (!known) {
    known = new Map() as Known;
    knownByDatabase.set(db, known);
  }
  const hit = known.get(key);
  if (hit && now - hit.at < STATISTICS_TTL_MS) return hit.value as T;
  const value = await read();
  known.set(key, { value, at: now });
  return value;
}

/**
 * The planner's estimate of a column's distinct values (pg_stats), or null when the table has
 * not been analyzed or no index leads with the column.
 */
export function distinctCount(
  db: SqlClient,
  table: string,
  column: string,
  now = Date.now(),
): Promise<number | null> {
  return remembered(db, `distinct ${table}.${column}`, now, async () => {
    // A negative n_distinct is a fraction of the rows (the count grows with the table).
    const { rows } = await db.query<{ count: number | null }>(
      `SELECT (CASE WHEN s.n_distinct >= 0 THEN s.n_distinct
                    ELSE -s.n_distinct * greatest(c.reltuples, 0) END)::float8 AS count
         FROM pg_stats s
         JOIN pg_class c ON c.oid = to_regclass(quote_ident(s.schemaname) || '.' || quote_ident(s.tablename))
        WHERE s.schemaname = current_schema() AND s.tablename = $1 AND s.attname = $2
          -- The values are found by skipping through an index that leads with the column.
          AND EXISTS (SELECT 1 FROM pg_index i
                        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
                       WHERE i.indrelid = c.oid AND a.attname = s.attname AND i.indpred IS NULL)`,
      [table, column],
    );
    return rows[0]?.count ?? null;
  });
}

/** Whether an index of `table` leads with columns `first`, `second` (or either way round). */
export function indexLeadsWith(
  db: SqlClient,
  table: string,
  [first, second]: readonly [string, string],
  eitherWay: boolean,
  now = Date.now(),
): Promise<boolean> {
  return remembered(db, `pair ${table}.${first}.${second}.${eitherWay}`, now, async () => {
    const { rows } = await db.query<{ found: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM pg_index i
           JOIN pg_attribute a0 ON a0.attrelid = i.indrelid AND a0.attnum = i.indkey[0]
           JOIN pg_attribute a1 ON a1.attrelid = i.indrelid AND a1.attnum = i.indkey[1]
          WHERE i.indrelid = to_regclass(quote_ident($1)) AND i.indnkeyatts >= 2
            AND i.indpred IS NULL
            AND ((a0.attname = $2 AND a1.attname = $3)
                 OR ($4 AND a0.attname = $3 AND a1.attname = $2))) AS found`,
      [table, first, second, eitherWay],
    );
    return rows[0]?.found ?? false;
  });
}

/** The list's own table and its alias ('license l'), when its rows come from one table. */
function baseTable(source: ListSource): { table: string; alias: string } | undefined {
  const base = source.parts?.base ?? source.from;
  const match = /^\s*(\w+)\s+(\w+)\s*$/.exec(base);
  return match ? { table: match[1]!, alias: match[2]! } : undefined;
}

/** The column of the list's table an expression is, if it is one ('l.status': status). */
function baseColumn(base: { alias: string }, expression: string | undefined): string | undefined {
  return new RegExp(`^${base.alias}\\.(\\w+)$`).exec(expression ?? '')?.[1];
}

/**
 * The statement with each sort key but the last that is a plain column of the list's table with
 * at most FEW_DISTINCT values made a grouped sort over that column's values (list-query.ts reads
 * those one group at a time). The order of the rows is unchanged.
 */
export async function groupFewValueSorts<S extends SortedStatement>(
  db: SqlClient,
  statement: S,
): Promise<S> {
  const { source, sort } = statement;
  const base = baseTable(source);
  if (!base || sort.length < 2) return statement;
  const added: Record<string, SortGroups> = {};
  for (const key of sort.slice(0, -1)) {
    if (source.groupedSorts?.[key.id]) continue;
    const column = baseColumn(base, source.columns[key.id]);
    if (!column) continue;
    const count = await distinctCount(db, base.table, column);
    if (count !== null && count <= FEW_DISTINCT) {
      added[key.id] = distinctValueGroups({ ...base, column });
    }
  }
  if (Object.keys(added).length === 0) return statement;
  return {
    ...statement,
    source: { ...source, groupedSorts: { ...source.groupedSorts, ...added } },
  };
}

/**
 * The grouped sort keys whose groups are read in the next key's order whatever their size
 * (list-query.ts collects a small group otherwise): an index on (the key's column, the next
 * key's column) gives one group's rows in that order, and one on the two columns either way
 * gives them one probe per pair of values when the next key is grouped too.
 */
export async function indexedGroups(
  db: SqlClient,
  statement: SortedStatement,
  now = Date.now(),
): Promise<string[]> {
  const { source, sort } = statement;
  const base = baseTable(source);
  if (!base) return [];
  const walked: string[] = [];
  for (const [at, key] of sort.slice(0, -1).entries()) {
    const next = sort[at + 1]!;
    const groupColumn = baseColumn(base, source.groupedSorts?.[key.id]?.ref);
    const nextGroups = source.groupedSorts?.[next.id];
    const nextColumn = baseColumn(base, nextGroups ? nextGroups.ref : source.columns[next.id]);
    if (!groupColumn || !nextColumn) continue;
    const pair = [groupColumn, nextColumn] as const;
    if (await indexLeadsWith(db, base.table, pair, nextGroups !== undefined, now))
      walked.push(key.id);
  }
  return walked;
}

/**
 * Whether the few-values filters a statement made part of its scope read its first sort key in
 * order: the key is a filtered column itself or is grouped by the one filter's column (its groups
 * are filtered), or the filter's column and the key's lead an index. Not known (no single
 * table): as before, yes.
 */
export async function narrowingServesSort(
  db: SqlClient,
  statement: SortedStatement,
  now = Date.now(),
): Promise<boolean> {
  const { source, sort, narrowed } = statement;
  const first = sort[0];
  if (!narrowed || !first || narrowed.columns.includes(first.id)) return true;
  const base = baseTable(source);
  if (!base) return true;
  const sortColumn = baseColumn(
    base,
    source.groupedSorts?.[first.id]?.ref ?? source.columns[first.id],
  );
  const [ref, ...more] = narrowed.refs;
  const filterColumn = baseColumn(base, ref);
  if (!sortColumn || !filterColumn) return true;
  // The key read one group at a time is the filtered column (an org's environment, grouped by
  // instance, and its release filtered on the instances): the groups the filter leaves are read,
  // each through its own index, the others found empty at once.
  if (more.length === 0 && filterColumn === sortColumn) return true;
  if (more.length > 0) return false;
  return indexLeadsWith(db, base.table, [filterColumn, sortColumn], false, now);
}

/** A key held by at least this share of its table's rows is walked, not counted (dominantKeys). */
export const DOMINANT_SHARE = 0.5;

/**
 * The keys of `groups` that at least DOMINANT_SHARE of the rows hold, by the planner's statistics
 * (pg_stats' most common values). A group that big is read by walking the next key's order,
 * where nearly every row tested is one of it: counting it to choose, and collecting and sorting
 * it, cost a version's customers by status then name 250 ms, every org being Installed.
 */
export async function dominantKeys(
  db: SqlClient,
  groups: SortGroups,
  now = Date.now(),
): Promise<string[]> {
  const { keys } = groups;
  if (!keys) return [];
  const common = await commonValues(db, keys.table, keys.column, now);
  return common.filter((value) => value.share >= DOMINANT_SHARE).map((value) => value.value);
}

/** A column's most common values and the share of the rows each holds (pg_stats). */
function commonValues(
  db: SqlClient,
  table: string,
  column: string,
  now: number,
): Promise<{ value: string; share: number }[]> {
  return remembered(db, `common ${table}.${column}`, now, async () => {
    const { rows } = await db.query<{ value: string; share: number }>(
      `SELECT common.value, common.share::float8 AS share FROM pg_stats s,
              unnest(s.most_common_vals::text::text[], s.most_common_freqs) AS common(value, share)
        WHERE s.schemaname = current_schema() AND s.tablename = $1 AND s.attname = $2`,
      [table, column],
    );
    return rows;
  });
}

/** The planner's count of a table's rows (pg_class.reltuples; 0 before it is analyzed). */
function tableRows(db: SqlClient, table: string, now: number): Promise<number> {
  return remembered(db, `rows ${table}`, now, async () => {
    const { rows } = await db.query<{ n: number }>(
      'SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = to_regclass($1)',
      [table],
    );
    return rows[0]?.n ?? 0;
  });
}

/**
 * The keys of `groups` whose group no scope of the list holds more than `most` rows of: by the
 * planner's statistics (pg_stats' most common values) at most half that many rows of the keys'
 * table hold them, and each row of that table is at most one of the list's (the list's own table,
 * or one of its source's distinctRowsOf). Such a group is collected without counting it first:
 * counting a package's customers of one edition joined every org of that edition, and
 * collecting them joined them again (42 ms, then 45 ms). A wrong estimate costs time, not rows.
 */
export async function smallKeys(
  db: SqlClient,
  source: ListSource,
  groups: SortGroups,
  most: number,
  now = Date.now(),
): Promise<string[]> {
  const { keys } = groups;
  const own =
    keys &&
    (keys.table === baseTable(source)?.table || source.distinctRowsOf?.includes(keys.table));
  if (!keys || !own) return [];
  const rows = await tableRows(db, keys.table, now);
  const common = await commonValues(db, keys.table, keys.column, now);
  return common.filter((value) => value.share * rows <= most / 2).map((value) => value.value);
}

/**
 * Whether some row's key is empty (one probe of the key's index), or, for keys of no known
 * column, maybe. A filter that matches an empty value asks for `key IS NULL` too only when there
 * is such a row: `(status = ANY(…) OR status IS NULL)` is no index condition, and counting the
 * 337 000 licenses not Active so read the 662 000 Active ones first (160 ms).
 */
export async function holdsEmpty(db: SqlClient, { keys }: SortGroups): Promise<boolean> {
  if (!keys) return true;
  const { rows } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${keys.table} WHERE ${keys.column} IS NULL) AS found`,
  );
  return rows[0]?.found ?? true;
}

/**
 * What the statement's grouped sort keys but the last are known by, for reading a page
 * (ListStatement): the groups walked whatever their size (indexedGroups); of the others, the keys
 * most rows hold (dominantKeys) and those too few hold to count (smallKeys, of at most the
 * statement's groupCollectLimit rows, `collectLimit` unless it says); and the keys no row leaves
 * empty (holdsEmpty, one probe each, every read: a key emptied meanwhile shows from the next read
 * on). Their branch of rows without a key is left out: under it the next key is read again, one
 * probe per group of that key, and a million licenses by status then account probed each of
 * 52 000 accounts for licenses without a status, which none has (340 ms).
 */
export async function groupsKnown(
  db: SqlClient,
  statement: SortedStatement & { readonly groupCollectLimit?: number },
  collectLimit: number,
) {
  const walkedGroups = await indexedGroups(db, statement);
  const most = statement.groupCollectLimit ?? collectLimit;
  const dominantGroups: Record<string, readonly string[]> = {};
  const smallGroups: Record<string, readonly string[]> = {};
  const filledGroups: string[] = [];
  for (const key of statement.sort.slice(0, -1)) {
    const groups = statement.source.groupedSorts?.[key.id];
    if (!groups) continue;
    if (groups.keys && !(await holdsEmpty(db, groups))) filledGroups.push(key.id);
    if (walkedGroups.includes(key.id)) continue;
    dominantGroups[key.id] = await dominantKeys(db, groups);
    smallGroups[key.id] = await smallKeys(db, statement.source, groups, most);
  }
  return { walkedGroups, dominantGroups, smallGroups, filledGroups };
}

/**
 * The aliases of `source`'s joins whose table holds more rows than `matches` (pg_class.reltuples,
 * remembered): for that few matches, looking each one's record up by key beats hashing the
 * joined table (fromWithLookups); a small table (the license orgs, the instances) is joined.
 */
export async function joinsBiggerThan(
  db: SqlClient,
  source: ListSource,
  matches: number,
  now = Date.now(),
): Promise<Set<string>> {
  const bigger = new Set<string>();
  for (const join of source.parts?.joins ?? []) {
    const rows = await tableRows(db, join.table, now);
    if (rows > matches) bigger.add(join.alias);
  }
  return bigger;
}
