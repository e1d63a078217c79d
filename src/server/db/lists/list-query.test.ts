// queryListPage reads no page when the exact count says the matches end before it: an empty list
// costs its count only. Few matches are counted by the read that cuts the page from them; the
// other reads are tested with that read turned off (countingReadUpTo: 0).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { queryListPage } from './list-query';
import { notingClient } from './testing/noting-client';
import type { ListStatement } from './list-statement';
import type { ListSource } from './list-source';
import { NO_SCOPE } from './sql-builder';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  // c = 1 for 34 of the 100 rows.
  await testDb.db.exec(`
    CREATE TABLE list_count_probe (id int PRIMARY KEY, c int NOT NULL);
    INSERT INTO list_count_probe SELECT i, i % 3 FROM generate_series(1, 100) i;
    CREATE TABLE list_sparse_probe (id int PRIMARY KEY, c int NOT NULL);
    INSERT INTO list_sparse_probe SELECT i, i % 25 FROM generate_series(1, 300000) i;
    ANALYZE list_sparse_probe;`);
}, 120_000);

afterAll(async () => {
  await testDb.drop();
});

const SOURCE: ListSource = {
  from: 'list_count_probe p',
  select: 'p.id',
  columns: { id: 'p.id', c: 'p.c' },
  uniqueKey: ['p.id'],
};

const rowsWith = (c: number): ListStatement => ({
  source: SOURCE,
  scope: NO_SCOPE,
  sort: [{ id: 'id', desc: false }],
  filter: (first) => ({ text: `p.c = $${first}`, params: [String(c)] }),
  filteredColumns: ['c'],
});

/** The statements that read rows: all but the planner's estimates. */
const readsOf = (statements: readonly string[]) =>
  statements.filter((text) => !text.startsWith('EXPLAIN'));
/** The count that also reads the page (filter-first.ts countMatches). */
const COUNTING_READ = 'count(*)::int AS n FROM matches';

