// The plan of a list's benchmark: which shapes of it are measured (its sorts and two-key sorts,
// a cover of its filters or every one of them) and at which pages, in the full matrix or in the
// seeded sample the benchmark takes by default.
import type { ListDefinition } from '../../src/domain';
import { ColumnValues, checkFilter, type Probe } from './lists-filters';
import {
  pairSorts,
  pick,
  sampledSort,
  shuffled,
  singleSorts,
  type PageName,
  type Rng,
  type Shape,
} from './lists-shapes';

/** A shape and the pages of it to measure. */
export interface PlannedShape {
  readonly shape: Shape;
  readonly pages: readonly PageName[];
}

export interface MatrixSize {
  /** Shapes (sorts and filters, before pages) in the full matrix and in the plan. */
  readonly full: number;
  readonly planned: number;
}

const ALL_PAGES: readonly PageName[] = ['first', '40', 'last'];

/**
 * The (column, kind) filters to measure: every one in the full matrix; else a random cover in
 * which every filterable column and every kind of every column type the list has occurs at least
 * once, topped up at random to `atLeast`.
 */
function chooseFilters<T extends { column: string; type: string; kind: string }>(
  all: readonly T[],
  rng: Rng,
  full: boolean,
  atLeast: number,
): T[] {
  if (full) return [...all];
  const columns = new Set<string>();
  const kinds = new Set<string>();
  const chosen: T[] = [];
  const rest: T[] = [];
  for (const candidate of shuffled(rng, all)) {
    const kind = `${candidate.type}/${candidate.kind}`;
    if (!columns.has(candidate.column) || !kinds.has(kind)) {
      columns.add(candidate.column);
      kinds.add(kind);
      chosen.push(candidate);
    } else {
      rest.push(candidate);
    }
  }
  chosen.push(...rest.slice(0, Math.max(0, atLeast - chosen.length)));
  return chosen;
}

/**
 * A list's measured shapes. The full matrix: the default order and every sortable column both
 * ways, two-key sorts covering every column as first and second key, every filterable column with
 * every kind its type takes (each with a sampled sort), all at pages first, 40 and last. The
 * sample (the default): the same sorts and two-key sorts, the filter cover of chooseFilters, each
 * at one of the three pages drawn at random.
 */
export async function planShapes(
  name: string,
  list: ListDefinition,
  rows: readonly Record<string, unknown>[],
  rng: Rng,
  probe: Probe,
  options: { full: boolean; filtersAtLeast: number; username: string },
): Promise<{ plan: PlannedShape[]; size: MatrixSize }> {
  const pagesOf = (): readonly PageName[] => (options.full ? ALL_PAGES : [pick(rng, ALL_PAGES)]);
  const plan: PlannedShape[] = [
    ...singleSorts(list).map((sort) => ({
      shape: { list: name, group: 'sort' as const, sort, filter: null },
      pages: pagesOf(),
    })),
    ...pairSorts(list, rng).map((sort) => ({
      shape: { list: name, group: 'sort2' as const, sort, filter: null },
      pages: pagesOf(),
    })),
  ];
  const sorts = plan.length;
  const columns = new Map(
    list.columns.map((column) => [column.id, new ColumnValues(column, rows, rng, probe)]),
  );
  const candidates = list.columns.flatMap((column) =>
    columns
      .get(column.id)!
      .kinds()
      .map((kind) => ({ column: column.id, type: column.kind, kind })),
  );
  for (const { column, kind } of chooseFilters(
    candidates,
    rng,
    options.full,
    options.filtersAtLeast,
  )) {
    const value = await columns.get(column)!.value(kind);
    if (value === undefined) continue;
    const filter = { column, kind, value };
    checkFilter(list, filter, options.username);
    plan.push({
      shape: { list: name, group: 'filter', sort: sampledSort(list, rng), filter },
      pages: pagesOf(),
    });
  }
  return { plan, size: { full: sorts + candidates.length, planned: plan.length } };
}
