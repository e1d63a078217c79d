// The generic list use case (docs/architecture.md "Lists declared as data"): checks sort columns
// against the list's allow-list, compiles the column filters with the domain's SQL back end, and
// runs the page or the export. Every problem with the request is a 400 that names the column and
// the position.
import {
  compileFilters,
  conditionToSql,
  describeFilterError,
  FilterSyntaxError,
  isSortable,
  isValidTimeZone,
  sortKeysOf,
  TOO_DEEP_MESSAGE,
  type CompiledFilter,
  type FilterColumn,
  type FilterContext,
  type ListDefinition,
  type ListPage,
  type ListQuery,
  type SortKey,
} from '../../../domain';
import type { Database } from '../../db/database';
import { queryListPage } from '../../db/lists/list-query';
import type { ListStatement } from '../../db/lists/list-statement';
import type { ListSource } from '../../db/lists/list-source';
import { streamListRows } from '../../db/lists/list-export';
import { narrowFewValues } from '../../db/lists/few-values';
import type { Scope } from '../../db/lists/sql-builder';
import { InvalidError } from '../../errors';

export interface ListRequestContext {
  /** The signed-in user's username, for #ME. */
  readonly username: string | null;
  readonly now?: Date;
}

/** The filter columns of a list, with the SQL of each from its source. */
function filterColumns(list: ListDefinition, source: ListSource): FilterColumn[] {
  return list.columns.flatMap((column) => {
    const sql = source.columns[column.id];
    return sql === undefined ? [] : [{ ...column, sql }];
  });
}

function checkedSort(list: ListDefinition, source: ListSource, query: ListQuery): SortKey[] {
  const requested = sortKeysOf(query);
  for (const key of requested) {
    if (!isSortable(list, key.id) || source.columns[key.id] === undefined) {
      throw new InvalidError(`sort_field: this list cannot be sorted by '${key.id}'`, 'sort_field');
    }
  }
  return requested.length > 0 ? requested : [...list.defaultSort];
}

function filterContext(query: ListQuery, context: ListRequestContext): FilterContext {
  const timeZone = query.tz ?? 'UTC';
  if (!isValidTimeZone(timeZone)) {
    throw new InvalidError(`tz: '${timeZone}' is not a time zone`, 'tz');
  }
  return { now: context.now ?? new Date(), timeZone, username: context.username };
}

/** The statement for a list request and its compiled filters, or a 400 naming what is wrong. */
function compiledStatement(
  list: ListDefinition,
  source: ListSource,
  scope: Scope,
  query: ListQuery,
  context: ListRequestContext,
): { statement: ListStatement; filters: readonly CompiledFilter[] } {
  const sort = checkedSort(list, source, query);
  const columns = filterColumns(list, source);
  let compiled;
  try {
    compiled = compileFilters(query.filters ?? [], columns, filterContext(query, context));
  } catch (error) {
    if (error instanceof FilterSyntaxError) {
      const field = error.columnId ? `filters.${error.columnId}` : 'filters';
      throw new InvalidError(`${field}: ${describeFilterError(error, columns)}`, field);
    }
    throw error;
  }
  const statement: ListStatement = {
    source,
    scope,
    sort,
    filter: (first) => compiled.toSql(first),
    filteredColumns: compiled.filters.map((filter) => filter.column.id),
    filterOf: (columnId, expression) => {
      const filter = compiled.filters.find((f) => f.column.id === columnId);
      if (!filter) return undefined;
      const column = { kind: filter.column.kind, sql: expression };
      return (first) => conditionToSql(filter.condition, column, first);
    },
  };
  return { statement, filters: compiled.filters };
}

/** The statement for a list request, or a 400 naming what is wrong with it. */
export function listStatement(
  list: ListDefinition,
  source: ListSource,
  scope: Scope,
  query: ListQuery,
  context: ListRequestContext,
): ListStatement {
  return compiledStatement(list, source, scope, query, context).statement;
}

/**
 * The statement a page of a list request is read with: listStatement's, its filters on columns
 * with few values made part of the scope (few-values.ts).
 */
export async function pageStatement(
  db: Database,
  list: ListDefinition,
  source: ListSource,
  scope: Scope,
  query: ListQuery,
  context: ListRequestContext,
): Promise<ListStatement> {
  const compiled = compiledStatement(list, source, scope, query, context);
  return narrowFewValues(db, compiled.statement, compiled.filters);
}

export async function listPage<T>(
  db: Database,
  list: ListDefinition,
  source: ListSource,
  scope: Scope,
  query: ListQuery,
  context: ListRequestContext,
): Promise<ListPage<T>> {
  const statement = await pageStatement(db, list, source, scope, query, context);
  const page = await queryListPage<T>(db, statement, query.page, query.pageSize);
  // Deeper than MAX_LIST_DEPTH rows from both ends: the OFFSET would read that many rows.
  if (!page) throw new InvalidError(TOO_DEEP_MESSAGE, 'page');
  return page;
}

export { streamListRows };
export type { Database };
