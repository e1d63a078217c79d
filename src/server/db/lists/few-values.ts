// Filters on columns that hold few distinct values (a license's status, an org's edition) are
// decided on those values, not on every row: the values are read by skipping through the
// column's index (one probe per value), the filter's own predicate picks the ones it matches,
// and the rows are then asked for `column = value` — which an index answers, in sort order when
// it also holds the sort column, and at once when nothing matches. A "contains" pattern on every
// row cannot use a btree, and a trigram index on such a column is slower than reading the table
// for the common values (docs/architecture.md "How a page is read").
import type { CompiledFilter, SqlFragment } from '../../../domain';
import { andSql } from '../../../domain';
import type { SqlClient } from '../database';
import type { ListStatement } from './list-query';
import type { FewValues } from './list-source';
import { allOf, type Scope } from './sql-builder';

/** Every distinct value of the column, null included when a row has none. */
export async function distinctValues(db: SqlClient, few: FewValues): Promise<(string | null)[]> {
  const { table, column } = few;
  const { rows } = await db.query<{ v: string | null }>(
    `WITH RECURSIVE present(v) AS (
        (SELECT ${column} FROM ${table} WHERE ${column} IS NOT NULL ORDER BY ${column} LIMIT 1)
        UNION ALL
        SELECT (SELECT t.${column} FROM ${table} t WHERE t.${column} > present.v
                ORDER BY t.${column} LIMIT 1)
        FROM present WHERE present.v IS NOT NULL)
      SELECT v FROM present WHERE v IS NOT NULL
      UNION ALL
      SELECT NULL WHERE EXISTS (SELECT 1 FROM ${table} WHERE ${column} IS NULL)`,
  );
  return rows.map((row) => row.v);
}

/** `expression` is one of `values` (null for an empty value), as SQL from firstParam on. */
function oneOf(expression: string, values: readonly (string | null)[], first: number): SqlFragment {
  const present = values.filter((value): value is string => value !== null);
  const terms: string[] = [];
  const params: string[] = [];
  if (present.length === 1) {
    terms.push(`${expression} = $${first}`);
    params.push(present[0]!);
  } else if (present.length > 1) {
    terms.push(`${expression} = ANY($${first}::text[])`);
    params.push(`{${present.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  }
  if (values.length > present.length) terms.push(`${expression} IS NULL`);
  if (terms.length === 0) return { text: 'FALSE', params: [] };
  return { text: terms.length === 1 ? terms[0]! : `(${terms.join(' OR ')})`, params };
}

/**
 * The statement with each filter on a few-values column (source.fewValues) replaced by the
 * values it matches, as part of the scope: like a scope, `column = value` is what an index on
 * (column, sort column) reads in sort order. The other filters are compiled as before.
 */
export async function narrowFewValues(
  db: SqlClient,
  statement: ListStatement,
  filters: readonly CompiledFilter[],
): Promise<ListStatement> {
  const few = statement.source.fewValues ?? {};
  const narrowed: Scope[] = [];
  const others: CompiledFilter[] = [];
  for (const filter of filters) {
    const where = few[filter.column.id];
    if (!where) {
      others.push(filter);
      continue;
    }
    const values = (await distinctValues(db, where)).filter((value) => filter.matches(value));
    const expression = `${where.alias}.${where.column}`;
    narrowed.push((builder) => builder.fragment((first) => oneOf(expression, values, first)));
  }
  if (narrowed.length === 0) return statement;
  return {
    ...statement,
    scope: allOf(statement.scope, ...narrowed),
    filter: (firstParam) => {
      const fragments: SqlFragment[] = [];
      let next = firstParam;
      for (const filter of others) {
        const fragment = filter.toSql(next);
        fragments.push(fragment);
        next += fragment.params.length;
      }
      return andSql(fragments);
    },
    filteredColumns: others.map((filter) => filter.column.id),
  };
}
