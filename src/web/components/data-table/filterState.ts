// Which of the typed column filters take effect. A filter that does not compile is shown with its
// error under its input and left out of the query, so the list keeps answering while someone is
// halfway through typing '(acme ||' instead of flashing an error page or an empty table.
import {
  compileFilter,
  compileFilters,
  FilterSyntaxError,
  type ColumnFilter,
  type CompiledFilterSet,
  type FilterColumn,
  type FilterContext,
} from '../../../domain';
import { browserTimeZone } from './cellText';

/** The context filters are read in: this moment, the browser's zone, and who #ME is. */
export function filterContext(username?: string | null): FilterContext {
  return { now: Date.now(), timeZone: browserTimeZone(), username: username ?? null };
}

/** The problem with one column's filter text, or null when it compiles (or is blank). */
export function filterError(
  text: string,
  column: FilterColumn,
  context: FilterContext,
): FilterSyntaxError | null {
  try {
    compileFilter(text, column, context);
    return null;
  } catch (error) {
    if (error instanceof FilterSyntaxError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new FilterSyntaxError(message, 0, text.length, column.id);
  }
}

/** The non-blank filters on known columns that compile. */
export function validFilters(
  filters: readonly ColumnFilter[],
  columns: readonly FilterColumn[],
  context: FilterContext,
): ColumnFilter[] {
  return filters.filter((filter) => {
    if (filter.value.trim() === '') return false;
    const column = columns.find((c) => c.id === filter.id);
    return column !== undefined && filterError(filter.value, column, context) === null;
  });
}

/** The browser predicate of the valid filters. */
export function compileValidFilters(
  filters: readonly ColumnFilter[],
  columns: readonly FilterColumn[],
  context: FilterContext,
): CompiledFilterSet {
  return compileFilters(validFilters(filters, columns, context), columns, context);
}

/** The filters with one column's text replaced (blank text removes the column's filter). */
export function withColumnFilter(
  filters: readonly ColumnFilter[],
  id: string,
  value: string,
): ColumnFilter[] {
  const others = filters.filter((filter) => filter.id !== id);
  return value === '' ? others : [...others, { id, value }];
}
