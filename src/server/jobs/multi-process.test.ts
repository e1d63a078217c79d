// Several processes on one database: on PostgreSQL each engine has its own connection pool, as
// separate processes would; on PGlite they share the one embedded engine.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobSchedules } from '../config';
import { openDatabase, type Database } from '../db/database';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { createJobEngine, type JobEngine } from './engine';
import { silentJobLogger } from './job-logger';
import { FAST_TIMING, RecordingLive } from './testing/test-jobs';
import type { JobDefinition, JobType } from './types';

let testDb: TestDatabase;
const extraDbs: Database[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  for (const db of extraDbs) await db.close();
  await testDb.drop();
});

/** A database handle of its own, like another process would have. */
async function processDb(): Promise<Database> {
  if (!testDb.url) return testDb.db;
  const db = await openDatabase({ url: testDb.url, poolSize: 4 });
  extraDbs.push(db);
  return db;
}

const GROUP_OF: Partial<Record<JobType, string>> = {
  fetch: 'sync',
  'fetch-all': 'sync',
  'monitor-orgs': 'monitor',
};

interface Run {
  jobId: string;
  engine: string;
}

function recordingDefinitions(
  engine: string,
  runs: Run[],
  active: Map<string, number>,
  maxActive: Map<string, number>,
): JobDefinition[] {
  return (['fetch', 'fetch-all', 'monitor-orgs'] as const).map((type) => ({
    type,
    name: () => `Recorded ${type}`,
    steps: () => [
      {
        name: 'Working',
        run: async (context) => {
          const group = GROUP_OF[type] ?? type;
          runs.push({ jobId: context.jobId, engine });
          active.set(group, (active.get(group) ?? 0) + 1);
          maxActive.set(group, Math.max(maxActive.get(group) ?? 0, active.get(group) ?? 0));
          // Long enough for the other engine to try to claim the next job of the group.
          await new Promise((resolve) => setTimeout(resolve, 40));
          active.set(group, (active.get(group) ?? 1) - 1);
        },
      },
    ],
  }));
}

async function engineFor(name: string, definitions: JobDefinition[]): Promise<JobEngine> {
  return createJobEngine({
    db: await processDb(),
    live: new RecordingLive(),
    log: silentJobLogger,
    role: 'all',
    timing: FAST_TIMING,
    definitions,
  });
}

describe('two worker processes', () => {
  it('never run the same job twice, nor two jobs of one group at once', async () => {
    const runs: Run[] = [];
    const active = new Map<string, number>();
    const maxActive = new Map<string, number>();
    const a = await engineFor('a', recordingDefinitions('a', runs, active, maxActive));
    const b = await engineFor('b', recordingDefinitions('b', runs, active, maxActive));
    try {
      await a.startWorker();
      await b.startWorker();
      const types: JobType[] = ['fetch', 'fetch-all', 'monitor-orgs'];
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const from = i % 2 === 0 ? a : b;
        ids.push(await from.start(types[i % types.length] ?? 'fetch', {}, `user${i}`));
      }
      await vi.waitFor(
        async () => {
          const { rows } = await testDb.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM admin_job WHERE status = 'Complete'`,
          );
          expect(rows[0]?.n).toBe(ids.length);
        },
        { timeout: 60_000, interval: 100 },
      );
      expect(runs.map((run) => run.jobId).sort()).toEqual([...ids].sort());
      expect(maxActive.get('sync')).toBe(1);
      expect(maxActive.get('monitor')).toBe(1);
      // Both processes took part, so the one-per-group rule held across them.
      expect(new Set(runs.map((run) => run.engine))).toEqual(new Set(['a', 'b']));
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('fire a schedule once per slot, and the demo full fetch once ever', async () => {
    const definitions = recordingDefinitions('s', [], new Map(), new Map());
    const scheduled = async (type: JobType) => {
      const { rows } = await testDb.db.query<{ interval_ms: number | null }>(
        `SELECT interval_ms FROM admin_job WHERE started_by = 'schedule' AND type = $1`,
        [type],
      );
      return rows.map((row) => row.interval_ms);
    };
    // As if the fired jobs had run: a timer then adds a job only when its slot is new, so the
    // counts below cannot be kept low by "a job of this type already waits".
    const finishAll = () =>
      testDb.db.query(`UPDATE admin_job SET status = 'Complete', end_time = now()`);
    const fireTwice = async (schedules: JobSchedules | undefined, demoMode: boolean) => {
      const engines = await Promise.all([engineFor('c', definitions), engineFor('d', definitions)]);
      await Promise.all(engines.map((engine) => engine.startSchedules(schedules, demoMode)));
      // stop() waits for the timers' pending attempts.
      await Promise.all(engines.map((engine) => engine.stop()));
      await finishAll();
    };
    // Year-long slots: the test cannot straddle two of them.
    const yearly = { fetch_all_interval_days: 365, org_monitor_interval_seconds: 31_536_000 };
    await fireTwice(yearly, false);
    await fireTwice(yearly, false);
    expect(await scheduled('fetch-all')).toEqual([31_536_000_000]);
    expect(await scheduled('monitor-orgs')).toEqual([31_536_000_000]);

    // Demo mode: a full fetch at the first start only, plus the demo timers.
    await fireTwice(undefined, true);
    await fireTwice(undefined, true);
    expect((await scheduled('fetch-all')).sort()).toEqual([31_536_000_000, null]);
    expect(await scheduled('fetch')).toContain(300_000);
    expect(await scheduled('monitor-orgs')).toContain(240_000);
  });
});
