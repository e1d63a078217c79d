import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database';
import { listMigrations, migrate } from './migrate';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase({ migrate: false });
});
afterAll(() => testDb.drop());

describe('migrations', () => {
  it('apply once, then a second run changes nothing', async () => {
    const { db } = testDb;
    const first = await migrate(db);
    expect(first).toEqual(listMigrations().map((m) => m.id));

    const snapshot = async () =>
      (
        await db.query<{ table_name: string; column_name: string; data_type: string }>(
          `SELECT table_name, column_name, data_type FROM information_schema.columns
           WHERE table_schema = 'public' ORDER BY table_name, column_name`,
        )
      ).rows;
    const before = await snapshot();
    expect(await migrate(db)).toEqual([]);
    expect(await snapshot()).toEqual(before);
    const applied = await db.query<{ id: string }>('SELECT id FROM schema_migration ORDER BY id');
    expect(applied.rows.map((r) => r.id)).toEqual(first);
  });

  it('rejects ids that are not 18-character Salesforce ids', async () => {
    await expect(
      testDb.db.query(`INSERT INTO org (org_id, name) VALUES ('00D000000000001', 'short id')`),
    ).rejects.toThrow(/sf_org_id|check/i);
    await expect(
      testDb.db.query(`INSERT INTO org (org_id, name) VALUES ('001000000000001AAA', 'not an org')`),
    ).rejects.toThrow(/sf_org_id|check/i);
    await testDb.db.query(`INSERT INTO org (org_id, name) VALUES ('00D000000000001AAA', 'ok')`);
  });

  it('enforces foreign keys (no orphan jobs)', async () => {
    await expect(
      testDb.db.query(
        `INSERT INTO upgrade_job (upgrade_id, item_id, org_id, status)
         VALUES (999, 999, '00D000000000001AAA', 'Created')`,
      ),
    ).rejects.toThrow(/foreign key/i);
  });

  it('a failed migration is rolled back whole and reported by name', async () => {
    const bad = [{ id: '9999_bad', sql: 'CREATE TABLE half_done (id int); SELECT no_such_fn();' }];
    await expect(migrate(testDb.db, bad)).rejects.toThrow(/9999_bad/);
    const exists = await testDb.db.query(`SELECT to_regclass('public.half_done') AS t`);
    expect(exists.rows[0]).toEqual({ t: null });
  });
});
