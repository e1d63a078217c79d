// A connection the server drops (here pg_terminate_backend, as a restart or DROP DATABASE …
// WITH (FORCE) does) neither crashes the process nor breaks the pool: without the listeners,
// pg's 'error' event on the pool is thrown and Vitest reports it as an unhandled error.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { survivingLostConnections } from './lost-connections';
import { openOldConsolePool } from './repositories/old-console-import/old-source';
import { createTestDatabase, type TestDatabase } from './test-database';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('a pool that survives lost connections', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase({ migrate: false });
  });
  afterAll(() => testDb?.drop());

  const pidOf = async (pool: pg.Pool) =>
    (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;

  it('drops an idle client the server terminated and answers the next query on a new one', async () => {
    const pool = survivingLostConnections(new pg.Pool({ connectionString: testDb.url!, max: 1 }));
    try {
      const first = await pidOf(pool);
      await testDb.db.query('SELECT pg_terminate_backend($1)', [first]);
      await vi.waitFor(() => expect(pool.totalCount).toBe(0), { timeout: 5_000 });
      expect(await pidOf(pool)).not.toBe(first);
    } finally {
      await pool.end();
    }
  });

  it('reports a checked-out client the server terminated to its next query only', async () => {
    const pool = survivingLostConnections(new pg.Pool({ connectionString: testDb.url!, max: 1 }));
    try {
      const client = await pool.connect();
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!
        .pid;
      const ended = new Promise((resolve) => client.once('end', resolve));
      await testDb.db.query('SELECT pg_terminate_backend($1)', [pid]);
      await ended;
      await expect(client.query('SELECT 1')).rejects.toThrow(/not queryable|terminat/i);
      client.release(true);
      expect(await pidOf(pool)).not.toBe(pid);
    } finally {
      await pool.end();
    }
  });

  it("reads the old console's database in a read-only session", async () => {
    const pool = openOldConsolePool(testDb.url!);
    try {
      await expect(pool.query('CREATE TABLE written (id int)')).rejects.toMatchObject({
        code: '25006',
      });
      const pid = await pidOf(pool);
      await testDb.db.query('SELECT pg_terminate_backend($1)', [pid]);
      await vi.waitFor(() => expect(pool.totalCount).toBe(0), { timeout: 5_000 });
    } finally {
      await pool.end();
    }
  });
});
