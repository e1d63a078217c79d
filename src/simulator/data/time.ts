// Salesforce's wire formats for dates and times: JSON replies carry datetimes as
// '2024-05-01T10:00:00.000+0000' and dates as '2024-05-01'.

export const DAY_MS = 86_400_000;

// Generating a million records formats millions of timestamps; day strings are cached (a dataset
// spans a few thousand days) and shared, which also keeps cursors over big results smaller.
const dayCache = new Map<number, string>();

function dayText(day: number): string {
  let text = dayCache.get(day);
  if (text === undefined) {
    if (dayCache.size > 50_000) dayCache.clear();
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    dayCache.set(day, text);
  }
  return text;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

export function formatDateTime(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let rest = ms - day * DAY_MS;
  const millis = rest % 1000;
  rest = (rest - millis) / 1000;
  const seconds = rest % 60;
  rest = (rest - seconds) / 60;
  const minutes = rest % 60;
  const hours = (rest - minutes) / 60;
  const fraction = millis < 10 ? `00${millis}` : millis < 100 ? `0${millis}` : String(millis);
  // join() builds one flat string; a template literal would keep a rope of parts (6× the memory).
  return [
    dayText(day),
    'T',
    pad2(hours),
    ':',
    pad2(minutes),
    ':',
    pad2(seconds),
    '.',
    fraction,
    '+0000',
  ].join('');
}

export function formatDate(ms: number): string {
  return dayText(Math.floor(ms / DAY_MS));
}

const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Parses what clients send for datetime fields: ISO 8601 with or without milliseconds, with 'Z',
 * '+0000' or '+00:00', or with no zone at all (read as UTC, as Salesforce does). Undefined if invalid.
 */
export function parseDateTime(text: string): number | undefined {
  const m = DATETIME.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '0', zone] = m;
  let ms = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    Number(frac.padEnd(3, '0')),
  );
  if (Number.isNaN(ms)) return undefined;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4));
    ms -= sign * offsetMinutes * 60_000;
  }
  return ms;
}

/** Parses 'YYYY-MM-DD' (undefined if invalid). */
export function parseDate(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms;
}
