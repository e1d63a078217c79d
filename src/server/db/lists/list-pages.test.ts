// Every page a list answers is the slice of one full ORDER BY … LIMIT … OFFSET of the same rows,
// whichever way the page is read: walking the sort's index (the rows with a value, then those
// without), the bounded walk that gives up and collects the matches, the filter-first read, from
// the start or, for deep pages, from the end. Property-checked on the test database with ties,
// empty values and a filter whose matches all sort last.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIST_DEPTH, pageWindow, type SortKey } from '../../../domain';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { queryListPage } from './list-query';
import type { ListStatement } from './list-statement';
import {
  distinctKeyGroups,
  distinctValueGroups,
  joinSql,
  leftJoin,
  type ListSource,
} from './list-source';
import { NO_SCOPE } from './sql-builder';

const ROWS = 30_000;

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  // a: text with ties and empty values; b: follows id, empty for every 11th; c: five values;
  // gk: a key into list_probe_group (empty for every 13th row, and keys 8 and 9 have no group
  // row), whose names tie (keys 1 and 4) or are empty (key 5).
  await testDb.db.exec(`
    CREATE TABLE list_probe (id int PRIMARY KEY, a text, b int, c int NOT NULL, gk int);
    INSERT INTO list_probe
      SELECT i, CASE WHEN i % 7 = 0 THEN NULL ELSE 'v' || (i % 50) END,
             CASE WHEN i % 11 = 0 THEN NULL ELSE i / 3 END, i % 5,
             CASE WHEN i % 13 = 0 THEN NULL ELSE i % 10 END
      FROM generate_series(1, ${ROWS}) i;
    CREATE INDEX list_probe_a_idx ON list_probe (a, id);
    CREATE INDEX list_probe_b_idx ON list_probe (b, id);
    CREATE INDEX list_probe_gk_idx ON list_probe (gk, id);
    CREATE INDEX list_probe_c_idx ON list_probe (c, id);
    CREATE TABLE list_probe_group (k int PRIMARY KEY, name text);
    INSERT INTO list_probe_group VALUES (0, 'zulu'), (1, 'alpha'), (2, 'mike'), (3, 'bravo'),
      (4, 'alpha'), (5, NULL), (6, 'echo'), (7, 'delta');
    CREATE TABLE list_probe_tag (id int NOT NULL, tag text NOT NULL);
    INSERT INTO list_probe_tag
      SELECT i, 't' || (i % 3) FROM generate_series(1, ${ROWS}, 17) i
      UNION ALL SELECT i, 'u' FROM generate_series(1, ${ROWS}, 51) i;
    CREATE INDEX list_probe_tag_idx ON list_probe_tag (id);
    ANALYZE list_probe; ANALYZE list_probe_group; ANALYZE list_probe_tag;`);
}, 120_000);

afterAll(async () => {
  await testDb.drop();
});

// A value computed by a subquery, empty for most rows.
const TAGS = `(SELECT string_agg(pt.tag, ',' ORDER BY pt.tag) FROM list_probe_tag pt
  WHERE pt.id = p.id)`;
const GROUP_JOIN = leftJoin('list_probe_group', 'g', 'g.k = p.gk');

const SOURCE: ListSource = {
  from: `list_probe p ${joinSql(GROUP_JOIN)}`,
  parts: { base: 'list_probe p', joins: [GROUP_JOIN] },
  select: 'p.id',
  columns: { id: 'p.id', a: 'p.a', b: 'p.b', c: 'p.c', g: 'g.name', t: TAGS },
  uniqueKey: ['p.id'],
  groupedSorts: {
    // c is read one value at a time too (its own values), so two grouped keys nest.
    c: distinctValueGroups({ table: 'list_probe', alias: 'p', column: 'c' }),
    g: distinctKeyGroups(
      { table: 'list_probe', alias: 'p', column: 'gk' },
      { table: 'list_probe_group', key: 'k', value: 'name' },
    ),
  },
};

interface Filter {
  readonly column: string;
  /** SQL over the column with one parameter. */
  readonly sql: string;
  readonly value: number | string;
}

// From no match to every row: the rare ones are read filter first, `b > 6000` (12 000 matches,
// all at the end of the id order) makes the walk give up, `c = 1` is spread evenly.
const FILTERS: readonly (Filter | null)[] = [
  null,
  { column: 'b', sql: 'p.b > $n', value: 6000 },
  { column: 'b', sql: 'p.b < $n', value: 900 },
  { column: 'c', sql: 'p.c = $n', value: 1 },
  { column: 'a', sql: "p.a LIKE '%' || $n::text || '%'", value: '4' },
  { column: 'a', sql: 'p.a = $n', value: 'nothing' },
  { column: 'g', sql: "g.name LIKE '%' || $n::text || '%'", value: 'l' },
];

function statementOf(sort: readonly SortKey[], filter: Filter | null): ListStatement {
  return {
    source: SOURCE,
    scope: NO_SCOPE,
    sort,
    filter: (first) =>
      filter
        ? { text: filter.sql.replace('$n', `$${first}`), params: [String(filter.value)] }
        : { text: 'TRUE', params: [] },
    filteredColumns: filter ? [filter.column] : [],
    // The same filter on another expression holding the column's value (a grouped sort's groups).
    filterOf: (columnId, expression) =>
      filter?.column === columnId
        ? (first) => ({
            text: filter.sql
              .replace(SOURCE.columns[columnId]!, expression)
              .replace('$n', `$${first}`),
            params: [String(filter.value)],
          })
        : undefined,
  };
}

