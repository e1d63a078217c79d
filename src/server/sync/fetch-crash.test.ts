// A fetch whose process is killed (a real child process, SIGKILL) half-way through a full read:
// the pages it committed stay, the read's watermark does not (a full read commits it with its
// last page), and derived org data is left pending. On restart the job is failed, its group is
// free again, and the next Fetch latest data lands exactly what the simulator holds and derives
// every org exactly as a clean full fetch does. PostgreSQL only: PGlite cannot be shared between
// processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database';
import { findJob } from '../db/repositories/admin-jobs';
import { pendingBulkLoads } from '../db/repositories/bulk-load';
import { loadWatermark } from '../db/repositories/watermarks';
import { createTestDatabase } from '../db/test-database';
import { createJobEngine, type JobEngine, type JobTiming } from '../jobs/engine';
import { PROCESS_STOPPED_MESSAGE } from '../jobs/job-errors';
import { silentJobLogger } from '../jobs/job-logger';
import { FAST_TIMING, RecordingLive } from '../jobs/testing/test-jobs';
import { createSyncJobDefinitions } from './definitions';
import { fetchAllJob } from './fetch-job';
import {
  activeSubscriberCount,
  simulatorCounts,
  storedCounts,
  tableCount,
  tableStructures,
} from './testing/expectations';
import { runJob } from './testing/recording-context';
import { connectSimulatorOrgs, startSyncHarness, type SyncHarness } from './testing/sync-harness';

const PAGE_SIZE = 200;
/** Added to every API request of the slowed orgs, so that the kill lands between two pages. */
const SLOW_MS = 250;
const LMA_NAME = 'Relay Software Inc.';

const waitFor = <T>(check: () => Promise<T> | T) =>
  vi.waitFor(check, { timeout: 30_000, interval: 50 });

interface Scenario {
  name: string;
  /** Fault selectors (org id, namespace, 'lma') slowed while the child process runs. */
  slowed(h: SyncHarness): string[];
  /** When to kill the worker: the run is in the read cut short, with some of it committed. */
  reached(h: SyncHarness): Promise<boolean>;
  /** Records of the interrupted read stored so far, and how many it would store in all. */
  stored(h: SyncHarness): Promise<number>;
  total(h: SyncHarness): Promise<number>;
  /** Whether the killed run had read every license (and committed the read's watermark). */
  licensesRead: boolean;
  /** Tables whose first (bulk) load was cut short, their indexes and foreign keys dropped. */
  bulkLoading(kind: Database['kind']): string[];
  /** Results the next incremental fetch must report (what it read again, what it skipped). */
  resultsAfter(h: SyncHarness): unknown[];
}

const licenseCount = (h: SyncHarness) =>
  h.sim.control.counts(h.lmaId)[h.lmaId]?.sfLma__License__c ?? 0;

const SCENARIOS: Scenario[] = [
  {
    name: 'while reading licenses',
    slowed: () => ['lma'],
    reached: async (h) => (await tableCount(h.testDb.db, 'license')) >= PAGE_SIZE,
    stored: (h) => tableCount(h.testDb.db, 'license'),
    total: async (h) => licenseCount(h),
    licensesRead: false,
    bulkLoading: () => ['license'],
    // No watermark: the incremental fetch reads every license again.
    resultsAfter: (h) => [`Fetched ${licenseCount(h)} licenses from ${LMA_NAME}`],
  },
  {
    name: 'while reading package subscribers',
    slowed: (h) => [...h.packagingIds.keys()],
    // One package's subscribers read to the end (its watermark committed), the next in flight.
    reached: async (h) =>
      (await tableCount(h.testDb.db, 'sync_watermark', `object_name = 'PackageSubscriber'`)) > 0,
    stored: (h) => tableCount(h.testDb.db, 'org_package_version'),
    total: (h) => activeSubscriberCount(h),
    licensesRead: true,
    // On PostgreSQL the licenses' load ends with the derivations, its indexes built meanwhile
    // (fetch-run.ts buildIndexesEarly): the killed process left it pending too.
    bulkLoading: (kind) =>
      kind === 'postgres'
        ? ['license', 'org', 'org_package_version']
        : ['org', 'org_package_version'],
    // The licenses and the first package's subscribers were read to the end, watermark and all:
    // none of them is read again.
    resultsAfter: () => [
      `Fetched 0 licenses from ${LMA_NAME}`,
      expect.stringMatching(/^Fetched 0 subscribers of /) as unknown,
    ],
  },
];

