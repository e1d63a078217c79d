// Tab-separated export (spec §1, §9): the visible columns in their order, values as the screen
// shows them, one line per row. Browser exports and the server's streamed exports share it.
import { formatDateTime } from '../format';
import type { ListColumn } from './list-columns';

/** A cell as exported: dates in the reader's time zone, booleans as Yes/No, no tabs or newlines. */
export function tsvCell(value: unknown, column: ListColumn, timeZone: string): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (column.kind === 'datetime') text = formatDateTime(value as string, timeZone);
  else if (column.kind === 'boolean') text = value ? 'Yes' : 'No';
  else if (Array.isArray(value)) text = value.join(', ');
  else if (typeof value === 'string' || typeof value === 'number') text = String(value);
  else text = JSON.stringify(value);
  return text.replace(/[\t\r\n]+/g, ' ');
}

/** The header line: the columns' labels. */
export function tsvHeader(columns: readonly ListColumn[]): string {
  return `${columns.map((column) => column.label).join('\t')}\n`;
}

/** One row's line. */
export function tsvLine(
  row: Readonly<Record<string, unknown>>,
  columns: readonly ListColumn[],
  timeZone: string,
): string {
  return `${columns.map((column) => tsvCell(row[column.field ?? column.id], column, timeZone)).join('\t')}\n`;
}
