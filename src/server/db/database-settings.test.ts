// The session settings every PostgreSQL connection of the pool gets: JIT off (short statements
// paid ~20 ms of compilation at a million rows), and whatever the URL's own `options` ask kept.
import { describe, expect, it } from 'vitest';
import { connectionSettings, openDatabase } from './database';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('connection options', () => {
  it('turns JIT off and keeps the options a DATABASE_URL gives', () => {
    expect(connectionSettings('postgres://h/db')).toEqual({
      connectionString: 'postgres://h/db',
      options: '-c jit=off',
    });
    expect(
      connectionSettings('postgres://h/db?options=-c%20statement_timeout%3D5000&sslmode=require'),
    ).toEqual({
      connectionString: 'postgres://h/db?sslmode=require',
      options: '-c statement_timeout=5000 -c jit=off',
    });
    expect(connectionSettings('host=/var/run/postgresql dbname=x').options).toBe('-c jit=off');
  });

  it.skipIf(!serverUrl)('every pooled connection runs with them (PostgreSQL)', async () => {
    const url = new URL(serverUrl ?? '');
    url.searchParams.set('options', '-c statement_timeout=4321');
    const db = await openDatabase({ url: url.toString(), poolSize: 2 });
    try {
      const read = async () =>
        db.withConnection(async (client) => {
          const jit = await client.query<{ jit: string }>('SHOW jit');
          const timeout = await client.query<{ statement_timeout: string }>(
            'SHOW statement_timeout',
          );
          return [jit.rows[0]?.jit, timeout.rows[0]?.statement_timeout];
        });
      const [first, second] = await Promise.all([read(), read()]);
      expect(first).toEqual(['off', '4321ms']);
      expect(second).toEqual(['off', '4321ms']);
    } finally {
      await db.close();
    }
  });
});
