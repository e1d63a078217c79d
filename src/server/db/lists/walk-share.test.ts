// A bounded walk may pass a quarter of the matches before its page (walk-limit.ts): the first
// rows of the sort order can all fail the filter (no denied or failed audit entry mentions
// "eth"), and walking past them is cheaper than collecting every match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFilters, type FilterColumn } from '../../../domain';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { queryListPage } from './list-query';
import { notingClient } from './testing/noting-client';
import type { ListSource } from './list-source';
import type { ListStatement } from './list-statement';
import { NO_SCOPE } from './sql-builder';

let testDb: TestDatabase;

const SOURCE: ListSource = {
  from: 'walk_probe w',
  select: 'w.id',
  columns: { id: 'w.id', kind: 'w.kind', note: 'w.note' },
  uniqueKey: ['w.id'],
};
const NOTE: FilterColumn = { id: 'note', kind: 'text', sql: 'w.note' };

beforeAll(async () => {
  testDb = await createTestDatabase();
  // 4 000 rows of kind 'a', none of which matches, sort before 30 000 of kind 'b' that all do:
  // more than a tenth of the matches (3 000), less than a quarter (7 500).
  await testDb.db.exec(`CREATE TABLE walk_probe (id int PRIMARY KEY, kind text, note text);
    INSERT INTO walk_probe SELECT i, CASE WHEN i <= 4000 THEN 'a' ELSE 'b' END,
      CASE WHEN i <= 4000 THEN 'other' ELSE 'matched' END
      FROM generate_series(1, 34000) i;
    CREATE INDEX walk_probe_kind_idx ON walk_probe (kind, id);
    -- As the lists' text columns have: the planner's estimate of "contains" comes from it.
    CREATE INDEX walk_probe_note_trgm_idx ON walk_probe USING gin (lower(note) gin_trgm_ops);
    ANALYZE walk_probe;`);
}, 120_000);

afterAll(async () => {
  await testDb.drop();
});

describe('a bounded walk past non-matching rows', () => {
  it('walks to the first page instead of collecting the matches, with the pages of one ORDER BY', async () => {
    const compiled = compileFilters([{ id: 'note', value: 'match' }], [NOTE], {
      now: new Date(),
      timeZone: 'UTC',
      username: null,
    });
    const statement: ListStatement = {
      source: SOURCE,
      scope: NO_SCOPE,
      filter: (first) => compiled.toSql(first),
      sort: [{ id: 'kind', desc: false }],
      filteredColumns: ['note'],
    };
    const { client, statements } = notingClient(testDb.db);
    const page = await queryListPage<{ id: number }>(client, statement, 1, 25);
    expect(page!.total_is_estimate).toBe(true);
    expect(page!.rows.map((row) => row.id)).toEqual(Array.from({ length: 25 }, (_, i) => 4001 + i));
    const reads = statements.filter((text) => text.startsWith('SELECT w.id'));
    // One read, the walk: no second read collecting the 30 000 matches after it gave up.
    expect(reads).toHaveLength(1);
    expect(reads[0]).toContain('list_rows_in_order()');
    expect(reads[0]).not.toContain('MATERIALIZED');
  });
});
