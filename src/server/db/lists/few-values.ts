// Filters on columns that hold few distinct values (a license's status or package, an org's
// edition or environment) are decided on those values, not on every row: the values are read by
// skipping through an index (one probe per value), the filter's own predicate picks the ones it
// matches, and the rows are then asked for `column = value` (or `foreign key = key` for a value
// read through one) — which an index answers, in sort order when it also holds the sort column,
// and at once when nothing matches. A "contains" pattern on every
// row cannot use a btree, and a trigram index on such a column is slower than reading the table
// for the common values (docs/architecture.md "How a page is read").
import {
  andSql,
  conditionToSql,
  filtersToSql,
  type CompiledFilter,
  type SqlFragment,
} from '../../../domain';
import type { SqlClient } from '../database';
import type { KeyedSet, ListStatement } from './list-statement';
import { holdsEmpty } from './few-value-sorts';
import { groupsSql, type SortGroups } from './list-source';
import { allOf, arrayLiteral, SqlBuilder, type Scope } from './sql-builder';

/** The values of a few-values column: each key the row's `ref` holds and the value it shows. */
export async function distinctValues(
  db: SqlClient,
  few: SortGroups,
): Promise<{ k: string; v: string | null }[]> {
  const builder = new SqlBuilder();
  const { rows } = await db.query<{ k: string; v: string | null }>(
    `SELECT few.k::text AS k, few.v::text AS v FROM (${groupsSql(few, builder)}) few`,
    builder.params,
  );
  return rows;
}

/** `ref` is one of `keys`, or empty when `empty`, as SQL from firstParam on. */
function oneOf(
  { ref }: SortGroups,
  keys: readonly string[],
  empty: boolean,
  first: number,
): SqlFragment {
  const terms: string[] = [];
  const params: string[] = [];
  if (keys.length === 1) {
    terms.push(`${ref} = $${first}`);
    params.push(keys[0]!);
  } else if (keys.length > 1) {
    // The array's type is left to PostgreSQL, which takes the key's: cast to text[], a
    // character(18) id was compared as text, which no index on it answers (a version number
    // two packages share read every license: 285 ms).
    terms.push(`${ref} = ANY($${first})`);
    params.push(arrayLiteral(keys));
  }
  if (empty) terms.push(`${ref} IS NULL`);
  if (terms.length === 0) return { text: 'FALSE', params: [] };
  return { text: terms.length === 1 ? terms[0]! : `(${terms.join(' OR ')})`, params };
}

type FilterSql = ListStatement['filter'];

/** Whether the filter is "is blank" (`!?`), which no index of the rows' own table answers. */
const asksForBlank = ({ condition }: CompiledFilter) =>
  condition.type === 'not' && condition.operand.type === 'present';

/**
 * A filter on a column of a joined record (a license's account name) decided on that record's
 * rows in SQL: `ref IN (the keys whose value passes)`, and `ref IS NULL` too when an empty value
 * passes and some row has no key. Same rows: the groups hold every key a row can name, with a
 * null value for those the joined table lacks. Used for "is blank", which the joined table's name
 * index answers at once, where testing each license's joined account read all million to find
 * none (144 ms idle). Other filters keep the join where the planner reads them: its estimate of
 * an IN over the groups (a union) is a guess, half the rows, and the total shown above a list
 * would follow it. A bounded walk may test them so (keyedWalk). Answers the filter and its set
 * of keys as 'FROM … WHERE …', whose size the planner can estimate.
 */
async function keyedFilter(
  db: SqlClient,
  filter: CompiledFilter,
  where: SortGroups,
): Promise<{ filter: CompiledFilter; set: KeyedSet }> {
  if (typeof where.groups !== 'string') throw new Error('A keyed filter needs its groups as text');
  const groups = where.groups;
  const empty = filter.matches(null) && (await holdsEmpty(db, where));
  const passes = (firstParam: number) =>
    conditionToSql(filter.condition, { kind: filter.column.kind, sql: 'keyed.v' }, firstParam);
  return {
    filter: {
      ...filter,
      toSql: (firstParam = 1) => {
        const { text, params } = passes(firstParam);
        const keyed = `${where.ref} IN (SELECT keyed.k FROM (${groups}) keyed WHERE ${text})`;
        return { text: empty ? `(${keyed} OR ${where.ref} IS NULL)` : keyed, params };
      },
    },
    set: (builder) => `FROM (${groups}) keyed WHERE ${builder.fragment(passes)}`,
  };
}

