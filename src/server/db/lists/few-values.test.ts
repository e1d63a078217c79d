// A filter decided on a column's distinct values selects exactly the rows the filter's own SQL
// selects: property-checked on the test database with empty values, case variants and the
// characters an array literal must escape.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFilters, FilterSyntaxError, type FilterColumn } from '../../../domain';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { distinctValues, narrowFewValues } from './few-values';
import { queryListPage, type ListStatement } from './list-query';
import { distinctValueGroups, type ListSource } from './list-source';
import { NO_SCOPE } from './sql-builder';

const VALUES = ['Active', 'active', 'Trial', 'Sus"pended', 'back\\slash', 'a,b', '{x}', '', null];

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.exec(`CREATE TABLE few_probe (id int PRIMARY KEY, status text);
    CREATE INDEX few_probe_status_idx ON few_probe (status, id);`);
  await testDb.db.query(
    `INSERT INTO few_probe SELECT i, ($1::text[])[1 + i % $2] FROM generate_series(1, 500) i`,
    [VALUES, VALUES.length],
  );
});

afterAll(async () => {
  await testDb.drop();
});

const SOURCE: ListSource = {
  from: 'few_probe f',
  select: 'f.id',
  columns: { id: 'f.id', status: 'f.status' },
  uniqueKey: ['f.id'],
  fewValues: { status: distinctValueGroups({ table: 'few_probe', alias: 'f', column: 'status' }) },
};

const COLUMN: FilterColumn = { id: 'status', kind: 'text', sql: 'f.status' };

async function ids(statement: ListStatement): Promise<number[]> {
  const page = await queryListPage<{ id: number }>(testDb.db, statement, 1, 100);
  return page!.rows.map((row) => row.id);
}

describe('few-values filters', () => {
  it('reads every distinct value once, each its own key', async () => {
    const values = await distinctValues(testDb.db, SOURCE.fewValues!.status!);
    const present = VALUES.filter((value) => value !== null);
    expect(values.map((value) => value.v).sort()).toEqual([...present].sort());
    expect(values.every((value) => value.k === value.v)).toBe(true);
  });

  it('select the rows the filter selects', async () => {
    const words = fc.constantFrom(
      'act',
      'ACTIVE',
      'tri',
      'x',
      'sus"',
      'slash',
      "'a,b'",
      "'{x}'",
      'zzz',
    );
    const expression = fc.oneof(
      words,
      words.map((w) => `$${w}`),
      words.map((w) => `${w}$`),
      words.map((w) => `"${w}"`),
      words.map((w) => `!${w}`),
      fc.constantFrom('?', '!?', "''", 'active, trial', '!act && !tri'),
    );
    await fc.assert(
      fc.asyncProperty(expression, async (value) => {
        let compiled;
        try {
          compiled = compileFilters([{ id: 'status', value }], [COLUMN], {
            now: new Date(),
            timeZone: 'UTC',
            username: null,
          });
        } catch (error) {
          // Combinations the language refuses ('"sus""') are not filters.
          if (error instanceof FilterSyntaxError) return;
          throw error;
        }
        const statement: ListStatement = {
          source: SOURCE,
          scope: NO_SCOPE,
          sort: [{ id: 'id', desc: false }],
          filter: (first) => compiled.toSql(first),
        };
        const narrowed = await narrowFewValues(testDb.db, statement, compiled.filters);
        expect(await ids(narrowed)).toEqual(await ids(statement));
      }),
      { numRuns: 80 },
    );
  });
});
