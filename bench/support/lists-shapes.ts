// The shapes of a list page a user can reach, generated from the list's definition (its columns,
// which of them sort, and each column's filter kind: src/domain/api/list-columns.ts) and from
// values sampled out of the list itself, so a column added to a list is measured without a change
// here. A shape is a sort and at most one column filter; the pages measured of it (first, 40,
// last) follow from its total. Everything random is drawn from one seeded generator: two runs on
// the same data measure the same shapes.
import {
  DEFAULT_PAGE_SIZE,
  compileFilter,
  pageWindow,
  versionSortKey,
  type ColumnKind,
  type ListColumn,
  type ListDefinition,
  type SortKey,
} from '../../src/domain';

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

/** The values of a column in the sampled rows (nulls and empty text left out). */
export function columnValues(
  rows: readonly Record<string, unknown>[],
  column: ListColumn,
): unknown[] {
  const field = column.field ?? column.id;
  return rows
    .map((row) => row[field])
    .filter((value) => value !== null && value !== undefined && value !== '');
}

const single = (text: string) => `'${text.split("'").join("''")}'`;
const double = (text: string) => `"${text.split('"').join('""')}"`;

/** In how many of the values each 3-character piece of a word occurs. */
function trigramCounts(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) {
    const seen = new Set<string>();
    for (const word of value.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      for (let i = 0; i + 3 <= word.length; i++) seen.add(word.slice(i, i + 3));
    }
    for (const trigram of seen) counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
  }
  return counts;
}

