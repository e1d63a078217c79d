// The upgrade lifecycle tests' fixture (lifecycle.test.ts, lifecycle-recovery.test.ts): the
// simulator and a database filled by a real fetch, the app and a job engine wired as the console
// wires itself, sessions of an operator, a second operator, a read-only viewer and an admin access
// key, and helpers to schedule over HTTP and read requests and jobs back. The bindings are live: a
// test file reads them after useLifecycleFixture's start.
import { afterAll, beforeAll, expect, vi, type MockInstance } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../../config';
import { findJob } from '../../../db/repositories/admin-jobs';
import type { AppInstance } from '../../../http/app';
import { startTestApp, TEST_SECRET_KEY } from '../../../http/testing/test-app';
import { sessionHeaders } from '../../../http/test-session';
import { createJobEngine, type JobEngine } from '../../../jobs/engine';
import { silentJobLogger } from '../../../jobs/job-logger';
import { JobRelay } from '../../../jobs/job-relay';
import { LiveRelay } from '../../../jobs/live-relay';
import { FAST_TIMING } from '../../../jobs/testing/test-jobs';
import { buildServices } from '../../build-services';
import { fetchAllJob } from '../../../sync/fetch-job';
import { runJob } from '../../../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../../../sync/testing/sync-harness';
import { advanceTiers, type LifecycleDeps } from '../activate';
import { reconcileUpgrades } from '../reconcile';
import { upgradeCandidates, type UpgradeCandidate as Candidate } from './upgrade-candidates';
import { upgradeJobDefinitions } from '../upgrade-job-definitions';

export let h: SyncHarness;
export let app: AppInstance;
export let engine: JobEngine;
export let operator: Record<string, string>;
export let admin: Record<string, string>;
export let viewer: Record<string, string>;
export let adminKey: Record<string, string>;
export let publish: MockInstance<AppInstance['live']['publish']>;
export let deps: LifecycleDeps & { gateway: NonNullable<LifecycleDeps['gateway']> };

/** Registers the fixture's start and stop around the test file that calls it. */
export function useLifecycleFixture(): void {
  beforeAll(async () => {
    h = await startSyncHarness({ dataset: 'test' });
    await runJob(fetchAllJob(h.deps));
    h.sim.control.setPace('manual');
    h.sim.control.setFailureRate(0);
    const config = loadConfig({});
    const base = { config, db: h.testDb.db, secretKey: TEST_SECRET_KEY };
    // Wired as the console wires itself: one set of services for the app and the job definitions;
    // they publish through a relay until the app's live channel exists, and queue jobs through one
    // until the engine exists.
    const live = new LiveRelay();
    const jobs = new JobRelay();
    const services = buildServices({ ...base, live, jobs, prebuilt: { gateway: h.gateway } });
    deps = { ...services.lifecycle, gateway: h.gateway };
    engine = await createJobEngine({
      db: h.testDb.db,
      live,
      log: silentJobLogger,
      role: 'all',
      timing: FAST_TIMING,
      definitions: upgradeJobDefinitions({ ...deps, scheduler: services.scheduler }),
    });
    jobs.attach(engine);
    ({ app } = await startTestApp({
      testDb: h.testDb,
      config,
      deps: { services, jobs: engine },
      beforeReady: (built) => live.attach(built.live),
    }));
    await engine.startWorker();
    publish = vi.spyOn(app.live, 'publish');
    operator = await sessionHeaders(h.testDb.db, { username: 'operator@pushboard.demo' });
    admin = await sessionHeaders(h.testDb.db, { username: 'admin@pushboard.demo' });
    viewer = await sessionHeaders(h.testDb.db, {
      username: 'viewer@pushboard.demo',
      readOnly: true,
    });
    adminKey = await sessionHeaders(h.testDb.db, {
      username: 'admin-key',
      authMethod: 'admin-key',
    });
  }, 180_000);

  afterAll(async () => {
    await engine?.stop();
    await app?.close();
    await h?.close();
  });
}

export const db = () => h.testDb.db;
export const rows = async <T>(sql: string, params: unknown[] = []) =>
  (await db().query<T>(sql, params)).rows;
export const post = (url: string, as = admin, body: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url, headers: as, payload: body });
let serial = 0;

