// The text a cell shows by its column kind. The table, its sorting help and the TSV export all
// read values through here, so what is exported is what the operator saw on screen.
import { formatDateTime, type ColumnKind, type ListColumn } from '../../../domain';

/** The raw value a row holds for a column (the column's `field`, else its id). */
export function rowValue(row: object, column: Pick<ListColumn, 'id' | 'field'>): unknown {
  return (row as Record<string, unknown>)[column.field ?? column.id];
}

/** A raw value as displayed text: datetimes in the browser's zone, booleans as Yes/No. */
export function cellText(value: unknown, kind: ColumnKind, timeZone: string): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'datetime':
      return value instanceof Date || typeof value === 'string' || typeof value === 'number'
        ? formatDateTime(value, timeZone)
        : '';
    case 'boolean':
      return value ? 'Yes' : 'No';
    default:
      // 'date' columns already carry 'YYYY-MM-DD'; shifting them through a zone would move days.
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'bigint') return String(value);
      if (typeof value === 'boolean') return value ? 'true' : 'false';
      return typeof value === 'object' ? JSON.stringify(value) : '';
  }
}

let zone: string | undefined;

/**
 * The browser's IANA time zone: dates are shown and filters are read in it. Asked once a page:
 * each answer makes a date formatter, and every date cell and filter wants it.
 */
export function browserTimeZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone;
}
