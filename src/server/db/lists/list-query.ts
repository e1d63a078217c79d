// Runs one page of a list: the scope, the compiled filters and the sort as one parameterised
// statement, plus a total that stays cheap at a million rows (list-count.ts).
import {
  EXACT_COUNT_LIMIT,
  fromNearerEnd,
  pageWindow,
  type ListPage,
  type PageWindow,
} from '../../../domain';
import type { SqlClient } from '../database';
import {
  groupFewValueSorts,
  groupsKnown,
  joinsBiggerThan,
  narrowingServesSort,
} from './few-value-sorts';
import { countMatches, filterFirstKeys, limitSql, withReadsKnow } from './filter-first';
import type { ListTotal } from './list-count';
import { orderBy, sortTerms, termsSql, whereClause, type SortTerm } from './list-order';
import { fromFor, pageRowsFrom, orderedGroups, type ListSource } from './list-source';
import type { ListStatement } from './list-statement';
import { arrayLiteral, SqlBuilder } from './sql-builder';
import { boundedWalk, type BoundedWalk } from './walk-limit';

/** Values PostgreSQL returns as Date become ISO text (the contract's time fields). */
export function toJsonRow<T>(row: Record<string, unknown>): T {
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Date) row[key] = value.toISOString();
  }
  return row as T;
}

/**
 * Up to this many matches (an exact count), a page of a filtered list is cut from all the matches
 * rather than read in sort order: collecting them through the filter's own index is bounded by
 * the count, where walking the sort's index and testing each row can read most of the table
 * before it finds a page (the matches of "contains nimb" all sort under N). Not when nothing
 * narrows the list: then the sort's index walk reads the page and stops.
 */
export const FILTER_FIRST_LIMIT = EXACT_COUNT_LIMIT;
/** The WHERE clause of a list read with no scope and no filters. */
const EVERY_ROW = '(TRUE) AND (TRUE)';
/**
 * Up to this many matches, a group of a grouped sort followed by another key is collected and
 * sorted rather than walked in the next key's order (sortOrderKeys's bySize; docs/architecture.md
 * "How a page is read").
 */
const GROUP_COLLECT_LIMIT = 60_000;

type PageRead = 'walk' | 'bounded walk' | 'filter first';

/**
 * One page and the total, or undefined when the page lies deeper than MAX_LIST_DEPTH rows from
 * both ends of the list (see pageWindow). Two statements outside a transaction: a write landing
 * between them can leave the total one write apart from the page until the next read, which the
 * live events that write sends trigger anyway; a transaction cost three more round trips on
 * every page.
 */
