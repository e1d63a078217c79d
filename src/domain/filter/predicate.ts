// The JavaScript back end: evaluates a bound condition against a value held in the browser,
// with the same semantics as the SQL back end (sql.ts) — see the equivalence property test.
import { versionColumnKey } from '../versions';
import { foldCase } from './casefold';
import type { ColumnKind } from './columns';
import type { Condition, ConditionValue } from './conditions';
import { epochDay } from './literals';

/** A value reduced to what conditions compare: folded text, a key, a number, a boolean or null. */
type Subject = string | number | boolean | null;

const DAY_MS = 86_400_000;
const CALENDAR_DATE = /^(\d{4,})-(\d{2})-(\d{2})/;

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isNaN(n) ? null : n;
  }
  return null;
}

function toEpochMs(value: unknown): number | null {
  const ms =
    value instanceof Date
      ? value.getTime()
      : typeof value === 'string'
        ? Date.parse(value)
        : toNumber(value);
  return ms !== null && Number.isFinite(ms) ? ms : null;
}

function toEpochDay(value: unknown): number | null {
  if (typeof value === 'string') {
    const m = CALENDAR_DATE.exec(value);
    return m ? epochDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
  }
  const ms = toEpochMs(value);
  return ms === null ? null : Math.floor(ms / DAY_MS);
}

function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return value instanceof Date ? value.toISOString() : (JSON.stringify(value) ?? '');
}

/** Reads a raw value the way the column kind's SQL expression would present it. */
export function normaliseValue(kind: ColumnKind, value: unknown): Subject {
  switch (kind) {
    case 'text':
    case 'enum':
      return foldCase(toText(value));
    case 'version':
      return versionColumnKey(value === null || value === undefined ? null : toText(value));
    case 'number':
      return toNumber(value);
    case 'datetime':
      return toEpochMs(value);
    case 'date':
      return toEpochDay(value);
    case 'boolean':
      return value === true || value === 'true'
        ? true
        : value === false || value === 'false'
          ? false
          : null;
  }
}

/** Compares strings by code point, the order of PostgreSQL's "C" collation on UTF-8. */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** Moves surrogates above the rest of the BMP, so UTF-16 unit order becomes code point order. */
function codePointRank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

function compare(subject: string | number, value: ConditionValue): number {
  if (typeof subject === 'number' && typeof value === 'number') return subject - value;
  return compareCodePoints(String(subject), String(value));
}

function orderHolds(difference: number, comparator: string): boolean {
  switch (comparator) {
    case '<':
      return difference < 0;
    case '<=':
      return difference <= 0;
    case '>':
      return difference > 0;
    case '>=':
      return difference >= 0;
    default:
      return difference === 0;
  }
}

function evaluate(condition: Condition, subject: Subject): boolean {
  switch (condition.type) {
    case 'all':
      return true;
    case 'or':
      return condition.operands.some((c) => evaluate(c, subject));
    case 'and':
      return condition.operands.every((c) => evaluate(c, subject));
    case 'not':
      return !evaluate(condition.operand, subject);
    case 'present':
      return subject !== null && subject !== '';
    case 'pattern': {
      if (typeof subject !== 'string') return false;
      const { value } = condition;
      if (condition.test === 'equals') return subject === value;
      if (condition.test === 'startsWith') return subject.startsWith(value);
      return condition.test === 'endsWith' ? subject.endsWith(value) : subject.includes(value);
    }
    case 'order':
      if (subject === null || subject === '' || typeof subject === 'boolean') return false;
      return orderHolds(compare(subject, condition.value), condition.comparator);
    case 'range':
      return typeof subject === 'number' && subject >= condition.start && subject < condition.end;
    case 'truth':
      return condition.value ? subject === true : subject !== true;
  }
}

/** A predicate over raw column values (as rows hold them in the browser). */
export function conditionPredicate(
  condition: Condition,
  kind: ColumnKind,
): (value: unknown) => boolean {
  return (value) => evaluate(condition, normaliseValue(kind, value));
}
