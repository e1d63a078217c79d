// Runs one page of a list: the scope, the compiled filters and the sort as one parameterised
// statement, plus a total that stays cheap at a million rows (exact up to EXACT_COUNT_LIMIT
// matches, the planner's estimate beyond).
import { EXACT_COUNT_LIMIT, type ListPage, type SortKey, type SqlFragment } from '../../../domain';
import type { SqlClient } from '../database';
import type { ListSource } from './list-source';
import { SqlBuilder, type Scope } from './sql-builder';

export interface ListStatement {
  readonly source: ListSource;
  readonly scope: Scope;
  /** The user's filters, compiled by the domain's SQL back end (placeholders from firstParam). */
  readonly filter: (firstParam: number) => SqlFragment;
  /** Already checked against the list's allow-list. */
  readonly sort: readonly SortKey[];
}

export function orderBy(source: ListSource, sort: readonly SortKey[]): string {
  const keys = sort.map((key) => {
    const expression = source.columns[key.id];
    if (expression === undefined) throw new Error(`No SQL for sort column '${key.id}'`);
    return `${expression} ${key.desc ? 'DESC' : 'ASC'} NULLS LAST`;
  });
  return [...keys, source.uniqueKey].join(', ');
}

/** The WHERE clause of a statement, its parameters added to the builder. */
export function whereClause(statement: ListStatement, builder: SqlBuilder): string {
  const scope = statement.scope(builder);
  const filter = builder.fragment(statement.filter);
  return `(${scope}) AND (${filter})`;
}

/** Values PostgreSQL returns as Date become ISO text (the contract's time fields). */
export function toJsonRow<T>(row: Record<string, unknown>): T {
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Date) row[key] = value.toISOString();
  }
  return row as T;
}

export async function queryListPage<T>(
  db: SqlClient,
  statement: ListStatement,
  page: number,
  pageSize: number,
): Promise<ListPage<T>> {
  const builder = new SqlBuilder();
  const where = whereClause(statement, builder);
  const offset = (page - 1) * pageSize;
  const rowsSql = `SELECT ${statement.source.select} FROM ${statement.source.from}
    WHERE ${where} ORDER BY ${orderBy(statement.source, statement.sort)}
    LIMIT ${builder.param(pageSize)} OFFSET ${builder.param(offset)}`;
  const { rows } = await db.query<Record<string, unknown>>(rowsSql, builder.params);
  const pageRows = rows.map((row) => toJsonRow<T>(row));

  // A page that is not full ends the list: its total needs no count.
  if (pageRows.length < pageSize && (pageRows.length > 0 || offset === 0)) {
    return { rows: pageRows, total: offset + pageRows.length, total_is_estimate: false };
  }
  const total = await countMatches(db, statement);
  return { rows: pageRows, ...total };
}

async function countMatches(
  db: SqlClient,
  statement: ListStatement,
): Promise<{ total: number; total_is_estimate: boolean }> {
  const builder = new SqlBuilder();
  const where = whereClause(statement, builder);
  const from = `FROM ${statement.source.from} WHERE ${where}`;
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${EXACT_COUNT_LIMIT + 1}) capped`,
    builder.params,
  );
  const capped = rows[0]?.n ?? 0;
  if (capped <= EXACT_COUNT_LIMIT) return { total: capped, total_is_estimate: false };
  // Counting every match of a million rows on each keystroke is what made the predecessor slow;
  // past the limit the planner's row estimate is close enough for "about N".
  const plan = await db.query<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 ${from}`,
    builder.params,
  );
  const estimate = planRows(plan.rows[0]?.['QUERY PLAN']);
  return { total: Math.max(estimate, EXACT_COUNT_LIMIT + 1), total_is_estimate: true };
}

function planRows(plan: unknown): number {
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: number } }) : null;
  return Math.round(top?.Plan?.['Plan Rows'] ?? 0);
}
