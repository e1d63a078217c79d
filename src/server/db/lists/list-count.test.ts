// A list's total: counted up to the exact limit, except when no user filter narrows the list and
// the planner expects twice that many rows (TRUSTED_ESTIMATE): then the estimate is taken without
// counting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFilters, type FilterColumn } from '../../../domain';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { queryListPage } from './list-query';
import { notingClient } from './testing/noting-client';
import type { ListStatement } from './list-statement';
import type { ListSource } from './list-source';

let testDb: TestDatabase;

const SOURCE: ListSource = {
  from: 'count_probe c',
  select: 'c.id',
  columns: { id: 'c.id', label: 'c.label' },
  uniqueKey: ['c.id'],
};
const LABEL: FilterColumn = { id: 'label', kind: 'text', sql: 'c.label' };

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.exec(`CREATE TABLE count_probe (id int PRIMARY KEY, label text);
    INSERT INTO count_probe SELECT i, 'row ' || i FROM generate_series(1, 40000) i;
    ANALYZE count_probe;`);
}, 120_000);

afterAll(async () => {
  await testDb.drop();
});

/** The page's total and whether its rows were counted, for rows with id up to `upTo`. */
async function totalOf(upTo: number, filter?: string) {
  const compiled = compileFilters(filter ? [{ id: 'label', value: filter }] : [], [LABEL], {
    now: new Date(),
    timeZone: 'UTC',
    username: null,
  });
  const statement: ListStatement = {
    source: SOURCE,
    scope: (b) => `c.id <= ${b.param(upTo)}`,
    filter: (first) => compiled.toSql(first),
    sort: [{ id: 'id', desc: false }],
    filteredColumns: filter ? ['label'] : [],
  };
  const { client: noting, statements: texts } = notingClient(testDb.db);
  const page = await queryListPage(noting, statement, 1, 25);
  return {
    total: page!.total,
    estimate: page!.total_is_estimate,
    // By a count of its own or by the read that cuts the page from the matches (filter-first.ts).
    counted: texts.some(
      (text) =>
        text.startsWith('SELECT count(*)::int AS n FROM (SELECT 1') ||
        text.includes('count(*)::int AS n FROM matches'),
    ),
  };
}

describe('a list total', () => {
  it('is exact up to the limit', async () => {
    expect(await totalOf(5_000)).toEqual({ total: 5_000, estimate: false, counted: true });
  });

  it('is counted past the limit while the estimate is under twice it', async () => {
    const between = await totalOf(15_000);
    expect(between).toMatchObject({ estimate: true, counted: true });
    expect(Math.abs(between.total - 15_000)).toBeLessThan(1_500);
  });

  it('is the estimate, uncounted, for an unfiltered list expected past twice the limit', async () => {
    const big = await totalOf(30_000);
    expect(big).toMatchObject({ estimate: true, counted: false });
    expect(Math.abs(big.total - 30_000)).toBeLessThan(3_000);
  });

  it('is counted for a filtered list, whatever its estimate', async () => {
    // "contains 'row'": every row; the planner has no reliable estimate of a pattern.
    const filtered = await totalOf(30_000, 'row');
    expect(filtered).toMatchObject({ estimate: true, counted: true });
    // A pattern matching 13 of the 30 000 rows (2999, 12999, 22999, 29990-29999), exactly.
    expect(await totalOf(30_000, '2999')).toEqual({ total: 13, estimate: false, counted: true });
  });
});
