// Salesforce's relative date literals, evaluated in UTC against the caller's `now`.
// Each names a half-open range [start, end) of whole units (day, week, month, quarter, year):
//   TODAY / YESTERDAY / TOMORROW, THIS_ / LAST_ / NEXT_ WEEK|MONTH|QUARTER|YEAR — one unit;
//   LAST_N_DAYS:n and LAST_90_DAYS — the past n days *and today* (Salesforce includes today);
//   NEXT_N_DAYS:n and NEXT_90_DAYS — n days starting tomorrow;
//   LAST_N_<unit>S:n — the n whole units before the current one (current excluded);
//   NEXT_N_<unit>S:n — the n whole units after the current one;
//   N_<unit>S_AGO:n — the single unit n units back.
// Weeks start on Sunday (the en_US locale). The fiscal variants use the org default, a fiscal
// year that starts in January, so they equal their calendar counterparts.

import type { SoqlDateLiteral } from './ast';
import { MS_PER_DAY, utcMs } from './temporal';

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

interface LiteralSpec {
  readonly unit: Unit;
  readonly takesN: boolean;
  /** First unit (0 = the current one) and how many units the range spans. */
  readonly span: (n: number) => readonly [from: number, count: number];
}

const one = (unit: Unit, from: number): LiteralSpec => ({
  unit,
  takesN: false,
  span: () => [from, 1],
});
const withN = (unit: Unit, span: LiteralSpec['span']): LiteralSpec => ({
  unit,
  takesN: true,
  span,
});
const lastN = (unit: Unit) => withN(unit, (n) => [-n, n]);
const nextN = (unit: Unit) => withN(unit, (n) => [1, n]);
const nAgo = (unit: Unit) => withN(unit, (n) => [-n, 1]);

const SPECS: ReadonlyMap<string, LiteralSpec> = new Map<string, LiteralSpec>([
  ['YESTERDAY', one('day', -1)],
  ['TODAY', one('day', 0)],
  ['TOMORROW', one('day', 1)],
  ['LAST_WEEK', one('week', -1)],
  ['THIS_WEEK', one('week', 0)],
  ['NEXT_WEEK', one('week', 1)],
  ['LAST_MONTH', one('month', -1)],
  ['THIS_MONTH', one('month', 0)],
  ['NEXT_MONTH', one('month', 1)],
  ['LAST_QUARTER', one('quarter', -1)],
  ['THIS_QUARTER', one('quarter', 0)],
  ['NEXT_QUARTER', one('quarter', 1)],
  ['LAST_YEAR', one('year', -1)],
  ['THIS_YEAR', one('year', 0)],
  ['NEXT_YEAR', one('year', 1)],
  ['LAST_FISCAL_QUARTER', one('quarter', -1)],
  ['THIS_FISCAL_QUARTER', one('quarter', 0)],
  ['NEXT_FISCAL_QUARTER', one('quarter', 1)],
  ['LAST_FISCAL_YEAR', one('year', -1)],
  ['THIS_FISCAL_YEAR', one('year', 0)],
  ['NEXT_FISCAL_YEAR', one('year', 1)],
  ['LAST_90_DAYS', { unit: 'day', takesN: false, span: () => [-90, 91] }],
  ['NEXT_90_DAYS', { unit: 'day', takesN: false, span: () => [1, 90] }],
  ['LAST_N_DAYS', withN('day', (n) => [-n, n + 1])],
  ['NEXT_N_DAYS', nextN('day')],
  ['N_DAYS_AGO', nAgo('day')],
  ['LAST_N_WEEKS', lastN('week')],
  ['NEXT_N_WEEKS', nextN('week')],
  ['N_WEEKS_AGO', nAgo('week')],
  ['LAST_N_MONTHS', lastN('month')],
  ['NEXT_N_MONTHS', nextN('month')],
  ['N_MONTHS_AGO', nAgo('month')],
  ['LAST_N_QUARTERS', lastN('quarter')],
  ['NEXT_N_QUARTERS', nextN('quarter')],
  ['N_QUARTERS_AGO', nAgo('quarter')],
  ['LAST_N_YEARS', lastN('year')],
  ['NEXT_N_YEARS', nextN('year')],
  ['N_YEARS_AGO', nAgo('year')],
  ['LAST_N_FISCAL_QUARTERS', lastN('quarter')],
  ['NEXT_N_FISCAL_QUARTERS', nextN('quarter')],
  ['N_FISCAL_QUARTERS_AGO', nAgo('quarter')],
  ['LAST_N_FISCAL_YEARS', lastN('year')],
  ['NEXT_N_FISCAL_YEARS', nextN('year')],
  ['N_FISCAL_YEARS_AGO', nAgo('year')],
]);

/** Every supported literal name, upper-case. */
export const DATE_LITERAL_NAMES: readonly string[] = [...SPECS.keys()];

/** Whether `name` (any case) is a date literal; and if so whether it needs `:n`. */
export function dateLiteralArity(name: string): 'fixed' | 'withN' | undefined {
  const spec = SPECS.get(name.toUpperCase());
  if (!spec) return undefined;
  return spec.takesN ? 'withN' : 'fixed';
}

/** Start (epoch ms, UTC) of the unit `offset` units away from the one containing `now`;
 *  ±Infinity beyond the range of Date, so huge `n` still orders sensibly. */
function unitStart(now: Date, unit: Unit, offset: number): number {
  const ms = calendarUnitStart(now, unit, offset);
  if (!Number.isNaN(ms) || Number.isNaN(now.getTime())) return ms;
  return offset < 0 ? -Infinity : Infinity;
}

function calendarUnitStart(now: Date, unit: Unit, offset: number): number {
  const [year, month, day] = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()];
  switch (unit) {
    case 'day':
      return utcMs(year, month, day) + offset * MS_PER_DAY;
    case 'week':
      return utcMs(year, month, day - now.getUTCDay()) + offset * 7 * MS_PER_DAY;
    case 'month':
      return utcMs(year, month + offset, 1);
    case 'quarter':
      return utcMs(year, month - ((month - 1) % 3) + offset * 3, 1);
    case 'year':
      return utcMs(year + offset, 1, 1);
  }
}

/** The literal's half-open range in epoch ms (NaN bounds only when `now` is invalid). */
export function dateLiteralRange(
  literal: SoqlDateLiteral,
  now: Date,
): { startMs: number; endMs: number } {
  const spec = SPECS.get(literal.name.toUpperCase());
  if (!spec) return { startMs: Number.NaN, endMs: Number.NaN };
  const [from, count] = spec.span(literal.n ?? 0);
  return {
    startMs: unitStart(now, spec.unit, from),
    endMs: unitStart(now, spec.unit, from + count),
  };
}
