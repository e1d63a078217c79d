// Client-mode rows: the screen's rows filtered with the filter language's browser predicate (the
// same bound condition the server compiles to SQL) and sorted by column kind. Paging is done by
// the table, since 'N Selected' pages the selected rows the same way.
import { useMemo } from 'react';
import type { ColumnFilter, ListColumn, SortKey } from '../../../domain';
import { compileValidFilters, filterContext } from './filterState';
import { sortRows } from './sortRows';

export function filterAndSortRows<Row extends object>(
  rows: readonly Row[],
  filters: readonly ColumnFilter[],
  sort: readonly SortKey[],
  columns: readonly ListColumn[],
  username?: string | null,
): Row[] {
  const compiled = compileValidFilters(filters, columns, filterContext(username));
  const matching = rows.filter((row) => compiled.matchesRow(row as Record<string, unknown>));
  return sortRows(matching, sort, columns);
}

/** The rows that pass the filters, in sort order (all of them: export takes them all). */
export function useClientRows<Row extends object>(
  rows: readonly Row[] | undefined,
  filters: readonly ColumnFilter[],
  sort: readonly SortKey[],
  columns: readonly ListColumn[],
  username?: string | null,
): Row[] {
  return useMemo(
    () => filterAndSortRows(rows ?? [], filters, sort, columns, username),
    [rows, filters, sort, columns, username],
  );
}
