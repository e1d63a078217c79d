// The session settings every connection gets: JIT off (short statements paid ~20 ms of
// compilation at a million rows), the list reads' planner settings, and whatever the URL's own
// `options` ask kept.
import { describe, expect, it } from 'vitest';
import { connectionSettings, openDatabase } from './database';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('connection options', () => {
  const ours =
    '-c jit=off -c max_parallel_workers_per_gather=0 -c random_page_cost=1.1 -c cpu_operator_cost=0.005 -c constraint_exclusion=on -c synchronize_seqscans=off';

  it('turns JIT off, sets the planner and keeps the options a DATABASE_URL gives', () => {
    expect(connectionSettings('postgres://h/db')).toEqual({
      connectionString: 'postgres://h/db',
      options: ours,
    });
    expect(
      connectionSettings('postgres://h/db?options=-c%20statement_timeout%3D5000&sslmode=require'),
    ).toEqual({
      connectionString: 'postgres://h/db?sslmode=require',
      options: `-c statement_timeout=5000 ${ours}`,
    });
    expect(connectionSettings('host=/var/run/postgresql dbname=x').options).toBe(ours);
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

  const readsWithPlannerSettings = async (url?: string) => {
    const db = await openDatabase(url ? { url, poolSize: 1 } : {});
    try {
      const cost = await db.query<{ random_page_cost: string }>('SHOW random_page_cost');
      const workers = await db.query<{ max_parallel_workers_per_gather: string }>(
        'SHOW max_parallel_workers_per_gather',
      );
      expect(cost.rows[0]?.random_page_cost).toBe('1.1');
      const operator = await db.query<{ cpu_operator_cost: string }>('SHOW cpu_operator_cost');
      expect(operator.rows[0]?.cpu_operator_cost).toBe('0.005');
      expect(workers.rows[0]?.max_parallel_workers_per_gather).toBe('0');
      const exclusion = await db.query<{ constraint_exclusion: string }>(
        'SHOW constraint_exclusion',
      );
      expect(exclusion.rows[0]?.constraint_exclusion).toBe('on');
      const scans = await db.query<{ synchronize_seqscans: string }>('SHOW synchronize_seqscans');
      expect(scans.rows[0]?.synchronize_seqscans).toBe('off');
    } finally {
      await db.close();
    }
  };

  it('PGlite reads with the planner settings of list pages', () => readsWithPlannerSettings());

  it.skipIf(!serverUrl)('PostgreSQL reads with the planner settings of list pages', () =>
    readsWithPlannerSettings(serverUrl),
  );
});
