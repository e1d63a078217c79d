// The filter expression language (docs/product.md "Filter language"): parse once, bind to a column,
// then evaluate in the browser or compile to SQL on the server — both from the same bound
// condition.
import { bindFilter } from './bind';
import { columnLabel, type ColumnFilter, type FilterColumn, type FilterContext } from './columns';
import type { Condition } from './conditions';
import { FilterSyntaxError } from './errors';
import { parseFilter } from './parser';
import { conditionPredicate } from './predicate';
import { andSql, conditionToSql, type SqlFragment } from './sql';

export type { Comparator, FilterExpression, MatchMode, Operand, Span } from './ast';
export { printFilter } from './ast';
export { bindFilter } from './bind';
export { foldCase } from './casefold';
export { COLUMN_KINDS, columnFilterSchema, columnFiltersSchema, columnLabel } from './columns';
export type { ColumnFilter, ColumnKind, FilterColumn, FilterContext } from './columns';
export type { Condition } from './conditions';
export { FilterSyntaxError } from './errors';
export { FILTER_HELP, describeFilterHelp, type FilterHelpEntry } from './help';
export { MAX_MACRO_COUNT, parseMacro, type Macro } from './macros';
export { MAX_FILTER_DEPTH, parseFilter } from './parser';
export { compareCodePoints, conditionPredicate } from './predicate';
export {
  SQL_TRUE,
  andSql,
  conditionToSql,
  escapeLike,
  type SqlColumn,
  type SqlFragment,
} from './sql';
export { MAX_FILTER_LENGTH, tokenize, type Token } from './tokenizer';

/** One column's filter, ready to run in the browser or as SQL. */
export interface CompiledFilter {
  readonly column: FilterColumn;
  /** The bound condition ({ type: 'all' } for an empty expression). */
  readonly condition: Condition;
  /** Whether a raw column value passes. */
  matches(value: unknown): boolean;
  /** The SQL for the column's `sql` expression, placeholders from firstParam ($1 by default). */
  toSql(firstParam?: number): SqlFragment;
}

function sqlOf(column: FilterColumn): string {
  if (column.sql === undefined) throw new Error(`Column '${column.id}' has no SQL expression`);
  return column.sql;
}

/**
 * Parses and binds one column's filter. Throws FilterSyntaxError (with the column id) for
 * anything the user typed wrong; an empty expression matches everything.
 */
export function compileFilter(
  input: string,
  column: FilterColumn,
  context: FilterContext,
): CompiledFilter {
  let condition: Condition;
  try {
    const expression = parseFilter(input);
    condition = expression === null ? { type: 'all' } : bindFilter(expression, column, context);
  } catch (error) {
    throw error instanceof FilterSyntaxError ? error.forColumn(column.id) : error;
  }
  const predicate = conditionPredicate(condition, column.kind);
  return {
    column,
    condition,
    matches: predicate,
    toSql: (firstParam = 1) =>
      conditionToSql(condition, { kind: column.kind, sql: sqlOf(column) }, firstParam),
  };
}

/** Filters of several columns that must all match (a list's filter inputs, or a saved filter). */
export interface CompiledFilterSet {
  readonly filters: readonly CompiledFilter[];
  /** Whether a row (an object keyed by each column's field, or id) passes every filter. */
  matchesRow(row: Readonly<Record<string, unknown>>): boolean;
  /** All filters ANDed as one SQL fragment, placeholders from firstParam ($1 by default). */
  toSql(firstParam?: number): SqlFragment;
}

/**
 * Compiles the filters of several columns. Blank expressions are skipped; a filter on a column
 * the list does not have is a FilterSyntaxError naming it.
 */
export function compileFilters(
  filters: readonly ColumnFilter[],
  columns: readonly FilterColumn[],
  context: FilterContext,
): CompiledFilterSet {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const compiled = filters
    .filter((filter) => filter.value.trim() !== '')
    .map((filter) => {
      const column = byId.get(filter.id);
      if (!column)
        throw new FilterSyntaxError(
          `This list has no column '${filter.id}' to filter`,
          0,
          0,
          filter.id,
        );
      return compileFilter(filter.value, column, context);
    });
  return {
    filters: compiled,
    matchesRow: (row) => compiled.every((f) => f.matches(row[f.column.field ?? f.column.id])),
    toSql: (firstParam = 1) => filtersToSql(compiled, firstParam),
  };
}

/** Compiled filters ANDed as one SQL fragment, placeholders numbered on from firstParam. */
export function filtersToSql(filters: readonly CompiledFilter[], firstParam = 1): SqlFragment {
  const fragments: SqlFragment[] = [];
  let next = firstParam;
  for (const filter of filters) {
    const fragment = filter.toSql(next);
    fragments.push(fragment);
    next += fragment.params.length;
  }
  return andSql(fragments);
}

/** A message for a filter error that names the column ('Status: Unknown macro #FOO at 4'). */
export function describeFilterError(
  error: FilterSyntaxError,
  columns: readonly FilterColumn[],
): string {
  const column = columns.find((c) => c.id === error.columnId);
  return column ? `${columnLabel(column)}: ${error.message}` : error.message;
}
