// Reading typed values out of filter text: numbers, dates, date-times and yes/no.
import { instantOf, isRealDate } from '../time';
import type { TimeValue } from './macros';

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** A finite decimal number ('12', '-0.5', '1e3'), or null. */
export function parseNumberLiteral(text: string): number | null {
  if (!NUMBER.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** t/y (true, yes) → true and f/n (false, no) → false, by the first letter in any case; else null. */
export function parseBooleanLiteral(text: string): boolean | null {
  const first = text.trim().charAt(0).toLowerCase();
  if (first === 't' || first === 'y') return true;
  if (first === 'f' || first === 'n') return false;
  return null;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a calendar date. */
export function epochDay(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return Math.round(date.getTime() / DAY_MS);
}

/** The calendar date ('YYYY-MM-DD', year padded to 4 digits) of a day number. */
export function epochDayToDate(days: number): string {
  const date = new Date(days * DAY_MS);
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${year}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

const DATE_TIME =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:?\d{2})?)?)?)?$/i;

/** Fields of a date-time literal; absent fields are undefined. */
interface DateTimeFields {
  readonly year: number;
  readonly month?: number;
  readonly day?: number;
  readonly hour?: number;
  readonly minute?: number;
  readonly second?: number;
  readonly millisecond?: number;
  readonly zone?: string;
}

function readFields(text: string): DateTimeFields | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const num = (value: string | undefined): number | undefined =>
    value === undefined ? undefined : Number(value);
  const fields: DateTimeFields = {
    year: Number(m[1]),
    month: num(m[2]),
    day: num(m[3]),
    hour: num(m[4]),
    minute: num(m[5]),
    second: num(m[6]),
    millisecond: m[7] === undefined ? undefined : Number(m[7].padEnd(3, '0')),
    zone: m[8],
  };
  const validDate = fields.year >= 1 && isRealDate(fields.year, fields.month ?? 1, fields.day ?? 1);
  const validTime =
    (fields.hour ?? 0) < 24 && (fields.minute ?? 0) < 60 && (fields.second ?? 0) < 60;
  return validDate && validTime ? fields : null;
}

/** Days since 1970 of the fields' first day and of the day after their last day. */
function dayRange(fields: DateTimeFields): { start: number; end: number } {
  const { year, month, day } = fields;
  if (month === undefined) return { start: epochDay(year, 1, 1), end: epochDay(year + 1, 1, 1) };
  if (day === undefined)
    return { start: epochDay(year, month, 1), end: epochDay(year, month + 1, 1) };
  const start = epochDay(year, month, day);
  return { start, end: start + 1 };
}

/**
 * A calendar-date literal ('2024', '2024-05', '2024-05-31') as the range of day numbers it
 * covers, [start, end); null for anything else (times included).
 */
export function parseCalendarLiteral(text: string): { start: number; end: number } | null {
  const fields = readFields(text);
  if (!fields || fields.hour !== undefined) return null;
  return dayRange(fields);
}

/**
 * A date-time literal read in the zone: a date ('2024-05-31', '2024-05', '2024') or a local time
 * ('2024-05-31T14:30') is the range it covers at its precision; a time with 'Z' or an offset is
 * an instant. Null when the text is not one.
 */
export function parseDateTimeLiteral(text: string, timeZone: string): TimeValue | null {
  const fields = readFields(text);
  if (!fields) return null;
  if (fields.hour === undefined) {
    const days = dayRange(fields);
    const midnight = (epoch: number): number => {
      const date = new Date(epoch * DAY_MS);
      const wall = {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
      };
      return instantOf({ ...wall, hour: 0, minute: 0, second: 0, millisecond: 0 }, timeZone);
    };
    return { kind: 'range', start: midnight(days.start), end: midnight(days.end) };
  }
  const wall = {
    year: fields.year,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    hour: fields.hour,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
    millisecond: fields.millisecond ?? 0,
  };
  if (fields.zone !== undefined) {
    const naive =
      epochDay(wall.year, wall.month, wall.day) * DAY_MS +
      ((wall.hour * 60 + wall.minute) * 60 + wall.second) * 1000 +
      wall.millisecond;
    return { kind: 'instant', at: naive - zoneOffsetFromText(fields.zone) };
  }
  const start = instantOf(wall, timeZone);
  const width =
    fields.millisecond !== undefined
      ? 1
      : fields.second !== undefined
        ? 1000
        : fields.minute !== undefined
          ? 60_000
          : 3_600_000;
  return { kind: 'range', start, end: start + width };
}

function zoneOffsetFromText(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
}
