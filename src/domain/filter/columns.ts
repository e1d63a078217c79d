// The columns a filter applies to, the context it is evaluated in, and the saved-filter shape.
import { z } from 'zod';
import type { Weekday } from '../time';

/** What a column holds; it decides what a filter's values mean. */
export const COLUMN_KINDS = [
  'text',
  'number',
  'datetime',
  'date',
  'boolean',
  'version',
  'enum',
] as const;

/** A column kind: text, number, datetime (an instant), date (a calendar date), boolean, version or enum. */
export type ColumnKind = (typeof COLUMN_KINDS)[number];

/**
 * A filterable column. `sql` is the trusted SQL expression the server compiles filters
 * against (e.g. 'o.name'); it comes from server code, never from a request. Values by kind:
 * text/enum any text; number a number; datetime a timestamptz (JS: Date, ISO text or epoch ms);
 * date a date (JS: 'YYYY-MM-DD' or a Date read in UTC); boolean a boolean; version the version's
 * sort key (JS also accepts the dotted number).
 */
export interface FilterColumn {
  /** The column id used by saved filters and the UI. */
  readonly id: string;
  readonly kind: ColumnKind;
  /** SQL expression of the column, for compiling to SQL. */
  readonly sql?: string;
  /** Row property holding the value in the browser; defaults to id. */
  readonly field?: string;
  /** Name used in messages ('Status'); defaults to id. */
  readonly label?: string;
  /** For enum columns: the labels values can take, so a filter that can match none of them is an error. */
  readonly values?: readonly string[];
}

/** What filters are evaluated against: the time zone and "now" of time macros and the user of #ME. */
export interface FilterContext {
  /** The current instant. */
  readonly now: Date | number;
  /** IANA time zone for days, weeks and date literals, e.g. 'Europe/Berlin'. */
  readonly timeZone: string;
  /** Username #ME stands for; #ME is an error without one. */
  readonly username?: string | null;
  /** First day of the week: 0 = Sunday (default) … 6 = Saturday. */
  readonly weekStartsOn?: Weekday;
}

/** One column's filter as saved and sent: the column id and the expression text. */
export const columnFilterSchema = z.object({
  id: z.string().min(1).max(100),
  value: z.string().max(2000),
});

/** One column's filter. */
export type ColumnFilter = z.infer<typeof columnFilterSchema>;

/** A saved filter's query: filters of several columns, all of which must match. */
export const columnFiltersSchema = z.array(columnFilterSchema).max(100);

/** The name a column has in messages. */
export function columnLabel(column: FilterColumn): string {
  return column.label ?? column.id;
}
