// Dates and datetimes as comparable keys. Records store datetimes in Salesforce's format
// 'YYYY-MM-DDTHH:mm:ss.SSS+0000' and dates as 'YYYY-MM-DD'; strings of one fixed-width UTC
// format sort chronologically, so filters compare keys of that format as plain strings and
// never build a Date per record. Keys outside years 0000–9999 collapse to sentinels that
// sort before ('') or after ('\uffff') every real key.

export const MS_PER_DAY = 86_400_000;

const BEFORE_ALL = '';
const AFTER_ALL = '\uffff';

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** UTC epoch ms of a calendar moment; months and days may overflow (13 → next year). Unlike
 *  Date.UTC it does not map years 0–99 to 1900–1999. */
export function utcMs(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, 0, 0);
  return date.getTime();
}

/** Epoch ms of 'YYYY-MM-DD' at 00:00 UTC, or null when it is not a real calendar date. */
export function parseDateText(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return utcMs(year, month, day);
}

const DATETIME =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Epoch ms of an ISO-8601 datetime ('…T10:00:00Z', '…T10:00:00.123+0000', '…+05:30'), or
 *  null when malformed or out of range. Query literals must name their zone; stored values
 *  without one are read as UTC. */
export function parseDateTimeText(text: string, requireZone: boolean): number | null {
  const match = DATETIME.exec(text);
  if (!match) return null;
  const dayMs = parseDateText(match[1] ?? '');
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4])];
  if (dayMs === null || hour > 23 || minute > 59 || second > 59) return null;
  const millis = Number((match[5] ?? '0').slice(0, 3).padEnd(3, '0'));
  const zone = match[6];
  if (zone === undefined && requireZone) return null;
  let offsetMinutes = 0;
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const [zoneHours, zoneMinutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    if (zoneHours > 23 || zoneMinutes > 59) return null;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  }
  return dayMs + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 + millis;
}

const FIRST_KEYABLE_MS = utcMs(0, 1, 1);
const AFTER_KEYABLE_MS = utcMs(10000, 1, 1);

function isoOrSentinel(ms: number): string {
  if (Number.isNaN(ms)) return AFTER_ALL;
  if (ms < FIRST_KEYABLE_MS) return BEFORE_ALL;
  if (ms >= AFTER_KEYABLE_MS) return AFTER_ALL;
  return new Date(ms).toISOString();
}

/** The datetime key of an instant: 'YYYY-MM-DDTHH:mm:ss.SSS+0000' (or a sentinel). */
export function datetimeKeyOfMs(ms: number): string {
  const iso = isoOrSentinel(ms);
  return iso.length > 1 ? `${iso.slice(0, 23)}+0000` : iso;
}

/** The date key ('YYYY-MM-DD', or a sentinel) of the UTC day containing `ms`. */
export function dateKeyOfMs(ms: number): string {
  const iso = isoOrSentinel(ms);
  return iso.length > 1 ? iso.slice(0, 10) : iso;
}

/** A stored datetime as a key; null when absent or unreadable. */
export function datetimeKeyOfValue(value: unknown): string | null {
  if (typeof value === 'string') {
    // The common case: already Salesforce's format, which is its own key.
    if (value.length === 28 && value.charCodeAt(10) === 84 && value.endsWith('+0000')) {
      return value;
    }
    const ms = parseDateTimeText(value, false);
    if (ms !== null) return datetimeKeyOfMs(ms);
    const dayMs = parseDateText(value);
    return dayMs === null ? null : datetimeKeyOfMs(dayMs);
  }
  if (value instanceof Date) return datetimeKeyOfMs(value.getTime());
  return null;
}

/** A stored date as a key; a datetime string counts as its (UTC) day. */
export function dateKeyOfValue(value: unknown): string | null {
  if (typeof value === 'string') {
    if (value.length === 10) return value;
    const ms = parseDateTimeText(value, false);
    return ms === null ? null : dateKeyOfMs(ms);
  }
  if (value instanceof Date) return dateKeyOfMs(value.getTime());
  return null;
}
