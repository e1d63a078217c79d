// "Is blank" on the column a list is sorted by: the rows with a value are read as the empty text
// (`column = ''`, which the sort's index answers) and the pages are those of one ORDER BY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFilters, type FilterColumn } from '../../../domain';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { narrowFewValues } from './few-values';
import { queryListPage } from './list-query';
import { notingClient } from './testing/noting-client';
import type { ListSource } from './list-source';
import type { ListStatement } from './list-statement';
import { NO_SCOPE } from './sql-builder';

let testDb: TestDatabase;

const SOURCE: ListSource = {
  from: 'blank_probe b',
  select: 'b.id',
  columns: { id: 'b.id', label: 'b.label' },
  uniqueKey: ['b.id'],
};
const LABEL: FilterColumn = { id: 'label', kind: 'text', sql: 'b.label' };

beforeAll(async () => {
  testDb = await createTestDatabase();
  // 30 000 rows: a third with a label, a third the empty text, a third none; more blank ones than
  // an exact count goes to, so that pages are walked in the label's order.
  await testDb.db.exec(`CREATE TABLE blank_probe (id int PRIMARY KEY, label text);
    INSERT INTO blank_probe SELECT i, CASE i % 3 WHEN 0 THEN 'label ' || i WHEN 1 THEN '' END
      FROM generate_series(1, 30000) i;
    CREATE INDEX blank_probe_label_idx ON blank_probe (label, id);
    ANALYZE blank_probe;`);
}, 120_000);

afterAll(async () => {
  await testDb.drop();
});

describe('"is blank" on the sort column', () => {
  it('reads the empty text through the index, with the pages of one ORDER BY', async () => {
    const compiled = compileFilters([{ id: 'label', value: '!?' }], [LABEL], {
      now: new Date(),
      timeZone: 'UTC',
      username: null,
    });
    for (const desc of [false, true]) {
      const plain: ListStatement = {
        source: SOURCE,
        scope: NO_SCOPE,
        filter: (first) => compiled.toSql(first),
        sort: [{ id: 'label', desc }],
        filteredColumns: ['label'],
      };
      const statement = await narrowFewValues(testDb.db, plain, compiled.filters);
      expect(statement.blankText).toEqual(['label']);
      const way = desc ? 'DESC' : 'ASC';
      const all = await testDb.db.query<{ id: number }>(
        `SELECT id FROM blank_probe WHERE label IS NULL OR label = ''
         ORDER BY label ${way} NULLS LAST, id ${way}`,
      );
      const order = all.rows.map((row) => row.id);
      const first = await queryListPage<{ id: number }>(testDb.db, statement, 1, 25);
      const last = Math.ceil(first!.total / 25);
      for (const page of [1, 40, last]) {
        const { client: noting, statements: texts } = notingClient(testDb.db);
        const read = await queryListPage<{ id: number }>(noting, statement, page, 25);
        const ids = read!.rows.map((row) => row.id);
        expect(ids.length).toBeGreaterThan(0);
        expect(ids).toEqual(
          page === last ? order.slice(-ids.length) : order.slice((page - 1) * 25, page * 25),
        );
        expect(texts.join('\n')).toContain("b.label IS NOT NULL AND b.label = ''");
      }
    }
  });
});
