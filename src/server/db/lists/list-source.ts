// A list's SQL: where its rows come from and the trusted SQL expression of each column. Column
// ids come from the domain's list definitions; nothing from a request reaches this text.
import type { SqlBuilder } from './sql-builder';

export interface SourceJoin {
  readonly kind: 'JOIN' | 'LEFT JOIN';
  readonly table: string;
  /** The alias the join introduces ('a' in 'LEFT JOIN account a ON …'). */
  readonly alias: string;
  /** The join condition. */
  readonly on: string;
}

export const innerJoin = (table: string, alias: string, on: string): SourceJoin => ({
  kind: 'JOIN',
  table,
  alias,
  on,
});

export const leftJoin = (table: string, alias: string, on: string): SourceJoin => ({
  kind: 'LEFT JOIN',
  table,
  alias,
  on,
});

export const joinSql = (join: SourceJoin): string =>
  `${join.kind} ${join.table} ${join.alias} ON ${join.on}`;

export interface ListSource {
  /** FROM clause with its joins. */
  readonly from: string;
  /**
   * The same FROM clause in parts, so that finding a page's keys and counting join only what
   * the filters, the sort and the scope use. (PostgreSQL drops an unused left join, but the
   * columns its condition reads still count as needed, which rules out index-only scans.)
   */
  readonly parts?: { readonly base: string; readonly joins: readonly SourceJoin[] };
  /**
   * Tables besides the base each of whose rows is at most one of the list's rows in every scope
   * the list is read in (a package's or a version's customers: one per org). A group of a
   * grouped sort over such a table's column holds at most that column's rows of the table
   * (smallKeys).
   */
  readonly distinctRowsOf?: readonly string[];
  /** The row's SELECT list (aliases are the row's field names). */
  readonly select: string;
  /**
   * The SQL expression of each column a list may filter or sort on, by column id. Version
   * columns give the version's sort key, so filters and sorting compare versions, not text.
   */
  readonly columns: Readonly<Record<string, string>>;
  /** A unique expression appended to every ORDER BY so that pages never overlap or skip rows. */
  readonly uniqueKey: readonly string[];
  /**
   * Sort columns whose value comes from a small joined table through a foreign key (a license's
   * package name). Sorting by one joins and sorts every row; instead the list is read one key at
   * a time, the keys in the order of their value, each key's rows through an index on
   * (foreign key, unique key). The order is then (value, foreign key, …), so rows of two keys
   * with the same value do not interleave.
   */
  readonly groupedSorts?: Readonly<Record<string, SortGroups>>;
  /**
   * Columns with few distinct values, whose filters are decided on those values (few-values.ts):
   * `groups` answers each key `ref` holds and the value the column shows for it (the same value
   * as a raw list row has, which the filter's predicate tests).
   */
  readonly fewValues?: Readonly<Record<string, SortGroups>>;
  /**
   * Columns of a joined record with too many values to decide a filter in memory (a license's
   * account name: 52 000 accounts), whose "is blank" filters are decided in SQL on `groups`
   * instead (few-values.ts's keyedFilter). `groups` must be text.
   */
  readonly keyedFilters?: Readonly<Record<string, SortGroups>>;
  /**
   * A condition every row of the list meets that the database cannot tell from the scope (a
   * group's members all have group names), added to the reads of filtered pages and of pages
   * sorted by `column`, but not to the total: the planner then drops the walk's branch of rows
   * without a value, which the condition contradicts (constraint_exclusion), where estimating
   * the total with it, as if it were independent of the scope, would come out too small (a group
   * of 20 000 as 'about 10 001'). Not to unfiltered reads in another order: counted as
   * independent there too, it made a group's 20 000 members an estimated 4 000, and the planner
   * hashed them all to sort rather than walk the sort's index to the page (page 40 by name:
   * 93 ms against 24 ms in psql).
   */
  readonly readsKnow?: { readonly sql: string; readonly column: string };
}