/** The list's order written out once: empty values last, ties by id in the last direction. */
async function expectedIds(
  sort: readonly SortKey[],
  filter: Filter | null,
  offset: number,
  limit: number,
): Promise<number[]> {
  // The grouped column is ordered by its name, then its key.
  const terms = sort.flatMap((key) => {
    const direction = `${key.desc ? 'DESC' : 'ASC'} NULLS LAST`;
    if (key.id === 'g') return [`g.name ${direction}`, `p.gk ${direction}`];
    return [`${SOURCE.columns[key.id]!} ${direction}`];
  });
  const tie = `p.id ${sort.at(-1)?.desc ? 'DESC' : 'ASC'}`;
  const { rows } = await testDb.db.query<{ id: number }>(
    `SELECT p.id FROM ${SOURCE.from} WHERE ${filter ? filter.sql.replace('$n', '$1') : 'TRUE'}
     ORDER BY ${[...terms, tie].join(', ')} LIMIT ${limit} OFFSET ${offset}`,
    filter ? [String(filter.value)] : [],
  );
  return rows.map((row) => row.id);
}

async function matchCount(filter: Filter | null): Promise<number> {
  const { rows } = await testDb.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${SOURCE.from}
     WHERE ${filter ? filter.sql.replace('$n', '$1') : 'TRUE'}`,
    filter ? [String(filter.value)] : [],
  );
  return rows[0]!.n;
}

const sortKey = fc.record({
  id: fc.constantFrom('id', 'a', 'b', 'c', 'g', 't'),
  desc: fc.boolean(),
});

describe('list pages', () => {
  it('answer the slice of the full order, from either end and by every read', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(sortKey, { minLength: 1, maxLength: 2, selector: (key) => key.id }),
        fc.constantFrom(...FILTERS),
        fc.constantFrom(10, 25, 100),
        fc.constantFrom('first', 'second', 'deep', 'last', 'next to last'),
        // A grouped sort's groups collected and sorted (all are small here), or walked.
        fc.constantFrom(undefined, 0),
        // Few matches counted by the read that cuts the page from them, or read after the count.
        fc.constantFrom(undefined, 0),
        async (sort, filter, pageSize, position, groupCollectLimit, countingReadUpTo) => {
          const statement = { ...statementOf(sort, filter), groupCollectLimit, countingReadUpTo };
          const first = await queryListPage<{ id: number }>(testDb.db, statement, 1, pageSize);
          const total = first!.total;
          const lastPage = Math.max(1, Math.ceil(total / pageSize));
          const page = {
            first: 1,
            second: 2,
            deep: Math.floor(MAX_LIST_DEPTH / pageSize),
            last: lastPage,
            'next to last': Math.max(1, lastPage - 1),
          }[position];
          const answer = await queryListPage<{ id: number }>(testDb.db, statement, page, pageSize);
          // A deep page is counted from the real end of the list, whatever the (estimated) total.
          const window = pageWindow(page, pageSize, total)!;
          const matches = await matchCount(filter);
          const offset =
            window.from === 'start'
              ? window.offset
              : Math.max(0, matches - window.offset - window.limit);
          const limit =
            window.from === 'start'
              ? window.limit
              : Math.min(window.limit, matches - window.offset);
          const expected = limit > 0 ? await expectedIds(sort, filter, offset, limit) : [];
          expect(answer!.rows.map((row) => row.id)).toEqual(expected);
        },
      ),
      { numRuns: 100 },
    );
  }, 300_000);

  it("reads a grouped sort's groups collected, walked or each by its size the same as the full order", async () => {
    // Groups of c hold 6 000 rows, of g about 2 800: at a limit of 3 000 the first are walked and
    // the second collected.
    const sorts: SortKey[][] = [
      [
        { id: 'c', desc: false },
        { id: 'a', desc: true },
      ],
      [
        { id: 'g', desc: true },
        { id: 'b', desc: false },
      ],
      [
        { id: 'c', desc: true },
        { id: 'g', desc: false },
        { id: 'a', desc: false },
      ],
    ];
    for (const sort of sorts) {
      for (const groupCollectLimit of [undefined, 0, 3_000]) {
        const statement = { ...statementOf(sort, null), groupCollectLimit };
        for (const page of [1, 2, 150, 399, ROWS / 25]) {
          const answer = await queryListPage<{ id: number }>(testDb.db, statement, page, 25);
          expect(answer!.rows.map((row) => row.id)).toEqual(
            await expectedIds(sort, null, (page - 1) * 25, 25),
          );
        }
      }
    }
  });

  it('reads the walk that gives up and the filter-first read the same as the full order', async () => {
    // `b > 6000` matches 12 000 rows (an estimated total), none of them among the first ids.
    const filter = FILTERS[1]!;
    for (const [id, desc] of [
      ['id', false],
      ['id', true],
      ['g', false],
      ['g', true],
    ] as const) {
      const sort = [{ id, desc }];
      for (const page of [1, 40, 400]) {
        const answer = await queryListPage<{ id: number }>(
          testDb.db,
          statementOf(sort, filter),
          page,
          25,
        );
        expect(answer!.rows.map((row) => row.id)).toEqual(
          await expectedIds(sort, filter, (page - 1) * 25, 25),
        );
      }
    }
  });
});