/** All of several filters, each one's placeholders after the one before. */
function allFilters(filters: readonly FilterSql[]): FilterSql {
  return (firstParam) => {
    const fragments: SqlFragment[] = [];
    let next = firstParam;
    for (const filter of filters) {
      const fragment = filter(next);
      fragments.push(fragment);
      next += fragment.params.length;
    }
    return andSql(fragments);
  };
}

/**
 * The statement with each filter on a few-values column (source.fewValues) replaced by the
 * values it matches, as part of the scope: like a scope, `column = value` is what an index on
 * (column, sort column) reads in sort order. The other filters are compiled as before. Where no
 * such index serves the sort, list-query.ts reads those predicates as filters again
 * (`narrowed`), so that a walk of the sort's index counts the rows it tests.
 */
export async function narrowFewValues(
  db: SqlClient,
  statement: ListStatement,
  filters: readonly CompiledFilter[],
): Promise<ListStatement> {
  const few = statement.source.fewValues ?? {};
  const narrowed: FilterSql[] = [];
  const refs: string[] = [];
  const columns: string[] = [];
  const others: CompiledFilter[] = [];
  // The same filters with every keyed one tested through its set, and those sets.
  const walkOthers: CompiledFilter[] = [];
  const sets: KeyedSet[] = [];
  const keyed = statement.source.keyedFilters ?? {};
  for (const filter of filters) {
    const where = few[filter.column.id];
    if (!where) {
      const byKey = keyed[filter.column.id];
      // Only a filter no empty value passes is worth a set for the walk: one that takes the
      // empty ("does not contain") passes most rows, so a walk finds its page at once, and its
      // set is most of the joined table (49 000 accounts hashed: 45 ms).
      const asKeys = byKey && (asksForBlank(filter) || !filter.matches(null));
      const decided = asKeys ? await keyedFilter(db, filter, byKey) : undefined;
      others.push(decided && asksForBlank(filter) ? decided.filter : filter);
      walkOthers.push(decided?.filter ?? filter);
      if (decided && !asksForBlank(filter)) sets.push(decided.set);
      continue;
    }
    const keys = (await distinctValues(db, where))
      .filter((value) => filter.matches(value.v))
      .map((value) => value.k);
    const empty = filter.matches(null) && (await holdsEmpty(db, where));
    narrowed.push((first) => oneOf(where, keys, empty, first));
    refs.push(where.ref);
    columns.push(filter.column.id);
  }
  const blankText = others
    .filter((filter) => asksForBlank(filter) && filter.column.kind === 'text')
    .map((filter) => filter.column.id);
  const rest: FilterSql = (firstParam) => filtersToSql(others, firstParam);
  const walkRest: FilterSql = (firstParam) => filtersToSql(walkOthers, firstParam);
  const keyedWalk = sets.length ? { filter: walkRest, sets } : undefined;
  if (narrowed.length === 0) {
    const rewritten = others.some((filter, i) => filter !== filters[i]);
    return rewritten || keyedWalk || blankText.length
      ? { ...statement, filter: rest, keyedWalk, blankText }
      : statement;
  }
  const asScopes = narrowed.map(
    (filter): Scope =>
      (builder) =>
        builder.fragment(filter),
  );
  return {
    ...statement,
    scope: allOf(statement.scope, ...asScopes),
    filter: rest,
    filteredColumns: others.map((filter) => filter.column.id),
    keyedWalk,
    blankText,
    narrowed: {
      scope: statement.scope,
      filter: allFilters([...narrowed, rest]),
      keyedWalk: keyedWalk && { filter: allFilters([...narrowed, walkRest]), sets },
      refs,
      columns,
    },
  };
}