/** Every stored row of the synced tables, as text (org.created_at, the insert time, left out). */
async function storedRows(db: Database): Promise<Record<string, string[]>> {
  const rows = async (sql: string) => (await db.query<{ row: string }>(sql)).rows.map((r) => r.row);
  return {
    org: await rows(
      `SELECT (org_id, name, instance, account_id, parent_org_id, is_sandbox, type, edition,
               status, features, modified_date)::text AS row FROM org ORDER BY org_id`,
    ),
    org_package_version: await rows(
      'SELECT v::text AS row FROM org_package_version v ORDER BY org_id, package_id',
    ),
    license: await rows('SELECT l::text AS row FROM license l ORDER BY sfid'),
    account: await rows('SELECT a::text AS row FROM account a ORDER BY account_id'),
    package: await rows('SELECT p::text AS row FROM package p ORDER BY sfid'),
    package_version: await rows('SELECT v::text AS row FROM package_version v ORDER BY sfid'),
    package_version_latest: await rows(
      'SELECT v::text AS row FROM package_version_latest v ORDER BY package_id',
    ),
  };
}

/** Per table, the rows only one side holds (a few of each), or nothing when they are equal. */
function differences(
  stored: Record<string, string[]>,
  clean: Record<string, string[]>,
): Record<string, { onlyStored: string[]; onlyClean: string[]; count: string }> {
  const result: Record<string, { onlyStored: string[]; onlyClean: string[]; count: string }> = {};
  for (const [table, cleanRows] of Object.entries(clean)) {
    const storedRowsOf = stored[table] ?? [];
    const cleanSet = new Set(cleanRows);
    const storedSet = new Set(storedRowsOf);
    const onlyStored = storedRowsOf.filter((row) => !cleanSet.has(row));
    const onlyClean = cleanRows.filter((row) => !storedSet.has(row));
    if (onlyStored.length + onlyClean.length === 0) continue;
    result[table] = {
      onlyStored: onlyStored.slice(0, 5),
      onlyClean: onlyClean.slice(0, 5),
      count: `${onlyStored.length} rows only after the crash, ${onlyClean.length} only in the clean fetch`,
    };
  }
  return result;
}

/** What a clean Fetch all data stores from the same simulator into a fresh database. */
async function cleanFullFetch(h: SyncHarness): Promise<Record<string, string[]>> {
  const clean = await createTestDatabase();
  try {
    const { deps } = await connectSimulatorOrgs({
      db: clean.db,
      url: h.sim.url,
      orgs: h.sim.orgs,
      now: () => h.sim.control.now(),
      pageSize: PAGE_SIZE,
    });
    const context = await runJob(fetchAllJob(deps));
    expect(context.errorMessages()).toEqual([]);
    return await storedRows(clean.db);
  } finally {
    await clean.drop();
  }
}

async function derivationPending(db: Database): Promise<unknown> {
  const { rows } = await db.query<{ value: unknown }>(
    `SELECT value FROM sync_state WHERE key = 'derivation_pending'`,
  );
  return rows[0]?.value;
}

