// Which sort keys are read one value at a time is decided on the planner's statistics: a column
// counts only once analyzed, and only when an index leads with it (its values are found by
// skipping through that index). The rows' order is checked by list-pages.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database';
import {
  FEW_DISTINCT,
  distinctCount,
  groupFewValueSorts,
  indexLeadsWith,
  indexedGroups,
} from './few-value-sorts';
import type { ListStatement } from './list-query';
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
});