export async function queryListPage<T>(
  db: SqlClient,
  statement: ListStatement,
  page: number,
  pageSize: number,
): Promise<ListPage<T> | undefined> {
  const { total, rows: fewRows } = await countMatches(db, statement, page, pageSize);
  const found = pageWindow(page, pageSize, total.total);
  if (!found) return undefined;
  // Counted exactly, the matches end before a page read from the start: there is nothing to read
  // (an empty list would be looked for again, as dear as counting it: 30-50 ms for a filter no
  // member of a big group matches).
  const pastTheEnd =
    !total.total_is_estimate && found.from === 'start' && found.offset >= total.total;
  if (found.limit === 0 || pastTheEnd) return { rows: [], ...total };
  // Few, the matches were counted by the read that cut the page from them.
  if (fewRows) return { rows: fewRows.map((row) => toJsonRow<T>(row)), ...total };
  const window = total.total_is_estimate ? found : fromNearerEnd(found, total.total);
  let reading = statement;
  let read = pageRead(statement, total);
  // A few-values filter made a scope is walked unbounded, which only an index on (its column,
  // the sort's column) reads in order; elsewhere it is read as the filter it was: the licenses
  // of one version by expiration walked the whole expiration index for the last of them (220 ms).
  const { narrowed } = statement;
  if (read !== 'filter first' && narrowed && !(await narrowingServesSort(db, statement))) {
    const { scope, filter } = narrowed;
    const filteredColumns = [...(statement.filteredColumns ?? []), ...narrowed.columns];
    const { keyedWalk } = narrowed;
    reading = { ...statement, scope, filter, filteredColumns, narrowed: undefined, keyedWalk };
    read = pageRead(reading, total);
  }
  let walk: BoundedWalk | undefined;
  // Counted exactly, the matches are collected, unless an even spread of them puts the page
  // within half as many rows of a walk (a version's customers by org id with an account
  // containing 'plc' or 'gat': 2 700 matches, 220 rows to the first page; collecting them read
  // 10 800 orgs through the trigram index and joined them). Not when a filter tests the sort's
  // own column: its matches lie together in the sort order, which a walk tests row by row.
  const first = reading.sort[0]?.id;
  const depth = window.offset + window.limit;
  // The walk passes the page's depth at least: with fewer than twice that many matches, collect.
  const exactWalk =
    read === 'filter first' &&
    2 * depth <= total.total &&
    !reading.narrowed &&
    first !== undefined &&
    reading.filteredColumns?.length &&
    !reading.filteredColumns.includes(first);
  if (read === 'bounded walk' || exactWalk) {
    walk = await boundedWalk(db, reading, depth, total.total, exactWalk ? 0.5 : 1);
    read = walk === undefined ? 'filter first' : 'bounded walk';
  }
  const fewValues = await groupFewValueSorts(db, withReadsKnow(reading));
  const grouped = { ...fewValues, ...(await groupsKnown(db, fewValues, GROUP_COLLECT_LIMIT)) };
  const counted = total.total_is_estimate ? undefined : total.total;
  let rows = await readPage(db, grouped, window, read, counted, walk);
  // The walk gave up before the page was full: the matches lie elsewhere in the sort order.
  if (read === 'bounded walk' && rows.length < window.limit) {
    rows = await readPage(db, grouped, window, 'filter first', counted);
  }
  return { rows: rows.map((row) => toJsonRow<T>(row)), ...total };
}

function pageRead(statement: ListStatement, total: ListTotal): PageRead {
  if (whereClause(statement, new SqlBuilder()) === EVERY_ROW) return 'walk';
  if (!total.total_is_estimate && total.total <= FILTER_FIRST_LIMIT) return 'filter first';
  const first = statement.sort[0]?.id;
  const filtered = statement.filteredColumns;
  const filtersWalk = filtered === undefined || (first !== undefined && filtered.includes(first));
  return filtered?.length === 0 || filtersWalk ? 'walk' : 'bounded walk';
}

/**
 * Reads a page's rows: its keys found as `read` says, then the row's columns for those keys.
 * `counted`: the exact count of the matches, when they were counted.
 */
