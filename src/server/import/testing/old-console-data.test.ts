// The generator writes old-console data with its quirks into a database of the fixture schema.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOldConsole, type GeneratedOldConsole } from './old-console-data';
import { createOldConsoleDatabase, type OldConsoleDatabase } from './old-console-database';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('old console data generator', () => {
  let old: OldConsoleDatabase;
  let generated: GeneratedOldConsole;

  beforeAll(async () => {
    old = await createOldConsoleDatabase(serverUrl!);
    generated = await generateOldConsole(old.pool);
  });
  afterAll(() => old?.drop());

  it('writes the counts it reports', async () => {
    for (const [table, count] of Object.entries(generated.counts)) {
      const { rows } = await old.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table}`,
      );
      expect(rows[0]?.n, table).toBe(count);
    }
  });

  it('mixes 15- and 18-character org ids and keeps the quirks', async () => {
    const { rows } = await old.pool.query<{ len: number }>(
      'SELECT DISTINCT length(org_id) AS len FROM org_group_member ORDER BY 1',
    );
    expect(rows.map((r) => r.len)).toEqual(expect.arrayContaining([15, 18]));
    const text = await old.pool.query(`SELECT 1 FROM upgrade WHERE org_group_id = 'not-a-number'`);
    expect(text.rowCount).toBe(1);
    const orphans = await old.pool.query(
      'SELECT 1 FROM upgrade_job j WHERE NOT EXISTS (SELECT 1 FROM upgrade u WHERE u.id = j.upgrade_id)',
    );
    expect(orphans.rowCount).toBe(1);
    const lma = await old.pool.query(`SELECT 1 FROM upgrade_item WHERE version_id LIKE 'a0B%'`);
    expect(lma.rowCount).toBeGreaterThan(0);
  });

  it('is the same for the same seed', async () => {
    const again = await createOldConsoleDatabase(serverUrl!);
    try {
      await generateOldConsole(again.pool);
      const read = (pool: typeof old.pool) =>
        pool.query('SELECT org_group_id, org_id FROM org_group_member ORDER BY id');
      expect((await read(again.pool)).rows).toEqual((await read(old.pool)).rows);
    } finally {
      await again.drop();
    }
  });
});
