// Filter macros: #ME, #TODAY, #NOW, #THIS_<unit>, #LAST_[<n>_]<unit>, #NEXT_[<n>_]<unit>.
// Time macros resolve in the caller's time zone against the caller's "now", so the browser and
// the server compute the same instants.
import { FilterSyntaxError } from './errors';
import { addUnits, startOfUnit, type TimeUnit, type Weekday } from '../time';

/** Largest count a LAST/NEXT macro accepts (keeps every range inside years 1000–9999). */
export const MAX_MACRO_COUNT = 1000;

/** A macro as parsed. */
export type Macro =
  | { readonly kind: 'me' }
  | { readonly kind: 'today' }
  | { readonly kind: 'now' }
  | {
      readonly kind: 'period';
      readonly direction: 'this' | 'last' | 'next';
      readonly count: number;
      readonly unit: TimeUnit;
    };

const UNITS: Readonly<Record<string, TimeUnit>> = {
  MINUTE: 'minute',
  HOUR: 'hour',
  DAY: 'day',
  WEEK: 'week',
  MONTH: 'month',
  QUARTER: 'quarter',
  YEAR: 'year',
};

const PERIOD = /^(THIS|LAST|NEXT)_(?:(\d+)_)?([A-Z]+?)S?$/;

/** Reads a macro name (the text after '#', any case); unknown names are syntax errors. */
export function parseMacro(name: string, start: number, end: number): Macro {
  const upper = name.toUpperCase();
  if (upper === 'ME') return { kind: 'me' };
  if (upper === 'TODAY') return { kind: 'today' };
  if (upper === 'NOW') return { kind: 'now' };
  const match = PERIOD.exec(upper);
  const unit = match ? UNITS[match[3] ?? ''] : undefined;
  if (!match || unit === undefined || (match[1] === 'THIS' && match[2] !== undefined)) {
    throw new FilterSyntaxError(`Unknown macro #${upper}`, start, end);
  }
  const count = match[2] === undefined ? 1 : Number(match[2]);
  if (count > MAX_MACRO_COUNT) {
    throw new FilterSyntaxError(
      `The count in #${upper} is too large (at most ${MAX_MACRO_COUNT})`,
      start,
      end,
    );
  }
  const direction = match[1] === 'THIS' ? 'this' : match[1] === 'LAST' ? 'last' : 'next';
  return { kind: 'period', direction, count, unit };
}

/** The canonical text of a macro ('#LAST_3_DAY'). */
export function macroText(macro: Macro): string {
  if (macro.kind !== 'period') return `#${macro.kind.toUpperCase()}`;
  const unit = macro.unit.toUpperCase();
  if (macro.direction === 'this') return `#THIS_${unit}`;
  return `#${macro.direction.toUpperCase()}_${macro.count}_${unit}`;
}

/** Where and when time macros are evaluated. */
export interface TimeContext {
  /** The current instant. */
  readonly nowMs: number;
  /** IANA time zone for the start of days, weeks, months… */
  readonly timeZone: string;
  /** First day of the week for #THIS_WEEK etc.: 0 = Sunday (default) … 6 = Saturday. */
  readonly weekStartsOn: Weekday;
}

/** A time macro's value: one instant, or the half-open range [start, end) in epoch milliseconds. */
export type TimeValue =
  | { readonly kind: 'instant'; readonly at: number }
  | { readonly kind: 'range'; readonly start: number; readonly end: number };

/**
 * Resolves a time macro: #NOW is the instant now; #TODAY and #THIS_x are the whole current
 * day/unit; #LAST_n_x runs from the start of the unit n units back up to now; #NEXT_n_x runs
 * from now to the end of the unit n units ahead (so LAST and NEXT meet at now).
 */
export function resolveTimeMacro(
  macro: Exclude<Macro, { kind: 'me' }>,
  context: TimeContext,
): TimeValue {
  const { nowMs, timeZone, weekStartsOn } = context;
  if (macro.kind === 'now') return { kind: 'instant', at: nowMs };
  const unit = macro.kind === 'today' ? 'day' : macro.unit;
  const unitStart = startOfUnit(nowMs, unit, timeZone, weekStartsOn);
  if (macro.kind === 'today' || macro.direction === 'this') {
    return { kind: 'range', start: unitStart, end: addUnits(unitStart, 1, unit, timeZone) };
  }
  if (macro.direction === 'last') {
    return { kind: 'range', start: addUnits(unitStart, -macro.count, unit, timeZone), end: nowMs };
  }
  return { kind: 'range', start: nowMs, end: addUnits(unitStart, macro.count + 1, unit, timeZone) };
}
