// Salesforce ids compare as bytes whatever the database's collation (migration 0032): every id
// column is of a domain collated "C", ids differing only in case are told apart and sort by their
// bytes, and the domains still refuse a malformed id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('Salesforce ids', () => {
  it('are kept in domains collated "C" in every column that holds one', async () => {
    const { rows: domains } = await testDb.db.query<{ name: string; collation: string }>(
      `SELECT t.typname AS name, c.collname AS collation FROM pg_type t
       JOIN pg_collation c ON c.oid = t.typcollation
       WHERE t.typname IN ('sf_id', 'sf_org_id') ORDER BY t.typname`,
    );
    expect(domains).toEqual([
      { name: 'sf_id', collation: 'C' },
      { name: 'sf_org_id', collation: 'C' },
    ]);
    // No column kept a type of the old domains, and the org ids keep their key.
    const { rows: columns } = await testDb.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       WHERE c.relname = 'org' AND a.attname = 'org_id' AND a.atttypid = 'sf_org_id'::regtype`,
    );
    expect(columns[0]!.n).toBe(1);
  });

  it('sort by their bytes and differ by case', async () => {
    const ids = ['00Dab0000000001AAA', '00DAB0000000001AAA', '00DaB0000000001AAA'];
    await testDb.db.query(
      `INSERT INTO org (org_id, name) SELECT id, 'Case ' || id FROM unnest($1::text[]) id`,
      [ids],
    );
    const { rows } = await testDb.db.query<{ org_id: string }>(
      `SELECT org_id FROM org WHERE org_id = ANY($1::text[]::sf_org_id[]) ORDER BY org_id`,
      [ids],
    );
    expect(rows.map((row) => row.org_id)).toEqual([
      '00DAB0000000001AAA',
      '00DaB0000000001AAA',
      '00Dab0000000001AAA',
    ]);
    const { rows: one } = await testDb.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM org WHERE org_id = $1`,
      ['00DaB0000000001AAA'],
    );
    expect(one[0]!.n).toBe(1);
  });

  it('refuse a malformed id', async () => {
    await expect(
      testDb.db.query(`INSERT INTO org (org_id, name) VALUES ('001000000000001AAA', 'x')`),
    ).rejects.toThrow(/sf_org_id_check/);
    await expect(testDb.db.query(`SELECT 'short'::sf_id`)).rejects.toThrow(/sf_id_check/);
  });
});
