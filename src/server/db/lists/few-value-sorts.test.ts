// Which sort keys are read one value at a time is decided on the planner's statistics: a column
// counts only once analyzed, and only when an index leads with it (its values are found by
// skipping through that index). The rows' order is checked by list-pages.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database';
import {
  DOMINANT_SHARE,
  FEW_DISTINCT,
  distinctCount,
  dominantKeys,
  groupsKnown,
  groupFewValueSorts,
  indexLeadsWith,
  indexedGroups,
  narrowingServesSort,
  smallKeys,
} from './few-value-sorts';
import { queryListPage } from './list-query';
import { notingClient } from './testing/noting-client';
import { distinctValueGroups } from './list-source';
import type { ListStatement } from './list-statement';
import { NO_SCOPE } from './sql-builder';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.exec(`
    CREATE TABLE few_probe (id int PRIMARY KEY, kind text, day int, note text);
    INSERT INTO few_probe SELECT i, 'k' || (i % 4), i, 'n' || (i % 3) FROM generate_series(1, 5000) i;
    CREATE INDEX few_probe_kind_idx ON few_probe (kind, id);
    CREATE INDEX few_probe_day_idx ON few_probe (day, id);`);
});
afterAll(() => testDb.drop());

const statement = (sort: { id: string; desc: boolean }[]): ListStatement => ({
  source: {
    from: 'few_probe f',
    select: 'f.id',
    columns: { kind: 'f.kind', day: 'f.day', note: 'f.note', id: 'f.id' },
    uniqueKey: ['f.id'],
  },
  scope: NO_SCOPE,
  filter: () => ({ text: 'TRUE', params: [] }),
  sort,
});

const BY_KIND_NOTE = 'kind ASC NULLS LAST, note DESC NULLS LAST, id DESC';

/**
 * The first, 40th and last pages of `sorted`, each checked against one ORDER BY of few_probe
 * (`order`), and the statement that read each (the one reading its groups).
 */
async function pageReads(sorted: ListStatement, order: string): Promise<string[]> {
  const reads: string[] = [];
  for (const page of [1, 40, 200]) {
    const { client, statements } = notingClient(testDb.db);
    const read = await queryListPage<{ id: number }>(client, sorted, page, 25);
    const expected = await testDb.db.query<{ id: number }>(
      `SELECT id FROM few_probe ORDER BY ${order} LIMIT 25 OFFSET ${(page - 1) * 25}`,
    );
    expect(read!.rows).toEqual(expected.rows);
    reads.push(statements.find((text) => text.includes('sort_group_key0')) ?? '');
  }
  return reads;
}

