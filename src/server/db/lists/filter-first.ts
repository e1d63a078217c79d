// A filtered list's matches collected through the filter's own indexes, sorted and cut to a page
// (list-query.ts), and the count that comes before every page. When the planner expects the
// matches to be few, they are counted by the statement that cuts the page from them: the
// filter's work is done once instead of once to count and again to collect (a version's 2 282
// customers whose account contains "plc", by name, page 40: 26 ms to count, then 23 ms to
// collect the same rows; docs/architecture.md "How a page is read").
import { EXACT_COUNT_LIMIT, type PageWindow } from '../../../domain';
import type { SqlClient } from '../database';
import { groupFewValueSorts } from './few-value-sorts';
import { countRows, estimateRows, type ListTotal } from './list-count';
import { orderBy, sortTerms, whereClause } from './list-order';
import { fromFor, fromWithLookups, pageRowsFrom } from './list-source';
import type { ListStatement } from './list-statement';
import { allOf, SqlBuilder } from './sql-builder';

export const limitSql = (window: PageWindow, builder: SqlBuilder) =>
  `LIMIT ${builder.param(window.limit)} OFFSET ${builder.param(window.offset)}`;

/**
 * The statement with what every row of its list meets (ListSource.readsKnow) added to its scope,
 * for the reads that it helps: filtered ones, and those in that column's order.
 */
export function withReadsKnow(statement: ListStatement): ListStatement {
  const { readsKnow } = statement.source;
  const filtered = (statement.filteredColumns?.length ?? 0) > 0;
  if (!readsKnow || !(filtered || statement.sort.some((key) => key.id === readsKnow.column))) {
    return statement;
  }
  return { ...statement, scope: allOf(statement.scope, () => readsKnow.sql) };
}

/**
 * All the matches with their sort values (`matches`: a SELECT), and the select list and order of
 * their keys in the list's order (`keys`, `order`, over a CTE named matches). `lookUp`: the joins
 * only the sort reads that are looked up row by row (fromWithLookups).
 */
function filterFirstParts(
  statement: ListStatement,
  reverse: boolean,
  builder: SqlBuilder,
  lookUp: ReadonlySet<string>,
) {
  const { source } = statement;
  const terms = sortTerms(source, statement.sort, reverse);
  const where = whereClause(statement, builder);
  const from = fromWithLookups(source, where, terms.map((t) => t.expression).join(' '), lookUp);
  const columns = terms.map((term, i) => `${term.expression} AS s${i}`);
  const keyAt = terms.length - source.uniqueKey.length;
  return {
    matches: `SELECT ${columns.join(', ')} FROM ${from} WHERE ${where}`,
    keys: source.uniqueKey.map((_, i) => `s${keyAt + i} AS k${i}`).join(', '),
    order: terms.map((term, i) => `s${i} ${term.direction}`).join(', '),
  };
}

/** The page's keys taken from all the matches, sorted (see list-query.ts FILTER_FIRST_LIMIT). */
export function filterFirstKeys(
  statement: ListStatement,
  window: PageWindow,
  builder: SqlBuilder,
  lookUp: ReadonlySet<string>,
): string {
  const reverse = window.from === 'end';
  const { matches, keys, order } = filterFirstParts(statement, reverse, builder, lookUp);
  return `WITH matches AS MATERIALIZED (${matches})
    SELECT ${keys} FROM matches ORDER BY ${order} ${limitSql(window, builder)}`;
}

/** A list's total, and when the same statement read it, page `page`'s rows. */
export interface CountedMatches {
  readonly total: ListTotal;
  readonly rows?: Record<string, unknown>[];
}

/** Names the counting read gives its own columns, apart from the list's. */
const TOTAL_COLUMN = 'list_total__';
const POSITION_COLUMN = 'list_position__';

/**
 * The total of `statement`'s matches (list-count.ts). A filtered list the planner expects to
 * match no more than EXACT_COUNT_LIMIT rows (ListStatement.countingReadUpTo), on records its
 * filters read already, collects up to one more than that, counts them, and when they were all
 * of them cuts page `page` from them in the same statement (rows): the page from the start,
 * which for a total within MAX_LIST_DEPTH holds the rows pageWindow places from either end.
 * Past the limit the collected rows give only the count, and the page is read as any other;
 * expected beyond it, the collecting would cost that often (a version's 13 208 Enterprise
 * Edition customers by status: 16 ms counted and walked, 45 ms collected first).
 */
export async function countMatches(
  db: SqlClient,
  statement: ListStatement,
  page: number,
  pageSize: number,
): Promise<CountedMatches> {
  const builder = new SqlBuilder();
  const where = whereClause(statement, builder);
  const filtered = statement.narrowed !== undefined || statement.filter(1).text !== 'TRUE';
  const from = `FROM ${fromFor(statement.source, where)} WHERE ${where}`;
  if (!filtered) return { total: await countRows(db, from, builder.params, false) };
  const estimate = await estimateRows(db, from, builder.params);
  // A sort on a record the filters do not read would join it for each match only to count them
  // (a version's 9 833 customers installed after a date, by their org's status: 6 ms counted
  // from the versions' index, 60 ms collected with their orgs).
  const sortValues = statement.sort.map((key) => statement.source.columns[key.id]).join(' ');
  const sortJoins =
    fromFor(statement.source, `${where} ${sortValues}`) !== fromFor(statement.source, where);
  if (sortJoins || estimate > (statement.countingReadUpTo ?? EXACT_COUNT_LIMIT)) {
    return { total: await countRows(db, from, builder.params, true, estimate) };
  }
  const reading = await groupFewValueSorts(db, withReadsKnow(statement));
  const read = new SqlBuilder();
  // Every record the sort reads is joined for the filters already: nothing to look up.
  const { matches, keys, order } = filterFirstParts(reading, false, read, new Set());
  const window: PageWindow = { from: 'start', offset: (page - 1) * pageSize, limit: pageSize };
  // Sorted only when they are all the matches (a one-time filter: otherwise never sorted).
  const pageKeys = `SELECT ${keys} FROM matches WHERE counted.n <= ${EXACT_COUNT_LIMIT}
    ORDER BY ${order} ${limitSql(window, read)}`;
  const listOrder = orderBy(reading.source, reading.sort);
  const { rows } = await db.query<Record<string, unknown>>(
    `WITH matches AS MATERIALIZED (${matches} LIMIT ${EXACT_COUNT_LIMIT + 1})
    SELECT counted.n AS ${TOTAL_COLUMN}, listed.*
    FROM (SELECT count(*)::int AS n FROM matches) counted
    LEFT JOIN LATERAL (SELECT ${reading.source.select},
        row_number() OVER (ORDER BY ${listOrder}) AS ${POSITION_COLUMN}
      FROM ${pageRowsFrom(reading.source, pageKeys)}) listed ON TRUE
    ORDER BY listed.${POSITION_COLUMN}`,
    read.params,
  );
  const counted = Number(rows[0]?.[TOTAL_COLUMN] ?? 0);
  if (counted > EXACT_COUNT_LIMIT) {
    return { total: { total: Math.max(estimate, counted), total_is_estimate: true } };
  }
  const listed = rows.filter((row) => row[POSITION_COLUMN] != null);
  for (const row of listed) {
    delete row[TOTAL_COLUMN];
    delete row[POSITION_COLUMN];
  }
  return { total: { total: counted, total_is_estimate: false }, rows: listed };
}