function byCount(counts: Map<string, number>): [string, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function quantile<T>(sorted: readonly T[], q: number): T {
  const value = sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  if (value === undefined) throw new Error('quantile of nothing');
  return value;
}

/** Answers the number of rows a filter on a column matches (the list's total for it). */
export type Probe = (column: string, value: string) => Promise<number>;

/** The filter kinds of each column type, as the filter language offers them (help.ts). */
export const FILTER_KINDS: Readonly<Record<ColumnKind, readonly string[]>> = {
  text: [
    'contains common',
    'contains rare',
    'either',
    'not contains',
    'equals',
    'starts with',
    'me',
    'blank',
    'non-blank',
  ],
  enum: ['equals frequent', 'equals rare', 'either', 'not', 'contains', 'blank', 'non-blank'],
  number: ['equals', 'greater', 'at most', 'between', 'blank', 'non-blank'],
  version: ['prefix', 'equals', 'greater', 'at most', 'between', 'blank', 'non-blank'],
  datetime: [
    'macro today',
    'macro last 7 days',
    'macro this month',
    'before last 12 months',
    'on a day',
    'in a month',
    'after',
    'at most',
    'blank',
    'non-blank',
  ],
  date: [
    'macro today',
    'macro last 7 days',
    'macro this month',
    'before last 12 months',
    'on a day',
    'in a month',
    'after',
    'at most',
    'blank',
    'non-blank',
  ],
  boolean: ['yes', 'no', 'blank', 'non-blank'],
};

const RARE_CANDIDATES = 3;

/**
 * One column's filter values, sampled from the list's rows when first asked for: for text a
 * common and a rare three-letter piece of a word (the rare one the candidate that matches fewest
 * rows), an exact value, a prefix, #ME where the column holds usernames; for enums the most and
 * the least frequent label; for numbers, versions and dates a sampled value and the sample's
 * quantiles; the date macros; blank and non-blank for every type.
 */
export class ColumnValues {
  private readonly values: unknown[];
  private readonly texts: string[];
  private rareText: Promise<string | undefined> | undefined;

  constructor(
    private readonly column: ListColumn,
    rows: readonly Record<string, unknown>[],
    private readonly rng: Rng,
    private readonly probe: Probe,
  ) {
    this.values = columnValues(rows, column);
    this.texts = this.values.map(String);
  }

  /** The kinds this column takes that its sampled values can fill. */
  kinds(): string[] {
    return FILTER_KINDS[this.column.kind].filter((kind) => this.applies(kind));
  }

  private applies(kind: string): boolean {
    if (kind === 'blank' || kind === 'non-blank') return true;
    if (this.column.kind === 'boolean' || kind.startsWith('macro') || kind.startsWith('before'))
      return true;
    if (this.column.kind === 'enum') {
      const labels = this.labels();
      if (kind === 'equals rare' || kind === 'either') return labels.length > 1;
      return labels.length > 0;
    }
    if (this.column.kind === 'version') return this.versions().length > 0;
    if (this.column.kind === 'date' || this.column.kind === 'datetime')
      return this.days().length > 0;
    if (this.column.kind === 'number') return this.numbers().length > 0;
    switch (kind) {
      case 'me':
        return this.texts.some((text) => text.includes('@'));
      case 'contains rare':
      case 'either':
        return this.rareCandidates().length > 0;
      case 'contains common':
      case 'not contains':
        return this.commonTrigram() !== undefined;
      default:
        return this.texts.length > 0;
    }
  }

  /** The filter text of a kind, or undefined when the sample cannot make one. */
  async value(kind: string): Promise<string | undefined> {
    if (!this.applies(kind)) return undefined;
    if (kind === 'blank') return '!?';
    if (kind === 'non-blank') return '?';
    switch (this.column.kind) {
      case 'text':
        return this.text(kind);
      case 'enum':
        return this.enumValue(kind);
      case 'number':
        return this.number(kind);
      case 'version':
        return this.version(kind);
      case 'date':
      case 'datetime':
        return this.time(kind);
      case 'boolean':
        return kind === 'yes' ? 't' : 'f';
    }
  }

  private commonTrigram(): string | undefined {
    return byCount(trigramCounts(this.texts))[0]?.[0];
  }

  private rareCandidates(): string[] {
    const ranked = byCount(trigramCounts(this.texts));
    const fewest = ranked[ranked.length - 1]?.[1] ?? 0;
    const most = ranked[0]?.[1] ?? 0;
    return fewest < most ? ranked.filter(([, n]) => n === fewest).map(([trigram]) => trigram) : [];
  }

  /** Of a few of the sample's rarest pieces, the one matching fewest rows (but some). */
  private rare(): Promise<string | undefined> {
    this.rareText ??= (async () => {
      let best: { value: string; total: number } | undefined;
      for (const value of shuffled(this.rng, this.rareCandidates()).slice(0, RARE_CANDIDATES)) {
        const total = await this.probe(this.column.id, value);
        if (total > 0 && (!best || total < best.total)) best = { value, total };
      }
      return best?.value;
    })();
    return this.rareText;
  }

  private async text(kind: string): Promise<string | undefined> {
    const common = this.commonTrigram();
    switch (kind) {
      case 'contains common':
        return common;
      case 'not contains':
        return common === undefined ? undefined : `!${common}`;
      case 'contains rare':
        return this.rare();
      case 'either': {
        const rare = await this.rare();
        return common === undefined || rare === undefined ? undefined : `${common}, ${rare}`;
      }
      case 'equals':
        return double(pick(this.rng, this.texts));
      case 'starts with':
        return `$${single(pick(this.rng, this.texts).slice(0, 3))}`;
      case 'me':
        return '#ME';
    }
    return undefined;
  }

  private labels(): string[] {
    const labels =
      this.column.values && this.column.values.length > 0
        ? this.column.values
        : [...new Set(this.texts)];
    const counts = new Map(labels.map((label) => [label, 0]));
    for (const text of this.texts) counts.set(text, (counts.get(text) ?? 0) + 1);
    return byCount(counts).map(([label]) => label);
  }

  private enumValue(kind: string): string | undefined {
    const labels = this.labels();
    const frequent = labels[0];
    const rare = labels[labels.length - 1];
    if (frequent === undefined || rare === undefined) return undefined;
    switch (kind) {
      case 'equals frequent':
        return double(frequent);
      case 'equals rare':
        return double(rare);
      case 'either':
        return `${double(frequent)}, ${double(rare)}`;
      case 'not':
        return `!${double(frequent)}`;
      case 'contains': {
        const word = frequent.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
        return word.length >= 3 ? word.slice(0, 3) : double(frequent);
      }
    }
    return undefined;
  }

  private numbers(): number[] {
    return this.values
      .map(Number)
      .filter((n) => Number.isFinite(n))
      .sort((a, b) => a - b);
  }

  private number(kind: string): string | undefined {
    const sorted = this.numbers();
    switch (kind) {
      case 'equals': {
        const counts = new Map<string, number>();
        for (const n of sorted) counts.set(String(n), (counts.get(String(n)) ?? 0) + 1);
        return `# ${byCount(counts)[0]![0]}`;
      }
      case 'greater':
        return `> ${quantile(sorted, 0.5)}`;
      case 'at most':
        return `<= ${quantile(sorted, 0.1)}`;
      case 'between':
        return `>= ${quantile(sorted, 0.25)} && < ${quantile(sorted, 0.75)}`;
    }
    return undefined;
  }

  private versions(): string[] {
    return this.texts
      .filter((text) => /^\d+(\.\d+)*$/.test(text.trim()))
      .sort((a, b) => {
        const x = versionSortKey(a);
        const y = versionSortKey(b);
        return x < y ? -1 : x > y ? 1 : 0;
      });
  }

  private version(kind: string): string | undefined {
    const sorted = this.versions();
    switch (kind) {
      case 'prefix':
        return pick(this.rng, sorted).split('.').slice(0, 2).join('.');
      case 'equals':
        return `# ${pick(this.rng, sorted)}`;
      case 'greater':
        return `> ${quantile(sorted, 0.5)}`;
      case 'at most':
        return `<= ${quantile(sorted, 0.25)}`;
      case 'between':
        return `>= ${quantile(sorted, 0.25)} && < ${quantile(sorted, 0.75)}`;
    }
    return undefined;
  }

  /** The sampled days in the requests' time zone (UTC): the values' first ten characters. */
  private days(): string[] {
    return this.texts
      .map((text) => text.slice(0, 10))
      .filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day))
      .sort();
  }

  private time(kind: string): string | undefined {
    switch (kind) {
      case 'macro today':
        return '#TODAY';
      case 'macro last 7 days':
        return '#LAST_7_DAYS';
      case 'macro this month':
        return '#THIS_MONTH';
      case 'before last 12 months':
        return '< #LAST_12_MONTHS';
    }
    const days = this.days();
    switch (kind) {
      case 'on a day':
        return `# ${pick(this.rng, days)}`;
      case 'in a month':
        return `# ${pick(this.rng, days).slice(0, 7)}`;
      case 'after':
        return `> ${quantile(days, 0.5)}`;
      case 'at most':
        return `<= ${quantile(days, 0.25)}`;
    }
    return undefined;
  }
}

/**
 * Checks a generated filter with the domain's own parser and binder (what the filter input does
 * before it sends anything): a filter the UI would refuse is a bug of this generator.
 */
export function checkFilter(list: ListDefinition, filter: ShapeFilter, username: string): void {
  const column = list.columns.find((c) => c.id === filter.column);
  if (!column) throw new Error(`${list.key} has no column ${filter.column}`);
  try {
    compileFilter(filter.value, column, { now: Date.now(), timeZone: TIME_ZONE, username });
  } catch (error) {
    throw new Error(
      `The generator made a filter the UI refuses (${list.key}, ${describeFilter(filter)}): ${String(error)}`,
      { cause: error },
    );
  }
}

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
