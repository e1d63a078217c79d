// Checks that a list's pages are the slices of one full ORDER BY of the same rows, from the
// start, deep, and from the end (counted from the real end of the list, whatever the estimated
// total): the shared assertion of the list tests that page a real list against plain SQL.
import { expect } from 'vitest';
import {
  EXACT_COUNT_LIMIT,
  listQuerySchema,
  pageWindow,
  type ListQuery,
  type SortKey,
} from '../../../../domain';

/** The list query of a page: the sort keys and the filters by column id. */
export function pageQuery(
  sort: readonly SortKey[],
  filters: Record<string, string>,
  page: number,
  pageSize: number,
): ListQuery {
  return listQuerySchema.parse({
    page,
    pageSize,
    sort_field: sort.map((key) => key.id).join(','),
    sort_dir: sort.map((key) => (key.desc ? 'desc' : 'asc')).join(','),
    filters: JSON.stringify(Object.entries(filters).map(([id, value]) => ({ id, value }))),
  });
}

/** 'license_status asc, version_number desc; {"license_status":"act"}' */
export function shapeName(sort: readonly SortKey[], filters: Record<string, string>): string {
  return `${sort.map((k) => `${k.id} ${k.desc ? 'desc' : 'asc'}`).join(', ')}; ${JSON.stringify(filters)}`;
}

/**
 * Reads page 1 for the total, then each of `pagesOf(last page)` and expects each to be its slice
 * of `expected` (the keys of every matching row in the list's order).
 */
export async function expectPagesAreSlices<K>(options: {
  expected: readonly K[];
  pageSize: number;
  read: (page: number) => Promise<{ keys: K[]; total: number }>;
  pagesOf: (last: number) => number[];
}): Promise<void> {
  const { expected, pageSize, read, pagesOf } = options;
  const { total } = await read(1);
  if (total <= EXACT_COUNT_LIMIT) expect(total).toBe(expected.length);
  for (const page of pagesOf(Math.ceil(total / pageSize))) {
    const { keys } = await read(page);
    const window = pageWindow(page, pageSize, total)!;
    const from =
      window.from === 'start'
        ? window.offset
        : Math.max(0, expected.length - window.offset - window.limit);
    const to =
      window.from === 'start' ? window.offset + window.limit : expected.length - window.offset;
    expect(keys, `page ${page}`).toEqual(expected.slice(from, Math.max(from, to)));
  }
}
