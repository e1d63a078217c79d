// Tab-separated export (docs/product.md "Common list behaviour"): the visible columns in their
// order, values as the screen shows them, one line per row. Every export writes its fields through
// tsvField, the browser's (the client-mode lists) and the server's (the streamed exports of
// server-mode lists) alike.
import { formatDateTime } from '../format';
import type { ColumnKind } from '../filter/columns';
import type { ListColumn } from './list-columns';

/**
 * A field that starts with one of these (after any spaces) is run as a formula by Excel,
 * LibreOffice or Google Sheets ("CSV injection", OWASP): `=HYPERLINK(…)` in a group name would
 * become a live link in the operator's spreadsheet. The full-width forms are included because
 * some spreadsheets read them as their ASCII twins. Tab, CR and LF cannot start a field here:
 * they are escaped first.
 */
const FORMULA_START = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A number as JavaScript writes one: `-5`, `1.25`, `1e+21`. A constant, never a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One field of a TSV file, safe to open in a spreadsheet.
 * - A tab or line break inside it would split the field or the row, so they are written as `\t`,
 *   `\n` and `\r`, and a backslash as `\\` (the common TSV escaping; nothing is lost).
 * - A field a spreadsheet would run as a formula gets a leading `'`, which makes it text.
 * - Except a plain number in a number column: `-5` is a constant, not a formula, and quoting it
 *   would turn the column into text that no longer sums or sorts. Text columns get no such
 *   exception, so a group named `-5+1` or `-1` is exported as text.
 */
export function tsvField(text: string, kind: ColumnKind = 'text'): string {
  const flat = text.replace(/[\\\t\n\r]/g, (char) => ESCAPES[char]!);
  if (kind === 'number' && PLAIN_NUMBER.test(flat)) return flat;
  return FORMULA_START.test(flat) ? `'${flat}` : flat;
}

/** A raw value as exported text: dates in the reader's time zone, booleans as Yes/No. */
function cellText(value: unknown, column: ListColumn, timeZone: string): string {
  if (value === null || value === undefined) return '';
  if (column.kind === 'datetime') return formatDateTime(value as string, timeZone);
  if (column.kind === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** A cell as exported: its text (see cellText) as a safe field (see tsvField). */
export function tsvCell(value: unknown, column: ListColumn, timeZone: string): string {
  return tsvField(cellText(value, column, timeZone), column.kind);
}

/** The header line: the columns' labels. */
export function tsvHeader(columns: readonly Pick<ListColumn, 'label'>[]): string {
  return `${columns.map((column) => tsvField(column.label)).join('\t')}\n`;
}

/** One row's line. */
export function tsvLine(
  row: Readonly<Record<string, unknown>>,
  columns: readonly ListColumn[],
  timeZone: string,
): string {
  return `${columns.map((column) => tsvCell(row[column.field ?? column.id], column, timeZone)).join('\t')}\n`;
}
