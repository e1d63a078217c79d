// List options as the CLI takes them (--filter column=expression, --sort column[:desc],…) turned
// into the list protocol's query (docs/api.md "Lists: paging, sorting, filtering, export").
import type { ColumnFilter } from '../domain';

export interface ListOptions {
  filter?: string[];
  sort?: string;
  page?: string;
  'page-size'?: string;
}

export class UsageError extends Error {}

/** `name=acme` → { id: 'name', value: 'acme' }: the column id, then the filter language. */
export function parseFilters(filters: readonly string[] = []): ColumnFilter[] {
  return filters.map((text) => {
    const at = text.indexOf('=');
    if (at <= 0) throw new UsageError(`--filter ${text}: write column=expression, e.g. name=acme`);
    return { id: text.slice(0, at).trim(), value: text.slice(at + 1) };
  });
}

/** `name:desc,instance` → sort_field=name,instance and sort_dir=desc,asc. */
export function listQuery(options: ListOptions): Record<string, string | undefined> {
  const keys = (options.sort ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => {
      const [field = '', dir = 'asc'] = key.split(':');
      if (dir !== 'asc' && dir !== 'desc') throw new UsageError(`--sort ${key}: asc or desc`);
      return { field, dir };
    });
  const filters = parseFilters(options.filter);
  return {
    page: options.page,
    pageSize: options['page-size'],
    sort_field: keys.length ? keys.map((k) => k.field).join(',') : undefined,
    sort_dir: keys.length ? keys.map((k) => k.dir).join(',') : undefined,
    filters: filters.length ? JSON.stringify(filters) : undefined,
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/** Rows as aligned columns for a terminal. */
export function table(
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
): string {
  const text = (value: unknown): string =>
    typeof value === 'string'
      ? value
      : value === null || value === undefined
        ? ''
        : JSON.stringify(value);
  const cells = rows.map((row) => columns.map((column) => text(row[column])));
  const widths = columns.map((column, i) =>
    Math.min(60, Math.max(column.length, ...cells.map((row) => row[i]!.length))),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, i) => value.slice(0, 60).padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}
