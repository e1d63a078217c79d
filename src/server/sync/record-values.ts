// Conversions from Salesforce's wire values to what the database stores. A full fetch runs them
// millions of times, so the common shapes take a direct path and anything else the general one.
import { caseSafeSuffix, toId18 } from '../../domain/ids';

const ZERO = 48;

/** The number written by the digits of value[from, to), or -1 when one of them is not a digit. */
function digits(value: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = value.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Epoch ms of a Salesforce datetime ('2024-05-01T10:00:00.000+0000'); NaN when unreadable. */
export function dateTimeMs(value: string): number {
  // Salesforce's own form, UTC with milliseconds: read field by field. Days past the 28th, years
  // before 100 and anything else unusual take Date.parse's reading below.
  if (
    value.length === 28 &&
    value.endsWith('+0000') &&
    value[4] === '-' &&
    value[7] === '-' &&
    value[10] === 'T' &&
    value[13] === ':' &&
    value[16] === ':' &&
    value[19] === '.'
  ) {
    const year = digits(value, 0, 4);
    const month = digits(value, 5, 7);
    const day = digits(value, 8, 10);
    const hour = digits(value, 11, 13);
    const minute = digits(value, 14, 16);
    const second = digits(value, 17, 19);
    const ms = digits(value, 20, 23);
    if (
      year >= 100 &&
      month >= 1 &&
      month <= 12 &&
      day >= 1 &&
      day <= 28 &&
      hour >= 0 &&
      hour <= 23 &&
      minute >= 0 &&
      minute <= 59 &&
      second >= 0 &&
      second <= 59 &&
      ms >= 0
    ) {
      return Date.UTC(year, month - 1, day, hour, minute, second, ms);
    }
  }
  // Date.parse wants '+00:00'; Salesforce writes '+0000'.
  return Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

/** A Salesforce date ('YYYY-MM-DD') as the UTC midnight a timestamptz column stores. */
export function dateAsTimestamp(value: string | null | undefined): string | null {
  return value ? `${value}T00:00:00Z` : null;
}

/** Whether the code is a digit or an ASCII letter. */
function alphanumeric(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * The 18-character form of an id that text fields may hold in 15 characters (the LMA's
 * Subscriber Org ID, Developer Org ID, Package ID and Version ID); null when it is not one.
 */
export function id18(value: string | null | undefined, prefix?: string): string | null {
  if (!value) return null;
  // What Salesforce sends: an exact 18-character id (or a 15-character one) with the prefix. Any
  // other shape (a suffix whose case was lost, spaces, a wrong prefix) is read by toId18.
  const length = value.length;
  if ((length === 18 || length === 15) && (prefix === undefined || value.startsWith(prefix))) {
    let plain = true;
    for (let i = 0; i < length && plain; i++) plain = alphanumeric(value.charCodeAt(i));
    if (plain) {
      if (length === 15) return value + caseSafeSuffix(value);
      if (caseSafeSuffix(value) === value.slice(15)) return value;
    }
  }
  return toId18(value, prefix);
}

/** A whole number for an integer column (Salesforce sends doubles for number fields). */
export function wholeNumber(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value)
    ? null
    : Math.round(value);
}