describe('queryListPage', () => {
  // No match (c = 7), and page 3 of the 34 rows of c = 1: the count alone answers either.
  it.each([
    ['a list with no match', 7, 1, 0],
    ['a page past the counted matches', 1, 3, 34],
  ])('answers %s from its count alone', async (_, c, pageNumber, total) => {
    for (const countingReadUpTo of [undefined, 0]) {
      const { client, statements } = notingClient(testDb.db);
      const statement = { ...rowsWith(c), countingReadUpTo };
      const page = await queryListPage(client, statement, pageNumber, 25);
      expect(page).toEqual({ rows: [], total, total_is_estimate: false });
      expect(readsOf(statements)).toHaveLength(1);
    }
  });

  it('reads the page when it holds matches, with their count or after it', async () => {
    for (const countingReadUpTo of [undefined, 0]) {
      const { client, statements } = notingClient(testDb.db);
      const statement = { ...rowsWith(1), countingReadUpTo };
      const page = await queryListPage<{ id: number }>(client, statement, 2, 25);
      expect(page?.rows.map((row) => row.id)).toEqual(
        Array.from({ length: 9 }, (_, i) => 76 + 3 * i),
      );
      expect(page).toMatchObject({ total: 34, total_is_estimate: false });
      const reads = readsOf(statements);
      if (countingReadUpTo === undefined) {
        expect(reads).toHaveLength(1);
        expect(reads[0]).toContain(COUNTING_READ);
      } else {
        expect(reads[0]).toContain('count(*)');
        expect(reads[0]).not.toContain(COUNTING_READ);
        expect(reads.at(-1)).toMatch(/^SELECT p\.id FROM/);
      }
    }
  });

  // c = 0 for one row in 25: 12 000 matches, more than are counted exactly.
  const sparse: ListStatement = {
    source: { ...SOURCE, from: 'list_sparse_probe p' },
    scope: NO_SCOPE,
    sort: [{ id: 'id', desc: false }],
    filter: (first) => ({ text: `p.c = $${first}`, params: ['0'] }),
    filteredColumns: ['c'],
  };
  const pageRead = (statements: readonly string[]) => statements.at(-1) ?? '';

  it('walks the sort order to a page the matches reach within the walk limit', async () => {
    const { client, statements } = notingClient(testDb.db);
    const page = await queryListPage<{ id: number }>(client, sparse, 1, 25);
    expect(page?.rows.map((row) => row.id)).toEqual(
      Array.from({ length: 25 }, (_, i) => 25 * (i + 1)),
    );
    expect(page?.total_is_estimate).toBe(true);
    expect(pageRead(statements)).toContain('list_rows_in_order()');
  });

  it('reads filter first, without a walk, a page the walk would give up before', async () => {
    // Page 40 lies 25 000 rows down the order, one match in 25: past the 20 000-row walk limit.
    const { client, statements } = notingClient(testDb.db);
    const page = await queryListPage<{ id: number }>(client, sparse, 40, 25);
    expect(page?.rows.map((row) => row.id)).toEqual(
      Array.from({ length: 25 }, (_, i) => 25 * (976 + i)),
    );
    expect(statements.some((text) => text.includes('list_rows_in_order()'))).toBe(false);
    expect(pageRead(statements)).toContain('AS MATERIALIZED');
  });

  it('walks to a page an even spread of exactly counted matches puts near the start', async () => {
    // c = 0 and an id under 200 000: 8 000 matches, counted exactly. Page 1 lies some 940 rows
    // down the order, page 40 some 37 500: the first is walked, the second collected.
    const counted: ListStatement = {
      ...sparse,
      filter: (first) => ({ text: `p.c = $${first} AND p.id <= 200000`, params: ['0'] }),
      countingReadUpTo: 0,
    };
    for (const [page, read] of [
      [1, ') AS matches'],
      [40, 'AS MATERIALIZED'],
    ] as const) {
      const { client, statements } = notingClient(testDb.db);
      const answer = await queryListPage<{ id: number }>(client, counted, page, 25);
      expect(answer?.total).toBe(8_000);
      expect(answer?.total_is_estimate).toBe(false);
      expect(answer?.rows.map((row) => row.id)).toEqual(
        Array.from({ length: 25 }, (_, i) => 25 * ((page - 1) * 25 + i + 1)),
      );
      expect(pageRead(statements)).toContain(read);
    }
  });

  it('reads a page in the second half of exactly counted matches from their end', async () => {
    // The 8 000 matches of c = 0 and an id under 200 000: page 300 ends 500 rows before the end.
    const counted: ListStatement = {
      ...sparse,
      filter: (first) => ({ text: `p.c = $${first} AND p.id <= 200000`, params: ['0'] }),
      countingReadUpTo: 0,
    };
    for (const [page, skipped] of [
      [300, 500],
      [320, 0],
    ] as const) {
      const { client, noted } = notingClient(testDb.db);
      const answer = await queryListPage<{ id: number }>(client, counted, page, 25);
      expect(answer?.total).toBe(8_000);
      expect(answer?.rows.map((row) => row.id)).toEqual(
        Array.from({ length: 25 }, (_, i) => 25 * ((page - 1) * 25 + i + 1)),
      );
      // The page read skips the rows after the page, in the reversed order, not those before.
      const read = noted.at(-1)!;
      expect(read.params.slice(-2)).toEqual([25, skipped]);
      expect(read.text).toContain('DESC');
    }
  });

  it('counts matches the planner expects to be few by the read that cuts the page from them', async () => {
    // 8 000 matches, expected so: every page, from either end, is one read with the count.
    const few: ListStatement = {
      ...sparse,
      filter: (first) => ({ text: `p.c = $${first} AND p.id <= 200000`, params: ['0'] }),
    };
    for (const page of [1, 40, 300, 320]) {
      const { client, statements } = notingClient(testDb.db);
      const answer = await queryListPage<{ id: number }>(client, few, page, 25);
      expect(answer).toMatchObject({ total: 8_000, total_is_estimate: false });
      expect(answer?.rows.map((row) => row.id)).toEqual(
        Array.from({ length: 25 }, (_, i) => 25 * ((page - 1) * 25 + i + 1)),
      );
      expect(readsOf(statements)).toEqual([expect.stringContaining(COUNTING_READ)]);
    }
    // 12 000 matches, expected under the limit: the counting read finds more than it counts
    // exactly, so the total is the estimate and the page is read after it.
    const { client, statements } = notingClient(testDb.db);
    const underestimated = { ...sparse, countingReadUpTo: 20_000 };
    const answer = await queryListPage<{ id: number }>(client, underestimated, 40, 25);
    expect(answer?.total_is_estimate).toBe(true);
    expect(answer?.total).toBeGreaterThan(10_000);
    expect(answer?.rows.map((row) => row.id)).toEqual(
      Array.from({ length: 25 }, (_, i) => 25 * (976 + i)),
    );
    const reads = readsOf(statements);
    expect(reads[0]).toContain(COUNTING_READ);
    expect(reads).toHaveLength(2);
  });

  it('collects counted matches looking up, one by one, the big table only the sort reads', async () => {
    // The 34 rows of c = 1, sorted by their row of the 300 000-row table (a join it is not
    // selected by): each looked up by key, not the whole table hashed.
    const joined: ListStatement = {
      ...rowsWith(1),
      source: {
        ...SOURCE,
        from: 'list_count_probe p JOIN list_sparse_probe s ON s.id = p.id',
        parts: {
          base: 'list_count_probe p',
          joins: [{ kind: 'JOIN', table: 'list_sparse_probe', alias: 's', on: 's.id = p.id' }],
        },
        columns: { ...SOURCE.columns, sparse: 's.c' },
      },
      sort: [{ id: 'sparse', desc: true }],
    };
    const expected = await testDb.db.query<{ id: number }>(
      `SELECT p.id FROM list_count_probe p JOIN list_sparse_probe s ON s.id = p.id
       WHERE p.c = 1 ORDER BY s.c DESC NULLS LAST, p.id DESC LIMIT 25`,
    );
    const { client, statements } = notingClient(testDb.db);
    const page = await queryListPage<{ id: number }>(client, joined, 1, 25);
    expect(page?.total).toBe(34);
    expect(page?.rows).toEqual(expected.rows);
    // Counted on their own: the sort's table is no part of the count (filter-first.ts).
    expect(statements.some((text) => text.includes(COUNTING_READ))).toBe(false);
    // In the matches' read, not only in the read of the page's rows by key (which looks up too).
    const matches = /MATERIALIZED \(([^]*?)\) page JOIN/.exec(pageRead(statements))?.[1];
    expect(matches).toContain(
      'JOIN LATERAL (SELECT * FROM list_sparse_probe s WHERE s.id = p.id OFFSET 0) s ON TRUE',
    );
  });
});