async function readPage(
  db: SqlClient,
  statement: ListStatement,
  window: PageWindow,
  read: PageRead,
  counted: number | undefined,
  walk?: BoundedWalk,
): Promise<Record<string, unknown>[]> {
  const builder = new SqlBuilder();
  // Counted, the matches are few: a big table's record only the sort reads is looked up for each.
  const lookUp =
    read === 'filter first' && counted !== undefined
      ? await joinsBiggerThan(db, statement.source, counted)
      : new Set<string>();
  const pageKeys =
    read === 'filter first'
      ? filterFirstKeys(statement, window, builder, lookUp)
      : sortOrderKeys(statement, window, builder, read === 'bounded walk' ? walk : undefined);
  const order = orderBy(statement.source, statement.sort);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${statement.source.select} FROM ${pageRowsFrom(statement.source, pageKeys)}
     ORDER BY ${order}`,
    builder.params,
  );
  return rows;
}

const keysSql = (source: ListSource) =>
  source.uniqueKey.map((expression, i) => `${expression} AS k${i}`).join(', ');

/** The group key `alias.k` is one of `keys` (none: FALSE), as SQL. */
const keyAmong = (alias: string, keys: readonly string[] = [], builder: SqlBuilder) =>
  keys.length ? `${alias}.k::text = ANY(${builder.param(arrayLiteral(keys))}::text[])` : 'FALSE';

const keyNames = (source: ListSource) => source.uniqueKey.map((_, i) => `k${i}`).join(', ');

/**
 * The page's keys read in sort order, so that an index on the first sort column (its tie-break
 * being the unique key) is walked from the right end and stops after the page; a deep page is
 * read from the end, in the reversed order. Empty values sort last both ways, which no one index
 * order gives for both directions: the rows with a value and the rows without are read as two
 * branches, each in an order the same index walks (forwards for one direction, backwards for the
 * other), and the branches are appended in the list's order. `list_rows_in_order()` keeps the
 * statement off parallel workers, whose Parallel Append would interleave them (migration 0015).
 *
 * `walk` (boundedWalkRows): the walk examines at most `walk.rows` rows of the sort order (both
 * branches counted), testing `walk.filter` on them outside that limit; a page that comes back
 * short is then read filter first. Undefined: the walk is not bounded.
 */
function sortOrderKeys(
  statement: ListStatement,
  window: PageWindow,
  builder: SqlBuilder,
  walk: BoundedWalk | undefined,
): string {
  const bounded = walk !== undefined;
  const { source } = statement;
  const reverse = window.from === 'end';
  const terms = sortTerms(source, statement.sort, reverse);
  const scope = statement.scope(builder);
  const filter = builder.fragment(walk?.filter ?? statement.filter);
  const depth = window.offset + window.limit;
  // A bounded walk's cap is hidden from the planner (a subquery it cannot read while planning):
  // told that up to 20 000 rows are read, it finds joining every row and sorting them cheaper
  // than walking an index and looking each row up (a package's 75 000 customers hashed and
  // sorted: 150 ms), though the walk usually stops after a few thousand rows. Not knowing the
  // cap, it plans for a tenth of the rows, which the walk reads in order.
  const rowLimit = bounded
    ? `LIMIT (SELECT ${builder.param(walk.rows)}::int)`
    : `LIMIT ${builder.param(depth)}`;
  const branch = (condition: string, branchTerms: readonly SortTerm[]) => {
    const order = termsSql(branchTerms);
    const where = bounded
      ? `(${scope}) AND ${condition}`
      : `(${scope}) AND (${filter}) AND ${condition}`;
    const from = fromFor(source, `${where} ${filter} ${order}`);
    const matches = bounded ? `, (${filter}) AS matches` : '';
    return `(SELECT ${keysSql(source)}${matches} FROM ${from} WHERE ${where}
      ORDER BY ${order} ${rowLimit})`;
  };
  // The terms of each sort key (a grouped key has two: its value and its foreign key), then the
  // unique key's.
  const keyCount = terms.length - source.uniqueKey.length;
  const perKey: SortTerm[][] = [];
  for (let at = 0, k = 0; at < keyCount; k++) {
    const width = source.groupedSorts?.[statement.sort[k]!.id] ? 2 : 1;
    perKey.push(terms.slice(at, at + width));
    at += width;
  }
  const unique = terms.slice(keyCount);
  /**
   * One group's matches in the next keys' order (`order`), read as `walked` says or collected
   * and sorted, by the group's size. Walked, the next key's index is read until the page's rows
   * of the group turn up: at once in a big group spread over the index, but after most of it
   * when the group's rows sort late (the 52 000 licenses of the latest install date, by
   * modification: 880 000 rows read, 2.8 s; a small version's customers by name: every org, for
   * each version). Collected, the cost is the group's size. So a group of at most
   * GROUP_COLLECT_LIMIT matches is collected, a bigger one walked; counting stops past it. Where
   * an index reads a group in the next key's order (indexedGroups), every group is walked, and so
   * is a group of a key most rows hold (`known.dominant`: the SQL telling it), uncounted; a
   * group of a key too few rows hold to pass the limit (`known.small`) is collected, uncounted.
   */
  const collectLimit = Math.trunc(statement.groupCollectLimit ?? GROUP_COLLECT_LIMIT);
  const bySize = (
    condition: string,
    walked: string,
    order: readonly SortTerm[],
    known: { readonly dominant: string; readonly small: string },
  ) => {
    const where = `(${scope}) AND (${filter}) AND ${condition}`;
    const count = `(SELECT count(*) FROM (SELECT 1 FROM ${fromFor(source, where)}
      WHERE ${where} LIMIT ${collectLimit + 1}) group_rows)`;
    const size = `(SELECT CASE WHEN ${known.dominant} THEN ${collectLimit + 1}
      WHEN ${known.small} THEN 0 ELSE ${count} END AS n)`;
    const sortColumns = order.map((term, i) => `${term.expression} AS s${i}`).join(', ');
    const sortOrder = order.map((term, i) => `s${i} ${term.direction}`).join(', ');
    // OFFSET 0 keeps the sort out of the subquery, so that it reads the group through its own
    // index instead of walking the next key's.
    const collected = `(SELECT ${keyNames(source)} FROM (SELECT ${keysSql(source)}, ${sortColumns}
      FROM ${fromFor(source, `${where} ${sortColumns}`)} WHERE ${where} OFFSET 0) group_matches
      ORDER BY ${sortOrder} ${rowLimit})`;
    return `(SELECT by_size.* FROM ${size} group_size CROSS JOIN LATERAL (
        SELECT * FROM ${collected} few WHERE group_size.n <= ${collectLimit}
        UNION ALL
        SELECT * FROM ${walked} many WHERE group_size.n > ${collectLimit}) by_size)`;
  };
  const union = (parts: string[]) =>
    `(SELECT * FROM (${(reverse ? parts.reverse() : parts).join(' UNION ALL ')}) appended
      ${rowLimit})`;
  /**
   * The rows meeting `condition` in the order of sort keys `from` on. A grouped key is read one
   * of its keys at a time, each with the next keys' order (itself grouped or not); another key
   * is read in one ORDER BY, split into rows with a value and rows without.
   */
  const ordered = (from: number, condition: string): string => {
    const keyTerms = perKey[from];
    const key = statement.sort[from];
    if (!keyTerms || !key) return branch(condition, unique);
    const after = [...perKey.slice(from + 1).flat(), ...unique];
    const grouped = source.groupedSorts?.[key.id];
    if (grouped) {
      // One group per key, in the order of its value; rows with no key last.
      const alias = `sort_group_key${from}`;
      const passes = statement.filterOf?.(key.id, 'sort_group.v');
      const groupFilter = passes ? builder.fragment(passes) : 'TRUE';
      const groups = orderedGroups(grouped, keyTerms[0]!.direction, reverse, groupFilter, builder);
      const inGroup = `${condition} AND ${grouped.ref} = ${alias}.k`;
      const walked = ordered(from + 1, inGroup);
      const walk =
        bounded || from + 1 === perKey.length || statement.walkedGroups?.includes(key.id);
      // Only a group read by its size asks for its known keys (parameters unused would fail).
      const read = walk
        ? walked
        : bySize(inGroup, walked, after, {
            dominant: keyAmong(alias, statement.dominantGroups?.[key.id], builder),
            small: keyAmong(alias, statement.smallGroups?.[key.id], builder),
          });
      const withKey = `(SELECT page_group${from}.* FROM ${groups} ${alias}
        CROSS JOIN LATERAL ${read} page_group${from})`;
      if (statement.filledGroups?.includes(key.id)) return union([withKey]);
      return union([withKey, ordered(from + 1, `${condition} AND ${grouped.ref} IS NULL`)]);
    }
    const [first] = keyTerms;
    if (!first) return branch(condition, [...keyTerms, ...after]);
    // Within the rows that have a value the NULLS rule changes nothing; left out, the direction
    // alone is the order of an ascending index, or of that index walked backwards.
    const valueOrder = { expression: first.expression, direction: first.direction.split(' ')[0]! };
    const present = `${first.expression} IS NOT NULL`;
    // With a value and blank, the value is the empty text (ListStatement.blankText).
    const withValue = statement.blankText?.includes(key.id)
      ? `${present} AND ${first.expression} = ''`
      : present;
    // The rows without a value are in the order of the next keys, read like this one (split again
    // by value, a grouped key one key at a time): sorted as one, the 615 000 licenses without an
    // expiration were joined and sorted by version for a last page (0.9 s), the 64 000 audit
    // entries without a target sorted whole.
    return union([
      branch(`${condition} AND ${withValue}`, [valueOrder, ...after]),
      ordered(from + 1, `${condition} AND NOT (${present})`),
    ]);
  };
  const branches = [ordered(0, 'TRUE')];
  const appended = `SELECT * FROM (${branches.join(' UNION ALL ')}) branches
    WHERE list_rows_in_order()`;
  if (!bounded) return `${appended} ${limitSql(window, builder)}`;
  return `SELECT ${keyNames(source)} FROM (${appended} ${rowLimit}) walked
    WHERE matches ${limitSql(window, builder)}`;
}
