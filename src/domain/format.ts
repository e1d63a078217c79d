// How numbers, counts, durations, dates and money read in the console
// (docs/product.md "Constants and limits").
import { formatInZone } from './time';

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];

/** Something with a count: a number, an array (length) or a Set/Map (size). */
export type Countable = number | { readonly length: number } | { readonly size: number };

/** The count of a number, array, Set or Map. */
export function countOf(value: Countable): number {
  if (typeof value === 'number') return value;
  return 'length' in value ? value.length : value.size;
}

/**
 * A count for reading: 0–10 as English words, larger counts as their leading digit followed by
 * zeros and '+' (11 → '10+', 57 → '50+', 100 → '100+', 2345 → '2000+'). Negative or fractional
 * numbers, which are not counts, are shown as digits.
 */
export function numberWord(value: Countable): string {
  const n = countOf(value);
  if (!Number.isInteger(n) || n < 0) return String(n);
  const word = NUMBER_WORDS[n];
  if (word !== undefined) return word;
  const digits = BigInt(n).toString();
  return `${digits[0] ?? ''}${'0'.repeat(digits.length - 1)}+`;
}

/** The plural suffix for a count: the suffix when the count is 0 or more than 1, else ''. */
export function pluralSuffix(value: Countable, suffix = 's'): string {
  const n = countOf(value);
  return n === 1 ? '' : suffix;
}

/** A noun for a count: plural when the count is 0 or more than 1 ('1 failure', '2 failures'). */
export function pluralize(value: Countable, singular: string, plural = `${singular}s`): string {
  return countOf(value) === 1 ? singular : plural;
}

/** A count followed by its noun ('1 failure', '0 orgs', '12 orgs'). */
export function countNoun(value: Countable, singular: string, plural?: string): string {
  const n = countOf(value);
  return `${n} ${pluralize(n, singular, plural)}`;
}

/** 5.8333 → '5.8 %', 2 → '2 %': a share with one decimal at most. */
export function formatPercent(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)} %`;
}

/** Durations of at most this many seconds are shown in seconds, longer ones in minutes. */
export const SECONDS_DISPLAY_LIMIT = 100;

/**
 * A job duration: rounded to whole seconds, shown as 'N seconds' up to and including 100 s,
 * otherwise in minutes with one decimal and no trailing '.0' ('1.7 minutes', '2 minutes').
 * Null, undefined or NaN give '' (no duration yet); negative values count as 0.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return '';
  const whole = Math.max(0, Math.round(seconds));
  if (whole <= SECONDS_DISPLAY_LIMIT) return countNoun(whole, 'second');
  const minutes = Math.round((whole / 60) * 10) / 10;
  return `${minutes} ${pluralize(minutes, 'minute')}`;
}

/** Seconds between two instants (e.g. an admin job's start and last update); null if either is missing. */
export function secondsBetween(
  start: DateInput | null | undefined,
  end: DateInput | null | undefined,
): number | null {
  const from = toEpochMs(start);
  const to = toEpochMs(end);
  if (from === null || to === null) return null;
  return (to - from) / 1000;
}

/** A date-time as the API may carry it: a Date, an ISO string or epoch milliseconds. */
export type DateInput = Date | string | number;

/** Epoch milliseconds of a date input, or null if it is missing or not a date. */
export function toEpochMs(value: DateInput | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const ms =
    value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** The console's date-time pattern. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD hh:mm a';

/** The console's date pattern. */
export const DATE_FORMAT = 'YYYY-MM-DD';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h12',
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format;
}

/** Years the fast path writes as four digits; others go through dayjs. */
const FOUR_DIGIT_YEARS = { from: Date.UTC(1000, 0, 2), to: Date.UTC(9999, 11, 30) };

/**
 * A date-time in a zone like '2024-05-01 03:30 pm'; '' when missing or invalid. Exports format a
 * hundred thousand of these, so a cached Intl formatter does the work (dayjs's zone plugin costs
 * about 100 µs a call); it writes exactly what DATE_TIME_FORMAT does.
 */
export function formatDateTime(value: DateInput | null | undefined, timeZone: string): string {
  const ms = toEpochMs(value);
  if (ms === null) return '';
  if (ms < FOUR_DIGIT_YEARS.from || ms > FOUR_DIGIT_YEARS.to) {
    return formatInZone(ms, timeZone, DATE_TIME_FORMAT);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of dateTimeFormat(timeZone).formatToParts(ms)) parts[part.type] = part.value;
  const period = (parts.dayPeriod ?? '').toLowerCase();
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${period}`;
}

/** A date in a zone like '2024-05-01'; '' when missing or invalid. */
export function formatDate(value: DateInput | null | undefined, timeZone: string): string {
  const ms = toEpochMs(value);
  return ms === null ? '' : formatInZone(ms, timeZone, DATE_FORMAT);
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount in US dollars ('$1,234.50'); '' when missing. */
export function formatCurrency(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  return USD.format(amount);
}