export interface SortGroups {
  /** The row's foreign key (l.package_id). */
  readonly ref: string;
  /**
   * SQL answering rows (k, v): every non-null value the foreign key holds, once, and the sort
   * value it stands for (null when the joined table has no such row). Made with the statement's
   * parameters when it needs a value of the request (an upgrade's id).
   */
  readonly groups: string | ((builder: SqlBuilder) => string);
  /**
   * The same rows found in the order of their value (a key being its own value): a page then
   * reads the values it needs, one probe each, instead of finding all of them to sort them first
   * (789 install dates: 36 ms).
   */
  readonly inOrder?: (way: SortWay) => string;
  /** The stored column the keys are values of, whose statistics tell how common each key is. */
  readonly keys?: { readonly table: string; readonly column: string };
}

export type SortWay = 'ASC' | 'DESC';

/** The SQL of a list's groups, its parameters added to `builder`. */
export const groupsSql = (grouped: SortGroups, builder: SqlBuilder): string =>
  typeof grouped.groups === 'string' ? grouped.groups : grouped.groups(builder);

interface KeyColumn {
  readonly table: string;
  /** The table's alias in the list's FROM clause. */
  readonly alias: string;
  readonly column: string;
}

/**
 * The distinct non-null values of a column as rows `present(k)`, found by skipping through an
 * index that leads with it: one probe per value, not a read of every row.
 */
function presentKeys({ table, column }: KeyColumn, way: SortWay = 'ASC'): string {
  const [next, after] = way === 'ASC' ? ['>', ''] : ['<', ' DESC'];
  return `WITH RECURSIVE present(k) AS (
      (SELECT ${column} FROM ${table} WHERE ${column} IS NOT NULL ORDER BY ${column}${after} LIMIT 1)
      UNION ALL
      SELECT (SELECT t.${column} FROM ${table} t WHERE t.${column} ${next} present.k
              ORDER BY t.${column}${after} LIMIT 1)
      FROM present WHERE present.k IS NOT NULL)`;
}

/** The distinct values of a column of the list's own table, each its own key. */
export function distinctValueGroups(rows: KeyColumn): SortGroups {
  const values = (way?: SortWay) => `${presentKeys(rows, way)}
      SELECT present.k, present.k AS v FROM present WHERE present.k IS NOT NULL`;
  return {
    ref: `${rows.alias}.${rows.column}`,
    groups: values(),
    inOrder: values,
    keys: { table: rows.table, column: rows.column },
  };
}

/**
 * The values of a column whose CHECK constraint names them all (an upgrade job's status), each
 * its own key: nothing is read to find them, and no index needs to lead with the column.
 */
export function knownValueGroups(ref: string, values: readonly string[]): SortGroups {
  const literals = values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
  return {
    ref,
    groups: `SELECT known.k, known.k AS v FROM unnest(ARRAY[${literals}]::text[]) AS known(k)`,
  };
}

/**
 * SortGroups over a small joined table: the distinct values of the foreign key, with the joined
 * table's value for each. For keys with few values: a license's package, version, license org.
 */
export function distinctKeyGroups(
  rows: KeyColumn,
  joined: { table: string; key: string; value: string },
): SortGroups {
  return {
    ref: `${rows.alias}.${rows.column}`,
    groups: `${presentKeys(rows)}
      SELECT present.k, joined.${joined.value} AS v FROM present
      LEFT JOIN ${joined.table} joined ON joined.${joined.key} = present.k
      WHERE present.k IS NOT NULL`,
    keys: { table: rows.table, column: rows.column },
  };
}

const usesAlias = (sql: string, alias: string) => new RegExp(`\\b${alias}\\.`).test(sql);

/** The joins `sql` reads, and the joins those read. */
function neededJoins(joins: readonly SourceJoin[], sql: string): Set<SourceJoin> {
  const needed = new Set<SourceJoin>();
  let reading = sql;
  for (let changed = true; changed;) {
    changed = false;
    for (const join of joins) {
      if (!needed.has(join) && usesAlias(reading, join.alias)) {
        needed.add(join);
        reading += ` ${joinSql(join)}`;
        changed = true;
      }
    }
  }
  return needed;
}

/** The FROM clause with only the joins `sql` reads (and the joins those read), in their order. */
export function fromFor(source: ListSource, sql: string): string {
  if (!source.parts) return source.from;
  const { base, joins } = source.parts;
  const needed = neededJoins(joins, sql);
  return [base, ...joins.filter((join) => needed.has(join)).map(joinSql)].join('\n');
}

