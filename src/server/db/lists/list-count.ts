// A list's total: exact up to EXACT_COUNT_LIMIT matches, the planner's estimate beyond, so that
// it stays cheap at a million rows.
import { EXACT_COUNT_LIMIT } from '../../../domain';
import type { SqlClient } from '../database';

export interface ListTotal {
  readonly total: number;
  readonly total_is_estimate: boolean;
}

/** The total of the rows of `from` ('FROM … WHERE …', its parameters `params`). */
export async function countRows(
  db: SqlClient,
  from: string,
  params: readonly unknown[],
): Promise<ListTotal> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${EXACT_COUNT_LIMIT + 1}) capped`,
    params,
  );
  const capped = rows[0]?.n ?? 0;
  if (capped <= EXACT_COUNT_LIMIT) return { total: capped, total_is_estimate: false };
  // Counting every match of a million rows on each keystroke would hold every page up; past the
  // limit (docs/product.md "Constants and limits") the planner's row estimate is close enough for
  // "about N".
  const estimate = await estimateRows(db, from, params);
  return { total: Math.max(estimate, EXACT_COUNT_LIMIT + 1), total_is_estimate: true };
}

/** The planner's estimate of the rows of `from` ('FROM … WHERE …'), read without running it. */
export async function estimateRows(
  db: SqlClient,
  from: string,
  params: readonly unknown[],
): Promise<number> {
  const plan = await db.query<{ 'QUERY PLAN': unknown }>(
    `EXPLAIN (FORMAT JSON) SELECT 1 ${from}`,
    params,
  );
  return planRows(plan.rows[0]?.['QUERY PLAN']);
}

function planRows(plan: unknown): number {
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: number } }) : null;
  return Math.round(top?.Plan?.['Plan Rows'] ?? 0);
}