/** Upgradeable orgs (of a package) that no earlier test used. */
export const candidates = (limit: number, packageId?: string) =>
  upgradeCandidates(db(), { limit, packageId, order: 'org' });

/** Two packages with upgradeable orgs, as tier 1 and tier 2. */
export async function twoPackages(): Promise<[Candidate[], Candidate[]]> {
  const packages = await rows<{ package_id: string }>(
    `SELECT DISTINCT v.package_id FROM org_package_version v JOIN package p ON p.sfid = v.package_id
      WHERE p.package_org_id IS NOT NULL ORDER BY v.package_id`,
  );
  const found: Candidate[][] = [];
  for (const { package_id } of packages) {
    const orgs = await candidates(2, package_id);
    if (orgs.length === 2) found.push(orgs);
    if (found.length === 2) break;
  }
  expect(found).toHaveLength(2);
  await db().query(`UPDATE package SET dependency_tier = 1 WHERE sfid = $1`, [
    found[0]![0]!.package_id,
  ]);
  await db().query(`UPDATE package SET dependency_tier = 2 WHERE sfid = $1`, [
    found[1]![0]!.package_id,
  ]);
  return [found[0]!, found[1]!];
}

/** Schedules a group upgrade as the operator, starting a minute from the simulator's now. */
export async function schedule(orgIds: string[], versions: string[]): Promise<number> {
  const [group] = await rows<{ id: number }>(
    `INSERT INTO org_group (name, type) VALUES ($1, 'Upgrade Group') RETURNING id::int AS id`,
    [`Lifecycle ${++serial}`],
  );
  await db().query(
    `INSERT INTO org_group_member (org_group_id, org_id) SELECT $1, unnest($2::text[])`,
    [group!.id, orgIds],
  );
  const response = await post(`/api/orggroups/${group!.id}/upgrade`, operator, {
    versions,
    scheduled_date: new Date(h.sim.control.now().getTime() + 60_000).toISOString(),
    description: `Lifecycle ${serial}`,
    transid: `life-${Date.now()}-${serial}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }>().id;
}

export interface ItemState {
  id: number;
  package_id: string;
  version_id: string;
  status: string;
  message: string | null;
  push_request_id: string;
  package_org_id: string;
  activated_by: string | null;
}
export const itemsOf = (upgradeId: number) =>
  rows<ItemState>(
    `SELECT i.id::int AS id, trim(i.package_id) AS package_id, trim(i.version_id) AS version_id,
            i.status, i.message, trim(i.push_request_id) AS push_request_id,
            trim(i.package_org_id) AS package_org_id, i.activated_by
       FROM upgrade_item i JOIN package_version pv ON pv.version_id = i.version_id
      WHERE i.upgrade_id = $1 ORDER BY pv.version_sort, i.id`,
    [upgradeId],
  );
export const upgradeOf = async (id: number) =>
  (
    await rows<{ status: string; message: string | null; activated_by: string | null }>(
      `SELECT status, message, activated_by FROM upgrade WHERE id = $1`,
      [id],
    )
  )[0]!;
export const jobsOf = (itemId: number) =>
  rows<{
    org_id: string;
    job_id: string;
    status: string;
    message: string | null;
    failure_key: string | null;
    end_time: Date | null;
  }>(
    `SELECT trim(org_id) AS org_id, trim(job_id) AS job_id, status, message, failure_key, end_time
       FROM upgrade_job WHERE item_id = $1 ORDER BY org_id`,
    [itemId],
  );

export async function sfRequestStatus(item: ItemState): Promise<string> {
  const conn = await h.gateway.connect(item.package_org_id);
  const [request] = await conn.queryAll(
    `SELECT Id, Status FROM PackagePushRequest WHERE Id = '${item.push_request_id}'`,
    z.object({ Id: z.string(), Status: z.string() }),
  );
  return request!.Status;
}

/** Lets the simulator run every started push to its end, then runs one monitor cycle. */
export async function finishAndMonitor(upgradeId: number) {
  h.sim.control.advance(6 * 3_600_000);
  const result = await reconcileUpgrades(deps);
  await advanceTiers(deps, upgradeId);
  return result;
}

export async function runJobToEnd(id: string) {
  await vi.waitFor(async () => expect((await findJob(db(), id))?.status).toBe('Complete'), {
    timeout: 30_000,
    interval: 100,
  });
  return findJob(db(), id);
}