describe('sort keys with few values', () => {
  it('are known only once the table is analyzed, and only with an index that leads with them', async () => {
    const db = testDb.db;
    expect(await distinctCount(db, 'few_probe', 'kind')).toBeNull();
    await db.exec('ANALYZE few_probe');
    // Read again once the cached answer is older than its time to live.
    const later = Date.now() + 60 * 60_000;
    expect(await distinctCount(db, 'few_probe', 'kind', later)).toBe(4);
    expect(await distinctCount(db, 'few_probe', 'day', later)).toBeGreaterThan(FEW_DISTINCT);
    // Three values, but no index leads with it: finding them would read the table per value.
    expect(await distinctCount(db, 'few_probe', 'note', later)).toBeNull();
  });

  it('become grouped sorts when another key follows them', async () => {
    const grouped = await groupFewValueSorts(
      testDb.db,
      statement([
        { id: 'kind', desc: true },
        { id: 'day', desc: false },
      ]),
    );
    expect(Object.keys(grouped.source.groupedSorts ?? {})).toEqual(['kind']);
    expect(grouped.source.groupedSorts?.kind?.ref).toBe('f.kind');
    // The last key is read through its own index; many values or no index: as before.
    for (const sort of [
      [{ id: 'kind', desc: false }],
      [
        { id: 'day', desc: false },
        { id: 'kind', desc: false },
      ],
      [
        { id: 'note', desc: false },
        { id: 'kind', desc: false },
      ],
    ]) {
      const same = statement(sort);
      expect(await groupFewValueSorts(testDb.db, same)).toBe(same);
    }
  });

  it("are walked whatever their size where an index reads a group in the next key's order", async () => {
    const db = testDb.db;
    await db.exec('ANALYZE few_probe');
    const later = Date.now() + 2 * 60 * 60_000;
    const sort = [
      { id: 'kind', desc: false },
      { id: 'day', desc: true },
    ];
    const grouped = await groupFewValueSorts(db, statement(sort));
    expect(await indexedGroups(db, grouped)).toEqual([]);
    await db.exec('CREATE INDEX few_probe_kind_day_idx ON few_probe (kind, day)');
    // Known once the cached answer is older than its time to live.
    expect(await indexedGroups(db, grouped)).toEqual([]);
    expect(await indexedGroups(db, grouped, later)).toEqual(['kind']);
    expect(await indexLeadsWith(db, 'few_probe', ['day', 'kind'], false, later)).toBe(false);
    // The other way round serves only a next key that is grouped too.
    expect(await indexLeadsWith(db, 'few_probe', ['day', 'kind'], true, later)).toBe(true);
    await db.exec('DROP INDEX few_probe_kind_day_idx');
  });

  it('walk a value most rows hold without counting it, with the pages of one ORDER BY', async () => {
    const db = testDb.db;
    // 'common' for four rows in five, 'rare' for the rest.
    await db.exec(`
      CREATE TABLE dominant_probe (id int PRIMARY KEY, kind text NOT NULL, day int NOT NULL);
      INSERT INTO dominant_probe
        SELECT i, CASE WHEN i % 5 = 0 THEN 'rare' ELSE 'common' END, (i * 37) % 1000
        FROM generate_series(1, 5000) i;
      CREATE INDEX dominant_probe_kind_idx ON dominant_probe (kind, id);
      CREATE INDEX dominant_probe_day_idx ON dominant_probe (day, id);
      ANALYZE dominant_probe;`);
    const kinds = distinctValueGroups({ table: 'dominant_probe', alias: 'd', column: 'kind' });
    expect(DOMINANT_SHARE).toBe(0.5);
    expect(await dominantKeys(db, kinds)).toEqual(['common']);
    for (const desc of [false, true]) {
      const dominant: ListStatement = {
        source: {
          from: 'dominant_probe d',
          select: 'd.id',
          columns: { kind: 'd.kind', day: 'd.day', id: 'd.id' },
          uniqueKey: ['d.id'],
        },
        scope: NO_SCOPE,
        filter: () => ({ text: 'TRUE', params: [] }),
        sort: [
          { id: 'kind', desc },
          { id: 'day', desc: !desc },
        ],
      };
      for (const page of [1, 40, 200]) {
        const { client, noted: statements } = notingClient(db);
        const read = await queryListPage<{ id: number }>(client, dominant, page, 25);
        const way = desc ? 'DESC' : 'ASC';
        const back = desc ? 'ASC' : 'DESC';
        const expected = await db.query<{ id: number }>(
          `SELECT id FROM dominant_probe ORDER BY kind ${way}, day ${back}, id ${back}
           LIMIT 25 OFFSET ${(page - 1) * 25}`,
        );
        expect(read!.rows).toEqual(expected.rows);
        // The group's size is asked only of the other values.
        const pageRead = statements.find((s) => s.text.includes('group_size'));
        expect(pageRead?.text).toMatch(
          /CASE WHEN sort_group_key0\.k::text = ANY\(\$\d+::text\[\]\)/,
        );
        expect(pageRead?.params).toContain('{"common"}');
      }
    }
  });

  it('leave out the rows without a key while no row is without one, with the pages of one ORDER BY', async () => {
    const db = testDb.db;
    await db.exec('ANALYZE few_probe');
    const sort = [
      { id: 'kind', desc: false },
      { id: 'note', desc: true },
    ];
    const withoutKey = /f\.kind IS NULL/;
    const grouped = await groupFewValueSorts(db, statement(sort));
    expect((await groupsKnown(db, grouped, 60_000)).filledGroups).toEqual(['kind']);
    for (const read of await pageReads(statement(sort), BY_KIND_NOTE)) {
      expect(read).not.toMatch(withoutKey);
    }
    // One row without a kind: its branch is read again, and the row is on the last page.
    await db.exec('UPDATE few_probe SET kind = NULL WHERE id = 77');
    try {
      expect((await groupsKnown(db, grouped, 60_000)).filledGroups).toEqual([]);
      for (const read of await pageReads(statement(sort), BY_KIND_NOTE)) {
        expect(read).toMatch(withoutKey);
      }
      const last = await queryListPage<{ id: number }>(db, statement(sort), 200, 25);
      expect(last!.rows.at(-1)).toEqual({ id: 77 });
    } finally {
      await db.exec("UPDATE few_probe SET kind = 'k1' WHERE id = 77");
    }
  });

  it('collect, uncounted, a group too few rows of the table hold to pass the limit', async () => {
    const db = testDb.db;
    await db.exec('ANALYZE few_probe');
    // 1 250 rows of each of the four kinds: at most half of 3 000, more than half of 2 000.
    const kinds = distinctValueGroups({ table: 'few_probe', alias: 'f', column: 'kind' });
    const { source } = statement([]);
    expect((await smallKeys(db, source, kinds, 3000)).sort()).toEqual(['k0', 'k1', 'k2', 'k3']);
    expect(await smallKeys(db, source, kinds, 2000)).toEqual([]);
    // The keys of another table bound a group only where each of its rows is one list row.
    const joined = { ...source, from: 'few_other x JOIN few_probe f ON f.id = x.id' };
    expect(await smallKeys(db, joined, kinds, 3000)).toEqual([]);
    const once = { ...joined, distinctRowsOf: ['few_probe'] };
    expect(await smallKeys(db, once, kinds, 3000)).toHaveLength(4);

    for (const [limit, counted] of [
      [3000, false],
      [2000, true],
    ] as const) {
      const sorted = {
        ...statement([
          { id: 'kind', desc: true },
          { id: 'day', desc: false },
        ]),
        groupCollectLimit: limit,
      };
      const small = /WHEN sort_group_key0\.k::text = ANY\(\$\d+::text\[\]\) THEN 0/;
      for (const pageRead of await pageReads(
        sorted,
        'kind DESC NULLS LAST, day ASC NULLS LAST, id ASC',
      )) {
        if (counted) expect(pageRead).not.toMatch(small);
        else expect(pageRead).toMatch(small);
      }
    }
  });

  it('serve a sort read by their own column or an index pairing it with the sort', async () => {
    const db = testDb.db;
    const later = Date.now() + 3 * 60 * 60_000;
    const byKindGroups = statement([{ id: 'label', desc: false }]);
    // 'label' is shown through the kind (grouped by f.kind); 'note' is filtered on the kinds.
    const source = {
      ...byKindGroups.source,
      columns: { ...byKindGroups.source.columns, label: 'upper(f.kind)' },
      groupedSorts: {
        label: distinctValueGroups({ table: 'few_probe', alias: 'f', column: 'kind' }),
      },
    };
    const narrowed = (refs: string[], columns: string[]) => ({ refs, columns });
    const serves = (sortId: string, refs: string[], columns = ['note']) =>
      narrowingServesSort(
        db,
        { source, sort: [{ id: sortId, desc: false }], narrowed: narrowed(refs, columns) },
        later,
      );
    // The sort's groups are the filtered column's values.
    expect(await serves('label', ['f.kind'])).toBe(true);
    // The filter is on the sort's own column.
    expect(await serves('day', ['f.note'], ['day'])).toBe(true);
    // Another column, and no index leads with (note, day) or (kind, day).
    expect(await serves('day', ['f.note'])).toBe(false);
    expect(await serves('day', ['f.kind'])).toBe(false);
    expect(await serves('day', ['f.kind', 'f.note'])).toBe(false);
    // An index on (kind, day) reads one kind's rows by day.
    await db.exec('CREATE INDEX few_probe_kind_day_idx ON few_probe (kind, day)');
    try {
      expect(
        await narrowingServesSort(
          db,
          { source, sort: [{ id: 'day', desc: false }], narrowed: narrowed(['f.kind'], ['note']) },
          later + 60 * 60_000,
        ),
      ).toBe(true);
    } finally {
      await db.exec('DROP INDEX few_probe_kind_day_idx');
    }
  });
});