/**
 * The FROM clause of the rows `where` selects with what `lookedUp` reads besides: the joins
 * `where` reads are joined, and so are the other joins `lookedUp` reads unless `lookUp` names
 * their alias: those are looked up row by row (lateralLookup). For a few thousand matches a
 * lookup each beats the planner's hash of a whole big table: a version's 5 440 customers of some
 * license statuses, sorted by their org's status, hashed all 100 000 orgs (46 ms, psql).
 */
export function fromWithLookups(
  source: ListSource,
  where: string,
  lookedUp: string,
  lookUp: ReadonlySet<string>,
): string {
  if (!source.parts) return source.from;
  const { base, joins } = source.parts;
  const joined = neededJoins(joins, where);
  const needed = neededJoins(joins, `${where} ${lookedUp}`);
  const parts = joins.filter((join) => needed.has(join));
  const read = (join: SourceJoin) =>
    joined.has(join) || !lookUp.has(join.alias) ? joinSql(join) : lateralLookup(join);
  return [base, ...parts.map(read)].join('\n');
}

/** A join as a lookup the planner keeps where it is written (OFFSET 0: not pulled up). */
const lateralLookup = (join: SourceJoin): string =>
  `${join.kind} LATERAL (SELECT * FROM ${join.table} ${join.alias} WHERE ${join.on} OFFSET 0) ${join.alias} ON TRUE`;

/**
 * The FROM clause that reads a page's rows once its keys are known: the keys (columns k0, k1…
 * of the subquery `page`), the base row by its key, then each join as a lookup of that row.
 * Same rows as `from`, but planned as written: OFFSET 0 keeps PostgreSQL from pulling the
 * lookups back into one join problem, whose search over the license list's five joins took
 * 1.2–1.5 ms per page against 0.2 ms this way (reading the 25 rows takes 0.3 ms either way).
 * Undefined for sources given only as text.
 */
export function keyedRowsFrom(source: ListSource, pageKeys: string): string | undefined {
  if (!source.parts) return undefined;
  const { base, joins } = source.parts;
  const byKey = source.uniqueKey.map((expression, i) => `${expression} = page.k${i}`);
  return [
    `(${pageKeys}) page JOIN ${base} ON ${byKey.join(' AND ')}`,
    ...joins.map(lateralLookup),
  ].join('\n');
}

/**
 * The FROM clause (and WHERE, for a source given only as text) of a page's rows once its keys
 * are known (`pageKeys`: a SELECT of columns k0, k1…): keyedRowsFrom where it can be.
 */
export function pageRowsFrom(source: ListSource, pageKeys: string): string {
  return (
    keyedRowsFrom(source, pageKeys) ??
    `${source.from} WHERE (${source.uniqueKey.join(', ')}) IN (${pageKeys})`
  );
}

/**
 * The keys of a grouped sort in the list's order: by value, then key; keys whose value is empty
 * last (first when reversed). Like the rows, the keys with a value and those without are two
 * branches, so an index on the joined table's (value, key) is walked for either direction. A
 * filter on the column itself skips the groups whose value fails it (the rows keep it too).
 */
export function orderedGroups(
  grouped: SortGroups,
  direction: string,
  reverse: boolean,
  filter: string,
  builder: SqlBuilder,
): string {
  const way = direction.split(' ')[0]! as SortWay;
  // A key that is its own value always has one; the rows of a recursive query come in the order
  // it finds them.
  if (grouped.inOrder) {
    return `(SELECT sort_group.k FROM (${grouped.inOrder(way)}) sort_group WHERE (${filter}))`;
  }
  const groups = groupsSql(grouped, builder);
  const withValue = `(SELECT sort_group.k FROM (${groups}) sort_group
    WHERE sort_group.v IS NOT NULL AND (${filter}) ORDER BY sort_group.v ${way}, sort_group.k ${way})`;
  const without = `(SELECT sort_group.k FROM (${groups}) sort_group
    WHERE sort_group.v IS NULL AND (${filter}) ORDER BY sort_group.k ${way})`;
  return `(${(reverse ? [without, withValue] : [withValue, without]).join(' UNION ALL ')})`;
}
