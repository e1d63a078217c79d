// The tables lists read through index-only scans are vacuumed once a fiftieth of them has changed
// (migration 0031), not PostgreSQL's default fifth: a group of 20 000 of 100 000 orgs stayed under
// the default, and the counts joining orgs then read their rows from the table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('list tables', () => {
  it('are vacuumed after a fiftieth of their rows changed', async () => {
    const { rows } = await testDb.db.query<{ relname: string; options: string[] | null }>(
      `SELECT relname, reloptions AS options FROM pg_class
       WHERE relname IN ('org', 'org_package_version') ORDER BY relname`,
    );
    expect(rows).toEqual([
      { relname: 'org', options: ['autovacuum_vacuum_scale_factor=0.02'] },
      { relname: 'org_package_version', options: ['autovacuum_vacuum_scale_factor=0.02'] },
    ]);
  });
});