describe('a fetch killed with SIGKILL mid-read', () => {
  for (const scenario of SCENARIOS) {
    it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
      `${scenario.name}: its job is failed on restart and the next fetch converges`,
      async () => {
        const h = await startSyncHarness({ dataset: 'demo', pageSize: PAGE_SIZE });
        const db = h.testDb.db;
        const engines: JobEngine[] = [];
        const engine = async (role: 'web' | 'worker', timing: Partial<JobTiming> = {}) => {
          const created = await createJobEngine({
            db,
            live: new RecordingLive(),
            log: silentJobLogger,
            role,
            timing: { ...FAST_TIMING, ...timing },
            definitions: createSyncJobDefinitions(h.deps),
          });
          engines.push(created);
          return created;
        };
        const statusOf = async (id: string) => (await findJob(db, id))?.status;
        let child: ChildProcess | undefined;
        try {
          const structures = async () => ({
            license: await tableStructures(db, 'license'),
            org: await tableStructures(db, 'org'),
            installs: await tableStructures(db, 'org_package_version'),
          });
          const schema = await structures();
          const starter = await engine('web');
          const crashed = await starter.start('fetch-all', {}, 'alice');
          for (const selector of scenario.slowed(h)) {
            h.sim.control.setFaults(selector, { latencyMs: SLOW_MS });
          }
          const script = fileURLToPath(
            new URL('./testing/fetch-worker-process.ts', import.meta.url),
          );
          const worker = spawn(process.execPath, ['--import', 'tsx', script], {
            env: {
              ...process.env,
              DATABASE_URL: h.testDb.url,
              SIM_URL: h.sim.url,
              SIM_NOW: h.sim.control.now().toISOString(),
              PAGE_SIZE: String(PAGE_SIZE),
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          child = worker;
          let output = '';
          worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

          await waitFor(async () => {
            expect(await statusOf(crashed), output).toBe('Running');
            expect(await scenario.reached(h), output).toBe(true);
          });
          const exited = once(worker, 'exit');
          expect(worker.kill('SIGKILL')).toBe(true);
          await exited;
          h.sim.control.clearFaults();

          // Killed mid-read: some pages stored, not all, and no watermark for the read cut short;
          // the job still says Running; derived data is pending.
          const total = await scenario.total(h);
          const stored = await scenario.stored(h);
          expect(stored).toBeGreaterThanOrEqual(PAGE_SIZE);
          expect(stored).toBeLessThan(total);
          expect(await statusOf(crashed)).toBe('Running');
          expect(await derivationPending(db)).toBe(true);
          // Its first load ran in bulk: that table's indexes and foreign keys are still dropped.
          expect(await pendingBulkLoads(db)).toEqual(scenario.bulkLoading(db.kind));
          expect(await structures()).not.toEqual(schema);
          const licenseMark = await loadWatermark(db, {
            sourceOrgId: h.lmaId,
            objectName: 'sfLma__License__c',
            scope: '',
          });
          expect(licenseMark !== undefined).toBe(scenario.licensesRead);
          if (scenario.licensesRead) {
            expect(await tableCount(db, 'license')).toBe(licenseCount(h));
            const subscriberMarks = await tableCount(
              db,
              'sync_watermark',
              `object_name = 'PackageSubscriber'`,
            );
            expect(subscriberMarks).toBeGreaterThan(0);
            expect(subscriberMarks).toBeLessThan(
              await tableCount(db, 'package', `status IS DISTINCT FROM 'Inactive'`),
            );
          }

          // Restart: the dead job is failed (the queue does not retry it), its group is free.
          const recovering = await engine('worker', { staleAfterMs: 1500 });
          await recovering.startWorker();
          await waitFor(async () => expect(await statusOf(crashed)).toBe('Failed'));
          const failed = await findJob(db, crashed);
          expect(failed?.message).toBe(PROCESS_STOPPED_MESSAGE);
          expect(failed?.errors.map((error) => error.message)).toContain(PROCESS_STOPPED_MESSAGE);

          // The next Fetch latest data, run by the restarted engine.
          const next = await recovering.start('fetch', {}, 'bob');
          await waitFor(async () =>
            expect(['Complete', 'Failed', 'Cancelled']).toContain(await statusOf(next)),
          );
          const finished = await findJob(db, next);
          expect(finished?.errors.map((error) => error.message)).toEqual([]);
          expect(finished?.status).toBe('Complete');
          expect(finished?.results.map((result) => result.message)).toEqual(
            expect.arrayContaining(scenario.resultsAfter(h)),
          );
          expect(await derivationPending(db)).toBe(false);
          expect(await pendingBulkLoads(db)).toEqual([]);
          expect(await structures()).toEqual(schema);

          expect(await storedCounts(db)).toEqual(await simulatorCounts(h));
          expect(differences(await storedRows(db), await cleanFullFetch(h))).toEqual({});
        } finally {
          if (child && child.exitCode === null && child.signalCode === null) {
            child.kill('SIGKILL');
          }
          h.sim.control.clearFaults();
          for (const created of engines) await created.stop();
          await h.close();
        }
      },
    );
  }
});
