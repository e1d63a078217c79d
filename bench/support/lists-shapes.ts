// The shapes of a list page a user can reach: a sort and at most one column filter, and the pages
// measured of it (first, 40, last), which follow from its total. This file holds the shape and
// how it is printed, the sorts a list's definition offers (every sortable column both ways,
// two-key pairings, a sampled sort), the pages of a total, and the seeded generator everything
// random is drawn from: two runs on the same data measure the same shapes. The filter values are
// sampled in lists-filters.ts; a list's shapes are chosen in lists-plan.ts.
import { DEFAULT_PAGE_SIZE, pageWindow, type ListDefinition, type SortKey } from '../../src/domain';

export const PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** The middle page measured when the list has more pages than this. */
export const MIDDLE_PAGE = 40;
/** The time zone the benchmark's requests send (the filters' dates and macros are read in it). */
export const TIME_ZONE = 'UTC';

export type Rng = () => number;

/** mulberry32: a small seeded generator, enough for picking shapes. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export interface ShapeFilter {
  readonly column: string;
  /** What the filter tests ('contains common', 'macro #TODAY', 'blank'…). */
  readonly kind: string;
  /** The filter text as a user types it. */
  readonly value: string;
}

export interface Shape {
  readonly list: string;
  /** 'sort' one key (or the list's default), 'sort2' two keys, 'filter' a column filter. */
  readonly group: 'sort' | 'sort2' | 'filter';
  /** Empty: the list's default order (what a list shows before any header is clicked). */
  readonly sort: readonly SortKey[];
  readonly filter: ShapeFilter | null;
}

export type PageName = 'first' | '40' | 'last';

export function describeSort(sort: readonly SortKey[]): string {
  return sort.length === 0
    ? 'default'
    : sort.map((key) => `${key.id} ${key.desc ? 'desc' : 'asc'}`).join(', ');
}

export function describeFilter(filter: ShapeFilter | null): string {
  return filter ? `${filter.column} ${filter.kind}: ${filter.value}` : 'none';
}

/** The text BENCH_LISTS_MATCH is matched against. */
export function describeShape(shape: Shape, page: PageName): string {
  return `${shape.list} | sort ${describeSort(shape.sort)} | filter ${describeFilter(shape.filter)} | page ${page}`;
}

/**
 * The pages the pager offers that are measured, from the first page's total: the first, page 40
 * when there are more, and the last (ceil(total / page size), the total being the server's
 * estimate above EXACT_COUNT_LIMIT, which the server reads from the end: pageWindow).
 */
export function pagesOf(total: number): { name: PageName; page: number }[] {
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pages: { name: PageName; page: number }[] = [{ name: 'first', page: 1 }];
  if (MIDDLE_PAGE < last) pages.push({ name: '40', page: MIDDLE_PAGE });
  if (last > 1) pages.push({ name: 'last', page: last });
  return pages.filter(({ page }) => pageWindow(page, PAGE_SIZE, total) !== undefined);
}

const sortable = (list: ListDefinition) => list.columns.filter((c) => c.sortable !== false);

/** Every sortable column both ways, and the list's default order. */
export function singleSorts(list: ListDefinition): SortKey[][] {
  return [
    [],
    ...sortable(list).flatMap((column) => [
      [{ id: column.id, desc: false }],
      [{ id: column.id, desc: true }],
    ]),
  ];
}

/**
 * Two-key sorts: a random pairing of the sortable columns in which every column is the first key
 * once and the second key once (never both in one pair), with random directions.
 */
export function pairSorts(list: ListDefinition, rng: Rng): SortKey[][] {
  const ids = sortable(list).map((column) => column.id);
  if (ids.length < 2) return [];
  const firsts = shuffled(rng, ids);
  const seconds = shuffled(rng, ids);
  for (let i = 0; i < seconds.length; i++) {
    if (seconds[i] === firsts[i]) {
      const j = (i + 1) % seconds.length;
      [seconds[i], seconds[j]] = [seconds[j]!, seconds[i]!];
    }
  }
  return firsts.map((first, i) => [
    { id: first, desc: rng() < 0.5 },
    { id: seconds[i]!, desc: rng() < 0.5 },
  ]);
}

/** A sort a user might have chosen when filtering: the default or one column either way. */
export function sampledSort(list: ListDefinition, rng: Rng): SortKey[] {
  return pick(rng, singleSorts(list));
}
