// A list page's statement: what to read (the source, the scope, the user's filters compiled to
// SQL) and in which order, with what the engine learnt about it (list-query.ts reads it).
import type { SortKey, SqlFragment } from '../../../domain';
import type { ListSource } from './list-source';
import type { Scope, SqlBuilder } from './sql-builder';

export interface ListStatement {
  readonly source: ListSource;
  readonly scope: Scope;
  /** The user's filters, compiled by the domain's SQL back end (placeholders from firstParam). */
  readonly filter: (firstParam: number) => SqlFragment;
  /** Already checked against the list's allow-list. */
  readonly sort: readonly SortKey[];
  /**
   * The ids of the columns the filters test, when known: a filter on the first sort column
   * narrows the sort's own index walk, so that walk is left to the planner unbounded.
   */
  readonly filteredColumns?: readonly string[];
  /**
   * The filter of one column compiled for another expression holding that column's value, or
   * undefined when the column has none: a grouped sort walks only the groups whose value passes.
   */
  readonly filterOf?: (columnId: string, expression: string) => FilterSql | undefined;
  /**
   * The planner's estimate of the matches up to which a filtered page is counted by the read
   * that cuts it from them (filter-first.ts countMatches); EXACT_COUNT_LIMIT unless said: tests
   * read such pages the other ways too.
   */
  readonly countingReadUpTo?: number;
  /** GROUP_COLLECT_LIMIT unless said: tests read groups both ways on small tables. */
  readonly groupCollectLimit?: number;
  /** Grouped sort keys whose groups are walked whatever their size (indexedGroups). */
  readonly walkedGroups?: readonly string[];
  /** By grouped sort key, the keys most rows hold, walked without counting (dominantKeys). */
  readonly dominantGroups?: Readonly<Record<string, readonly string[]>>;
  /** By grouped sort key, the keys too few rows hold to count their group (smallKeys). */
  readonly smallGroups?: Readonly<Record<string, readonly string[]>>;
  /** Grouped sort keys no row leaves empty: no branch for rows without one (groupsKnown). */
  readonly filledGroups?: readonly string[];
  /**
   * Text columns a filter asks to be blank: their rows with a value are those holding the empty
   * text, which the sort's index reads at once as `column = ''`. PostgreSQL does not derive that
   * from `(column IS NULL OR column = '') AND column IS NOT NULL`: the audit log by target
   * descending, "target is blank", walked the 136 000 targets before the empty ones (120 ms).
   */
  readonly blankText?: readonly string[];
  /**
   * The filters as a bounded walk may test them instead, when some filter is on a joined record's
   * column (a license's account name, source.keyedFilters): through the set of the keys whose
   * value passes, hashed once, where `filter` looks up each walked row's record (15 000 licenses
   * walked for a page 40 of "account contains 'ies'": 85 ms joined, 20 ms through the 3 500
   * accounts' keys). `sets`: each such set as 'FROM … WHERE …', for the planner's estimate of its
   * size, which list-query.ts weighs against the rows the walk is expected to read.
   */
  readonly keyedWalk?: KeyedWalk;
  /**
   * Set when filters on few-values columns became part of the scope (few-values.ts): the list's
   * own scope, every filter with those columns' predicates among them, the expressions those
   * predicates test and the columns filtered.
   */
  readonly narrowed?: {
    readonly scope: Scope;
    readonly filter: FilterSql;
    readonly keyedWalk?: KeyedWalk;
    readonly refs: readonly string[];
    readonly columns: readonly string[];
  };
}

type FilterSql = (firstParam: number) => SqlFragment;

/** A set of keys as 'FROM … WHERE …', its parameters added to the builder. */
export type KeyedSet = (builder: SqlBuilder) => string;

export interface KeyedWalk {
  readonly filter: FilterSql;
  readonly sets: readonly KeyedSet[];
}
