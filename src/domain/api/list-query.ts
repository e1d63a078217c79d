// The one list protocol (docs/architecture.md "Lists declared as data"): the DataTable sends page,
// page size, sorts and column filters; the server answers a page of rows and a total. Server and
// web both read this file.
import { z } from 'zod';
import { columnFiltersSchema, type ColumnFilter } from '../filter/columns';

/** Page sizes offered by every list (docs/product.md "Constants and limits"), and the default. */
export const PAGE_SIZES = [5, 10, 15, 20, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** One sort key: a column id and its direction. A list sorts by several keys in order. */
export interface SortKey {
  readonly id: string;
  readonly desc: boolean;
}

/** How a list is asked for: which page, how many rows, in which order, filtered how. */
export interface ListRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly sort: readonly SortKey[];
  readonly filters: readonly ColumnFilter[];
}

/** Above this many matching rows the total is the planner's estimate, shown as "about N". */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * How deep a page may be read, in rows counted from the nearer end of the list. An OFFSET costs
 * the database every row it skips, so `page × pageSize` is capped; the last pages, which the
 * table's pager always offers, are read from the end in the reverse order instead.
 */
export const MAX_LIST_DEPTH = 10_000;

/** The rows of one page, counted from the start of the list or, for deep pages, from its end. */
export interface PageWindow {
  readonly from: 'start' | 'end';
  /** Rows skipped from that end. */
  readonly offset: number;
  readonly limit: number;
}

/** The answer to a page deeper than MAX_LIST_DEPTH from both ends: how to reach those rows. */
export const TOO_DEEP_MESSAGE = `page: pages are read at most ${MAX_LIST_DEPTH.toLocaleString('en-US')} rows deep from either end of the list (page × pageSize); add a filter or sort the other way to reach these rows`;

/**
 * Where page `page` of `pageSize` rows lies in a list of `total` rows (the total as counted, or
 * the estimate above EXACT_COUNT_LIMIT), or undefined when it lies deeper than MAX_LIST_DEPTH
 * rows from both ends. A page is read from the start when `page × pageSize` is within the cap,
 * else from the end when it ends within the cap of the end: the table's pager always offers the
 * last page, so that page is always served. A page past the end but within the cap of it is
 * empty (limit 0, nothing is read): an estimate that shrank between two reads, or a list that
 * lost rows, leaves the pager one or two pages too far, and an empty page with the new total
 * lets it step back.
 */
export function pageWindow(page: number, pageSize: number, total: number): PageWindow | undefined {
  if (page * pageSize <= MAX_LIST_DEPTH) {
    return { from: 'start', offset: (page - 1) * pageSize, limit: pageSize };
  }
  /** Rows after this page; negative when the page runs past the end. */
  const after = total - page * pageSize;
  if (after <= -pageSize) {
    return -after <= MAX_LIST_DEPTH ? { from: 'end', offset: 0, limit: 0 } : undefined;
  }
  const offset = Math.max(after, 0);
  const limit = pageSize + Math.min(after, 0);
  return offset + limit <= MAX_LIST_DEPTH ? { from: 'end', offset, limit } : undefined;
}

/**
 * `window` read from the nearer end of a list whose `total` is counted exactly: the same rows,
 * skipping fewer of them. A page near the end of 10 000 matches skipped 9 800 from the start,
 * and a bounded walk from the start could not reach it; from the end it lies 25 rows deep.
 * Not for an estimated total, which would place the page by the estimate.
 */
export function fromNearerEnd(window: PageWindow, total: number): PageWindow {
  if (window.from === 'end' || window.limit === 0) return window;
  const end = Math.min(window.offset + window.limit, total);
  const after = total - end;
  if (after >= window.offset || end <= window.offset) return window;
  return { from: 'end', offset: after, limit: end - window.offset };
}

const MAX_SORT_KEYS = 5;

/** JSON text in a query string (the column filters), parsed and checked against a schema. */
function jsonQueryValue<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .max(20_000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON text' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** A comma-separated list in a query string ('name,modified_date'). */
const commaList = (max: number) =>
  z
    .string()
    .max(1000)
    .transform((text) => (text.trim() === '' ? [] : text.split(',').map((part) => part.trim())))
    .pipe(z.array(z.string().min(1).max(100)).max(max));

/**
 * The query string of a server-mode list: `page` (from 1), `pageSize`, `sort_field` and
 * `sort_dir` (comma-separated, one direction per field, asc or desc), `filters` (JSON array of
 * `{id, value}` column filters in the filter language), `tz` (IANA time zone for date filters).
 */
export const listQueryShape = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), {
      message: `must be one of ${PAGE_SIZES.join(', ')}`,
    })
    .default(DEFAULT_PAGE_SIZE),
  sort_field: commaList(MAX_SORT_KEYS).optional(),
  /** One direction per sort field; a missing one is ascending, an extra one is ignored. */
  sort_dir: commaList(MAX_SORT_KEYS)
    .pipe(z.array(z.enum(['asc', 'desc'])))
    .optional(),
  filters: jsonQueryValue(columnFiltersSchema).optional(),
  tz: z.string().min(1).max(64).optional(),
};

export const listQuerySchema = z.object(listQueryShape);

export type ListQuery = z.output<typeof listQuerySchema>;

/** The sort keys a list query asks for (a missing direction is ascending). */
export function sortKeysOf(query: Pick<ListQuery, 'sort_field' | 'sort_dir'>): SortKey[] {
  return (query.sort_field ?? []).map((id, index) => ({
    id,
    desc: query.sort_dir?.[index] === 'desc',
  }));
}

/** The query-string values for a list request (what the web client sends). */
export function listQueryParams(
  request: ListRequest,
  timeZone?: string,
): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: request.page,
    pageSize: request.pageSize,
  };
  if (request.sort.length > 0) {
    params.sort_field = request.sort.map((key) => key.id).join(',');
    params.sort_dir = request.sort.map((key) => (key.desc ? 'desc' : 'asc')).join(',');
  }
  const filters = request.filters.filter((filter) => filter.value.trim() !== '');
  if (filters.length > 0) params.filters = JSON.stringify(filters);
  if (timeZone) params.tz = timeZone;
  return params;
}

/** A page of a server-mode list. */
export function listPageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    /** Rows matching the filters; an estimate when total_is_estimate is true. */
    total: z.number().int().min(0),
    /** True when more than EXACT_COUNT_LIMIT rows match and total is the planner's estimate. */
    total_is_estimate: z.boolean(),
  });
}

export interface ListPage<T> {
  rows: T[];
  total: number;
  total_is_estimate: boolean;
}

/** The query string of a list export: the list's query plus the visible columns in their order. */
export const exportQueryShape = { ...listQueryShape, columns: commaList(100).optional() };
export const exportQuerySchema = z.object(exportQueryShape);
export type ExportQuery = z.output<typeof exportQuerySchema>;
