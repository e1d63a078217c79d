// The SQL of a list statement's order and WHERE clause, shared by its pages (list-query.ts) and
// its export (list-export.ts).
import type { SortKey } from '../../../domain';
import type { ListSource } from './list-source';
import type { ListStatement } from './list-statement';
import type { SqlBuilder } from './sql-builder';

/** One term of an ORDER BY: a trusted SQL expression and its direction with its NULLS rule. */
export interface SortTerm {
  readonly expression: string;
  readonly direction: string;
}

/**
 * The sort's terms, the unique key last. Empty values sort last whichever the direction; the
 * unique key breaks ties in the direction of the last sort column, so that one index on
 * (column, key) serves the column both ways, walked forwards or backwards, alone or within one
 * value of the columns before it (docs/architecture.md "How a page is read"). `reverse` turns the whole order around, empty values included (ASC NULLS LAST
 * becomes DESC NULLS FIRST): the first rows of the reversed order are the last rows of the list.
 */
export function sortTerms(
  source: ListSource,
  sort: readonly SortKey[],
  reverse = false,
): SortTerm[] {
  const terms = sort.flatMap((key) => {
    const expression = source.columns[key.id];
    if (expression === undefined) throw new Error(`No SQL for sort column '${key.id}'`);
    const desc = key.desc !== reverse;
    const direction = `${desc ? 'DESC' : 'ASC'} NULLS ${reverse ? 'FIRST' : 'LAST'}`;
    // A value read through a foreign key is ordered by the key too, so that the list can be read
    // one key at a time (see groupedWalk) in exactly this order.
    const grouped = source.groupedSorts?.[key.id];
    return grouped
      ? [
          { expression, direction },
          { expression: grouped.ref, direction },
        ]
      : [{ expression, direction }];
  });
  const keyDesc = (sort.at(-1)?.desc ?? false) !== reverse;
  const unique = source.uniqueKey.map((expression) => ({
    expression,
    direction: keyDesc ? 'DESC' : 'ASC',
  }));
  return [...terms, ...unique];
}

export const termsSql = (terms: readonly SortTerm[]) =>
  terms.map((term) => `${term.expression} ${term.direction}`).join(', ');

export function orderBy(source: ListSource, sort: readonly SortKey[], reverse = false): string {
  return termsSql(sortTerms(source, sort, reverse));
}

/** The WHERE clause of a statement, its parameters added to the builder. */
export function whereClause(statement: ListStatement, builder: SqlBuilder): string {
  const scope = statement.scope(builder);
  const filter = builder.fragment(statement.filter);
  return `(${scope}) AND (${filter})`;
}
