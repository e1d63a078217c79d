// Measuring a list's pages over HTTP for bench/lists.ts: the list as measured, the query a page
// sends, rows sampled out of the list (for its filter values), its totals by filter, and the
// timed runs of each planned page of a shape. The timing and failure records are shared with
// the global search (lists-search.ts).
import { listQueryParams, type ListEndpointShape, type SortKey } from '../../src/domain';
import { timeGet, type Answer, type BenchClient, type ListAnswer, type Timing } from './lists-http';
import type { PlannedShape } from './lists-plan';
import {
  PAGE_SIZE,
  TIME_ZONE,
  describeFilter,
  describeShape,
  describeSort,
  pagesOf,
  pick,
  singleSorts,
  type PageName,
  type Rng,
  type Shape,
} from './lists-shapes';

/** Rows read to sample a list's values: pages of 100 at random sorts and depths. */
const SAMPLE_PAGES = 8;
const SAMPLE_PAGE_SIZE = 100;

/** A list as measured: its description (columns, filter kinds) and where it is read. */
export interface BenchList {
  readonly name: string;
  readonly endpoint: ListEndpointShape;
  readonly path: string;
}

/** How each page is measured (the runner's knobs). */
export interface MeasureOptions {
  readonly runs: number;
  readonly capMs: number;
  readonly match: RegExp | null;
}

export interface PageResult {
  list: string;
  group: Shape['group'];
  sort: string;
  filter: string;
  page: PageName;
  pageNumber: number;
  description: string;
  url: string;
  p50?: number;
  p95?: number;
  times?: number[];
  total?: number;
  totalIsEstimate?: boolean;
  rows?: number;
  failure?: { status: number; body: string };
}

export function pathOf(template: string, params: Record<string, string | number>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The query string the web app sends for a page (listQueryParams), in the benchmark's zone. */
function requestQuery(
  page: number,
  pageSize: number,
  sort: readonly SortKey[],
  filter: { id: string; value: string } | null,
): Record<string, string | number> {
  return listQueryParams({ page, pageSize, sort, filters: filter ? [filter] : [] }, TIME_ZONE);
}

const filterOf = (shape: Shape) =>
  shape.filter ? { id: shape.filter.column, value: shape.filter.value } : null;

/** Rows of the list at random sorts and depths, to sample its columns' values from. */
export async function sampleRows(client: BenchClient, list: BenchList, rng: Rng, totals?: Totals) {
  const first = await client.json<ListAnswer>(
    list.path,
    requestQuery(1, SAMPLE_PAGE_SIZE, [], null),
  );
  totals?.remember(null, first.total);
  const rows = [...first.rows];
  const pages = Math.max(1, Math.min(100, Math.ceil(first.total / SAMPLE_PAGE_SIZE)));
  for (let i = 1; i < SAMPLE_PAGES; i++) {
    const sort = pick(rng, singleSorts(list.endpoint.list));
    const page = 1 + Math.floor(rng() * pages);
    const answer = await client.json<ListAnswer>(
      list.path,
      requestQuery(page, SAMPLE_PAGE_SIZE, sort, null),
    );
    rows.push(...answer.rows);
  }
  return rows;
}

/**
 * A list's totals by filter: the total does not depend on the sort, so one answer (a probe's,
 * or a shape's first page) serves every shape with that filter.
 */
export class Totals {
  private readonly known = new Map<string, number>();

  constructor(
    private readonly client: BenchClient,
    private readonly list: BenchList,
  ) {}

  private static key(filter: { id: string; value: string } | null) {
    return filter ? `${filter.id}\u0000${filter.value}` : '';
  }

  remember(filter: { id: string; value: string } | null, total: number): void {
    this.known.set(Totals.key(filter), total);
  }

  /** The total the first page of a shape answers (read untimed when not known yet). */
  async of(shape: Shape): Promise<number | Answer> {
    const filter = filterOf(shape);
    const known = this.known.get(Totals.key(filter));
    if (known !== undefined) return known;
    const answer = await this.client.get(
      this.list.path,
      requestQuery(1, PAGE_SIZE, shape.sort, filter),
    );
    if (answer.status !== 200) return answer;
    const total = (JSON.parse(answer.body) as ListAnswer).total;
    this.remember(filter, total);
    return total;
  }

  /** For the shape generator: how many rows a filter matches. */
  probe = async (column: string, value: string): Promise<number> => {
    const filter = { id: column, value };
    const known = this.known.get(Totals.key(filter));
    if (known !== undefined) return known;
    const answer = await this.client.json<ListAnswer>(
      this.list.path,
      requestQuery(1, 5, [], filter),
    );
    this.remember(filter, answer.total);
    return answer.total;
  };
}

export function failureOf(answer: Answer) {
  return { status: answer.status, body: answer.body.slice(0, 4000) };
}

/**
 * Measures the planned pages of a shape. Page 40 and the last page follow from the total of the
 * first page's answer (the pager's last page: ceil(total / page size), the estimate above
 * EXACT_COUNT_LIMIT); a planned page the pager does not offer for this total becomes the nearest
 * one it does (40 → last → first), each page measured once.
 */
export async function measureShape(
  client: BenchClient,
  list: BenchList,
  totals: Totals,
  planned: PlannedShape,
  options: MeasureOptions,
): Promise<PageResult[]> {
  const { shape } = planned;
  const query = (page: number) => requestQuery(page, PAGE_SIZE, shape.sort, filterOf(shape));
  const base = (page: PageName, pageNumber: number) => ({
    list: list.name,
    group: shape.group,
    sort: describeSort(shape.sort),
    filter: describeFilter(shape.filter),
    page,
    pageNumber,
    description: describeShape(shape, page),
    url: client.url(list.path, query(pageNumber)),
  });
  const matches = (page: PageName) =>
    !options.match || options.match.test(describeShape(shape, page));
  if (!(['first', '40', 'last'] as const).some(matches)) return [];
  const firstOnly = planned.pages.every((page) => page === 'first');
  const total = firstOnly ? undefined : await totals.of(shape);
  if (typeof total === 'object') return [{ ...base('first', 1), failure: failureOf(total) }];
  const offered = total === undefined ? [{ name: 'first' as const, page: 1 }] : pagesOf(total);
  const pageOf = (name: PageName) =>
    offered.find((p) => p.name === name) ??
    (name === '40' ? offered.find((p) => p.name === 'last') : undefined) ??
    offered[0]!;
  const pages = [
    ...new Map(planned.pages.map((name) => [pageOf(name).name, pageOf(name)])).values(),
  ].filter(({ name }) => matches(name));
  const results: PageResult[] = [];
  for (const { name, page } of pages) {
    const measured = await timeGet(client, list.path, query(page), options.runs, options.capMs);
    if ('failure' in measured) {
      const result = { ...base(name, page), failure: failureOf(measured.failure) };
      process.stderr.write(
        `  FAILED ${result.description}: ${measured.failure.status} ${measured.failure.body}\n`,
      );
      results.push(result);
      continue;
    }
    const answer = JSON.parse(measured.body) as ListAnswer;
    if (page === 1) totals.remember(filterOf(shape), answer.total);
    results.push({ ...base(name, page), ...timingOf(measured.timing), ...totalOf(answer) });
  }
  return results;
}

export function timingOf(timing: Timing) {
  return { p50: timing.p50, p95: timing.p95, times: timing.times.map((ms) => round(ms)) };
}

function totalOf(answer: ListAnswer) {
  return {
    total: answer.total,
    totalIsEstimate: answer.total_is_estimate,
    rows: answer.rows.length,
  };
}

const round = (ms: number) => Math.round(ms * 100) / 100;
