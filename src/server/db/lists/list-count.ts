// A list's total: exact up to EXACT_COUNT_LIMIT matches, the planner's estimate beyond, so that
// it stays cheap at a million rows.
import { EXACT_COUNT_LIMIT } from '../../../domain';
import type { SqlClient } from '../database';

export interface ListTotal {
  readonly total: number;
  readonly total_is_estimate: boolean;
}

/**
 * Past this many rows in the planner's estimate, a list no user filter narrows takes the estimate
 * without counting: counting the first 10 001 of a version's 24 000 customers or of a group's
 * 20 000 members, each tested for membership, took 35-70 ms of every page, for a total shown as
 * an estimate all the same. Twice the exact limit, since a scope's estimate (a version, a group,
 * an org's licenses) comes from column statistics and stays well within that; a filter's can be
 * far off (a 'contains' pattern), so a filtered list is always counted up to the limit.
 */
export const TRUSTED_ESTIMATE = 2 * EXACT_COUNT_LIMIT;

/**
 * The total of the rows of `from` ('FROM … WHERE …', its parameters `params`). `filtered`: some
 * user filter is part of it (see TRUSTED_ESTIMATE). `estimated`: the planner's estimate of those
 * rows, when the caller has it already.
 */
export async function countRows(
  db: SqlClient,
  from: string,
  params: readonly unknown[],
  filtered = true,
  estimated?: number,
): Promise<ListTotal> {
  const early = filtered ? undefined : await estimateRows(db, from, params);
  if (early !== undefined && early >= TRUSTED_ESTIMATE) {
    return { total: early, total_is_estimate: true };
  }
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${EXACT_COUNT_LIMIT + 1}) capped`,
    params,
  );
  const capped = rows[0]?.n ?? 0;
  if (capped <= EXACT_COUNT_LIMIT) return { total: capped, total_is_estimate: false };
  // Counting every match of a million rows on each keystroke would hold every page up; past the
  // limit (docs/product.md "Constants and limits") the planner's row estimate is close enough for
  // "about N".
  const estimate = early ?? estimated ?? (await estimateRows(db, from, params));
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
