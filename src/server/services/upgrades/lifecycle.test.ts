// The upgrade lifecycle over real HTTP against the simulator: activation under the policy, once
// under double clicks, in dependency-tier order (held after a tier with failures) and stepped
// versions in version order; the monitor moving statuses, errors into the job message, installed
// versions; Salesforce refusing; Refresh queuing a job; and a crashed scheduling resumed by the
// Fetch Upgrades job without a second push job for anyone. Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL (the sync harness's test database).
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { z } from 'zod';
import {
  ACTIVATION_POLICY_MESSAGE,
  ADMIN_KEY_ACTIVATION_MESSAGE,
  READ_ONLY_MESSAGE,
} from '../../../domain';
import { failureKey } from '../../../domain/failure-clusters';
import { loadConfig } from '../../config';
import { findJob } from '../../db/repositories/admin-jobs';
import type { AppInstance } from '../../http/app';
import { startTestApp, TEST_SECRET_KEY } from '../../http/testing/test-app';
import { sessionHeaders } from '../../http/test-session';
import { createJobEngine, type JobEngine } from '../../jobs/engine';
import { silentJobLogger } from '../../jobs/job-logger';
import { JobRelay } from '../../jobs/job-relay';
import { LiveRelay } from '../../jobs/live-relay';
import { FAST_TIMING } from '../../jobs/testing/test-jobs';
import { buildServices } from '../build-services';
import { fetchAllJob } from '../../sync/fetch-job';
import { runJob } from '../../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../../sync/testing/sync-harness';
import { activateUpgrade, advanceTiers, type LifecycleDeps } from './activate';
import { reconcileUpgrades } from './reconcile';
import {
  upgradeCandidates,
  type UpgradeCandidate as Candidate,
} from './testing/upgrade-candidates';
import { upgradeJobDefinitions } from './upgrade-job-definitions';

let h: SyncHarness;
let app: AppInstance;
let engine: JobEngine;
let operator: Record<string, string>;
let admin: Record<string, string>;
let viewer: Record<string, string>;
let adminKey: Record<string, string>;
let publish: MockInstance<AppInstance['live']['publish']>;
let deps: LifecycleDeps & { gateway: NonNullable<LifecycleDeps['gateway']> };

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
  viewer = await sessionHeaders(h.testDb.db, { username: 'viewer@pushboard.demo', readOnly: true });
  adminKey = await sessionHeaders(h.testDb.db, { username: 'admin-key', authMethod: 'admin-key' });
}, 180_000);

afterAll(async () => {
  await engine?.stop();
  await app?.close();
  await h?.close();
});

const db = () => h.testDb.db;
const rows = async <T>(sql: string, params: unknown[] = []) =>
  (await db().query<T>(sql, params)).rows;
const post = (url: string, as = admin, body: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url, headers: as, payload: body });
let serial = 0;

/** Upgradeable orgs (of a package) that no earlier test used. */
const candidates = (limit: number, packageId?: string) =>
  upgradeCandidates(db(), { limit, packageId, order: 'org' });

/** Two packages with upgradeable orgs, as tier 1 and tier 2. */
async function twoPackages(): Promise<[Candidate[], Candidate[]]> {
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
async function schedule(orgIds: string[], versions: string[]): Promise<number> {
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

interface ItemState {
  id: number;
  package_id: string;
  version_id: string;
  status: string;
  message: string | null;
  push_request_id: string;
  package_org_id: string;
  activated_by: string | null;
}
const itemsOf = (upgradeId: number) =>
  rows<ItemState>(
    `SELECT i.id::int AS id, trim(i.package_id) AS package_id, trim(i.version_id) AS version_id,
            i.status, i.message, trim(i.push_request_id) AS push_request_id,
            trim(i.package_org_id) AS package_org_id, i.activated_by
       FROM upgrade_item i JOIN package_version pv ON pv.version_id = i.version_id
      WHERE i.upgrade_id = $1 ORDER BY pv.version_sort, i.id`,
    [upgradeId],
  );
const upgradeOf = async (id: number) =>
  (
    await rows<{ status: string; message: string | null; activated_by: string | null }>(
      `SELECT status, message, activated_by FROM upgrade WHERE id = $1`,
      [id],
    )
  )[0]!;
const jobsOf = (itemId: number) =>
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

async function sfRequestStatus(item: ItemState): Promise<string> {
  const conn = await h.gateway.connect(item.package_org_id);
  const [request] = await conn.queryAll(
    `SELECT Id, Status FROM PackagePushRequest WHERE Id = '${item.push_request_id}'`,
    z.object({ Id: z.string(), Status: z.string() }),
  );
  return request!.Status;
}

/** Lets the simulator run every started push to its end, then runs one monitor cycle. */
async function finishAndMonitor(upgradeId: number) {
  h.sim.control.advance(6 * 3_600_000);
  const result = await reconcileUpgrades(deps);
  await advanceTiers(deps, upgradeId);
  return result;
}

async function runJobToEnd(id: string) {
  await vi.waitFor(async () => expect((await findJob(db(), id))?.status).toBe('Complete'), {
    timeout: 30_000,
    interval: 100,
  });
  return findJob(db(), id);
}

describe('read-only users', () => {
  it('are refused every lifecycle change (403 with the reason), and it is audited', async () => {
    const before = (await rows(`SELECT 1 FROM audit_log WHERE outcome = 'denied'`)).length;
    for (const url of [
      '/api/upgrades/activate/1',
      '/api/upgradeitems/activate/1',
      '/api/upgrades/refresh/1',
      '/api/upgradeitems/refresh/1',
    ]) {
      const response = await post(url, viewer);
      expect(response.statusCode, url).toBe(403);
      expect(response.json<{ message: string }>().message).toBe(READ_ONLY_MESSAGE);
    }
    const after = (await rows(`SELECT 1 FROM audit_log WHERE outcome = 'denied'`)).length;
    expect(after - before).toBe(4);
  });

  it('unknown upgrades and requests are 404', async () => {
    expect((await post('/api/upgrades/activate/999999')).statusCode).toBe(404);
    expect((await post('/api/upgradeitems/activate/999999')).statusCode).toBe(404);
    expect((await post('/api/upgrades/refresh/999999')).statusCode).toBe(404);
  });
});

describe('activation', () => {
  it('refuses the creator under the policy (403, nothing sent), lets another user activate once', async () => {
    const [org] = await candidates(1);
    const id = await schedule([org!.org_id], [org!.target]);
    const [item] = await itemsOf(id);

    const own = await post(`/api/upgrades/activate/${id}`, operator);
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json<{ message: string }>().message).toBe(ACTIVATION_POLICY_MESSAGE);
    expect(await sfRequestStatus(item!)).toBe('Created');
    expect((await upgradeOf(id)).status).toBe('Ready');

    // A double click or two operators at once: one activation, the other is told why not.
    publish.mockClear();
    const answers = await Promise.all([
      post(`/api/upgrades/activate/${id}`, admin),
      post(`/api/upgrades/activate/${id}`, admin),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const ok = answers.find((a) => a.statusCode === 200)!;
    expect(ok.json()).toEqual({ id, status: 'Active' });
    expect(answers.find((a) => a.statusCode === 409)!.json<{ message: string }>().message).toBe(
      'This upgrade is Active.',
    );
    expect(await sfRequestStatus(item!)).toBe('Pending');
    const [after] = await itemsOf(id);
    expect(after).toMatchObject({ status: 'Pending', activated_by: 'admin@pushboard.demo' });
    expect((await jobsOf(item!.id)).map((j) => j.status)).toEqual(['Pending']);
    expect(await upgradeOf(id)).toMatchObject({
      status: 'Active',
      activated_by: 'admin@pushboard.demo',
    });
    expect(publish).toHaveBeenCalledWith('upgrade', { ids: [id], by: 'admin@pushboard.demo' });
    const audit = await rows<{ outcome: string }>(
      `SELECT outcome FROM audit_log
        WHERE action = 'upgrade.activate' AND target_id = $1 AND actor <> 'viewer@pushboard.demo'`,
      [String(id)],
    );
    expect(audit.map((a) => a.outcome).sort()).toEqual(['denied', 'failed', 'success']);
  });

  it('lets the creator activate when the policy is off', async () => {
    const [org] = await candidates(1);
    const id = await schedule([org!.org_id], [org!.target]);
    const creator = {
      username: 'operator@pushboard.demo',
      displayName: null,
      readOnly: false,
      authMethod: 'salesforce' as const,
    };
    const result = await activateUpgrade({ ...deps, enforceActivationPolicy: false }, creator, id);
    expect(result).toEqual({ id, status: 'Active' });
    const [item] = await itemsOf(id);
    expect(await sfRequestStatus(item!)).toBe('Pending');
  });

  it("surfaces Salesforce's refusal (502, its message) and changes nothing locally", async () => {
    const [org] = await candidates(1);
    const id = await schedule([org!.org_id], [org!.target]);
    const [item] = await itemsOf(id);
    // Someone aborted the push in Salesforce behind Pushboard's back: Pending is refused now.
    const conn = await h.gateway.connect(item!.package_org_id);
    await conn.update('PackagePushRequest', [{ Id: item!.push_request_id, Status: 'Canceled' }]);
    const response = await post(`/api/upgrades/activate/${id}`, admin);
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json<{ message: string }>().message).toMatch(/Canceled/);
    expect((await upgradeOf(id)).status).toBe('Ready');
    const [after] = await itemsOf(id);
    expect(after).toMatchObject({ status: 'Created', activated_by: null });
    expect((await jobsOf(item!.id)).map((j) => j.status)).toEqual(['Created']);
  });
});

describe('tiers and the monitor', () => {
  it('activates tier 1, holds tier 2 until tier 1 succeeded, then finishes Done with installed versions updated', async () => {
    const [tier1, tier2] = await twoPackages();
    const id = await schedule(
      [...tier1, ...tier2].map((c) => c.org_id),
      [tier1[0]!.target, tier2[0]!.target],
    );
    expect((await post(`/api/upgrades/activate/${id}`, admin)).statusCode).toBe(200);
    const byPackage = async () => {
      const items = await itemsOf(id);
      return {
        first: items.find((i) => i.package_id === tier1[0]!.package_id)!,
        second: items.find((i) => i.package_id === tier2[0]!.package_id)!,
      };
    };
    let { first, second } = await byPackage();
    expect(first.status).toBe('Pending');
    expect(second.status).toBe('Created');
    expect(second.message).toMatch(/^Waiting for step 1 \(tier 1\) to complete/);
    expect(await sfRequestStatus(second)).toBe('Created');

    publish.mockClear();
    const cycle = await finishAndMonitor(id);
    expect(cycle.jobs).toBeGreaterThanOrEqual(2);
    ({ first, second } = await byPackage());
    expect(first.status).toBe('Succeeded');
    expect((await jobsOf(first.id)).every((j) => j.status === 'Succeeded' && j.end_time)).toBe(
      true,
    );
    const installed = await rows<{ version_id: string }>(
      `SELECT trim(version_id) AS version_id FROM org_package_version
        WHERE package_id = $1 AND org_id = ANY($2::text[])`,
      [tier1[0]!.package_id, tier1.map((c) => c.org_id)],
    );
    expect(installed.map((r) => r.version_id)).toEqual([tier1[0]!.target, tier1[0]!.target]);
    const jobEvents = publish.mock.calls
      .filter(([name]) => name === 'upgrade-jobs')
      .flatMap(([, payload]) => (payload as { ids?: unknown[] }).ids ?? []);
    expect(jobEvents).toContain(id);
    // Tier 1 finished without failures: tier 2 went out.
    expect(second.status).toBe('Pending');
    expect(await sfRequestStatus(second)).toBe('Pending');

    await finishAndMonitor(id);
    ({ second } = await byPackage());
    expect(second.status).toBe('Succeeded');
    expect(await upgradeOf(id)).toMatchObject({ status: 'Done', message: null });
  });

  it('after a tier with failures, holds the next tier and says why; the errors land in the job message', async () => {
    const [tier1, tier2] = await twoPackages();
    const id = await schedule(
      [...tier1, ...tier2].map((c) => c.org_id),
      [tier1[0]!.target, tier2[0]!.target],
    );
    expect((await post(`/api/upgrades/activate/${id}`, admin)).statusCode).toBe(200);
    h.sim.control.setFailureRate(1);
    try {
      await finishAndMonitor(id);
    } finally {
      h.sim.control.setFailureRate(0);
    }
    const items = await itemsOf(id);
    const first = items.find((i) => i.package_id === tier1[0]!.package_id)!;
    const second = items.find((i) => i.package_id === tier2[0]!.package_id)!;
    expect(first.status).toBe('Failed');
    const jobs = await jobsOf(first.id);
    // Members of the tier-2 package may have the tier-1 package too: every tier-1 job failed.
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(jobs.map((j) => j.status))).toEqual(new Set(['Failed']));
    for (const job of jobs) {
      const list = JSON.parse(job.message ?? 'null') as {
        title: string;
        details: string;
        message: string;
      }[];
      expect(list.length).toBeGreaterThan(0);
      for (const entry of list) {
        expect(Object.keys(entry).sort()).toEqual(['details', 'message', 'title', 'type']);
        expect(entry.title).not.toBe('');
      }
      // The failure cluster key is written with the message (docs/product.md "Failure clusters").
      expect(job.failure_key).toBe(failureKey(job.message));
    }
    expect(second.status).toBe('Created');
    expect(await sfRequestStatus(second)).toBe('Created');
    const upgrade = await upgradeOf(id);
    expect(upgrade.status).toBe('Active');
    expect(upgrade.message).toMatch(
      new RegExp(`^Step 1 \\(tier 1\\) finished with failures \\(${jobs.length} failed jobs\\)`),
    );

    // A person may still send the held tier on, one request at a time.
    const manual = await post(`/api/upgradeitems/activate/${second.id}`, admin);
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json()).toEqual({ id: second.id, status: 'Pending' });
    await finishAndMonitor(id);
    const [{ failed }] = (await rows<{ failed: number }>(
      `SELECT count(*)::int AS failed FROM upgrade_job WHERE upgrade_id = $1 AND status = 'Failed'`,
      [id],
    )) as [{ failed: number }];
    expect(failed).toBeGreaterThanOrEqual(jobs.length);
    expect(await upgradeOf(id)).toMatchObject({
      status: 'Done',
      message: `Complete with ${failed} failures`,
    });
  });

  it('steps through versions of one package in version order', async () => {
    const pool = await candidates(200);
    let org: Candidate | undefined;
    let steps: { version_id: string }[] = [];
    for (const candidate of pool) {
      steps = await rows<{ version_id: string }>(
        `SELECT trim(pv.version_id) AS version_id FROM package_version pv
           JOIN package_version iv ON iv.version_id = $2
          WHERE pv.package_id = $1 AND pv.version_sort > iv.version_sort AND pv.status IS NOT NULL
          ORDER BY pv.version_sort DESC LIMIT 2`,
        [candidate.package_id, candidate.installed],
      );
      if (steps.length === 2) {
        org = candidate;
        break;
      }
    }
    expect(org).toBeDefined();
    const id = await schedule(
      [org!.org_id],
      steps.map((s) => s.version_id),
    );
    const [lower, higher] = await itemsOf(id);
    expect(lower!.version_id).toBe(steps[1]!.version_id);

    // Activating the higher step by hand first is refused: the lower one goes first.
    const early = await post(`/api/upgradeitems/activate/${higher!.id}`, admin);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(/^Waiting for step 1/);

    expect((await post(`/api/upgrades/activate/${id}`, admin)).statusCode).toBe(200);
    expect((await itemsOf(id)).map((i) => i.status)).toEqual(['Pending', 'Created']);
    await finishAndMonitor(id);
    expect((await itemsOf(id)).map((i) => i.status)).toEqual(['Succeeded', 'Pending']);
    await finishAndMonitor(id);
    expect((await itemsOf(id)).map((i) => i.status)).toEqual(['Succeeded', 'Succeeded']);
    const [installed] = await rows<{ version_id: string }>(
      `SELECT trim(version_id) AS version_id FROM org_package_version WHERE org_id = $1 AND package_id = $2`,
      [org!.org_id, org!.package_id],
    );
    expect(installed!.version_id).toBe(steps[0]!.version_id);
    expect((await upgradeOf(id)).status).toBe('Done');
  });
});

describe('an unreliable Salesforce', () => {
  const namespaceOf = (orgId: string) =>
    [...h.packagingIds].find(([, id]) => id.slice(0, 15) === orgId.slice(0, 15))?.[0] ?? orgId;

  it('activation and the monitor converge under 5xx, dropped connections and expired tokens; a quiet cycle reads nothing new', async () => {
    const orgs = await candidates(3);
    const packageId = orgs[0]!.package_id;
    const same = orgs.filter((o) => o.package_id === packageId);
    const id = await schedule(
      same.map((o) => o.org_id),
      [same[0]!.target],
    );
    const [item] = await itemsOf(id);
    h.sim.control.setFaults(namespaceOf(item!.package_org_id), {
      serverErrorRate: 0.15,
      dropRate: 0.05,
      tokenExpiryRate: 0.05,
    });
    try {
      const activated = await post(`/api/upgrades/activate/${id}`, admin);
      expect(activated.statusCode, activated.body).toBe(200);
      await finishAndMonitor(id);
    } finally {
      h.sim.control.clearFaults();
    }
    expect(await sfRequestStatus(item!)).toBe('Succeeded');
    expect((await itemsOf(id))[0]!.status).toBe('Succeeded');
    expect(new Set((await jobsOf(item!.id)).map((j) => j.status))).toEqual(new Set(['Succeeded']));
    expect((await upgradeOf(id)).status).toBe('Done');
    // The watermark holds: the next cycle over this request finds no job that changed.
    const [mark] = await rows<{ jobs_modstamp: Date | null }>(
      `SELECT jobs_modstamp FROM upgrade_item WHERE id = $1`,
      [item!.id],
    );
    expect(mark!.jobs_modstamp).not.toBeNull();
    const again = await reconcileUpgrades(deps, { itemIds: [item!.id] });
    expect(again).toMatchObject({ requests: 1, jobs: 0, upgradeIds: [] });
  });
});

describe('refresh and resume (background jobs)', () => {
  it('Refresh queues a job that reconciles the upgrade and answers its id', async () => {
    const [org] = await candidates(1);
    const id = await schedule([org!.org_id], [org!.target]);
    const [item] = await itemsOf(id);
    expect((await post(`/api/upgradeitems/activate/${item!.id}`, admin)).statusCode).toBe(200);
    h.sim.control.advance(6 * 3_600_000);
    const response = await post(`/api/upgrades/refresh/${id}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const { jobId } = response.json<{ jobId: string }>();
    const job = await runJobToEnd(jobId);
    expect(job).toMatchObject({ type: 'refresh-upgrade', started_by: 'admin@pushboard.demo' });
    expect((await itemsOf(id))[0]!.status).toBe('Succeeded');
    expect((await upgradeOf(id)).status).toBe('Done');

    const byItem = await post(`/api/upgradeitems/refresh/${item!.id}`, admin);
    expect(byItem.statusCode, byItem.body).toBe(200);
    await runJobToEnd(byItem.json<{ jobId: string }>().jobId);
  });

  it('Fetch Upgrades resumes a scheduling cut short: only the missing push jobs are created', async () => {
    const packages = await rows<{ package_id: string }>(
      `SELECT DISTINCT trim(package_id) AS package_id FROM org_package_version ORDER BY 1`,
    );
    let same: Candidate[] = [];
    for (const { package_id } of packages) {
      same = await candidates(4, package_id);
      if (same.length >= 3) break;
    }
    const id = await schedule(
      same.map((o) => o.org_id),
      [same[0]!.target],
    );
    const [item] = await itemsOf(id);
    const jobs = await jobsOf(item!.id);
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    // The crash: Salesforce created every job but the process wrote none of its rows, and for
    // one org not even Salesforce's job survived.
    const lost = jobs[0]!;
    h.sim.control.deleteRecord(item!.package_org_id, 'PackagePushJob', lost.job_id);
    await db().query(`DELETE FROM upgrade_job WHERE item_id = $1`, [item!.id]);

    const jobId = await engine.start('fetch-upgrades', {}, 'test');
    await runJobToEnd(jobId);
    const after = await jobsOf(item!.id);
    expect(after.map((j) => j.org_id)).toEqual(jobs.map((j) => j.org_id));
    const conn = await h.gateway.connect(item!.package_org_id);
    const remote = await conn.queryAll(
      `SELECT Id, SubscriberOrganizationKey FROM PackagePushJob WHERE PackagePushRequestId = '${item!.push_request_id}'`,
      z.object({ Id: z.string(), SubscriberOrganizationKey: z.string() }),
    );
    expect(remote).toHaveLength(jobs.length);
    expect(new Set(remote.map((r) => r.SubscriberOrganizationKey)).size).toBe(jobs.length);
    expect(remote.map((r) => r.Id).sort()).toEqual(after.map((j) => j.job_id).sort());
    // The adopted jobs kept their ids; only the lost one is new.
    expect(after.filter((j) => jobs.some((o) => o.job_id === j.job_id))).toHaveLength(
      jobs.length - 1,
    );
  });
});

// Last in the file: the org it takes would otherwise change which orgs the tests above get.
describe('admin access key sessions', () => {
  /** A one-org upgrade with a job Salesforce will push (some orgs are ineligible). */
  async function eligibleUpgrade(): Promise<number> {
    for (const org of await candidates(10)) {
      const id = await schedule([org.org_id], [org.target]);
      const [item] = await itemsOf(id);
      if ((await jobsOf(item!.id)).some((job) => job.status === 'Created')) return id;
    }
    throw new Error('No org left that Salesforce would upgrade.');
  }

  it('refuses an admin access key session (403 with the reason, audited, nothing sent); a named person activates', async () => {
    const id = await eligibleUpgrade();
    const [item] = await itemsOf(id);

    for (const url of [`/api/upgrades/activate/${id}`, `/api/upgradeitems/activate/${item!.id}`]) {
      const refused = await post(url, adminKey);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json<{ message: string }>().message).toBe(ADMIN_KEY_ACTIVATION_MESSAGE);
    }
    // Whether or not the policy is enforced: the key is nobody in particular.
    const keySession = {
      username: 'admin-key',
      displayName: null,
      readOnly: false,
      authMethod: 'admin-key' as const,
    };
    await expect(
      activateUpgrade({ ...deps, enforceActivationPolicy: false }, keySession, id),
    ).rejects.toThrow(ADMIN_KEY_ACTIVATION_MESSAGE);
    expect(await sfRequestStatus(item!)).toBe('Created');
    expect((await upgradeOf(id)).status).toBe('Ready');
    const denials = await rows<{ action: string; target_id: string; outcome: string }>(
      `SELECT action, target_id, outcome FROM audit_log WHERE actor = 'admin-key'
          AND target_id IN ($1, $2) ORDER BY id`,
      [String(id), String(item!.id)],
    );
    expect(denials).toEqual([
      { action: 'upgrade.activate', target_id: String(id), outcome: 'denied' },
      { action: 'upgradeitem.activate', target_id: String(item!.id), outcome: 'denied' },
      { action: 'upgrade.activate', target_id: String(id), outcome: 'denied' },
    ]);

    // The operator scheduled it; a named colleague satisfies the policy.
    const named = await post(`/api/upgrades/activate/${id}`, admin);
    expect(named.statusCode, named.body).toBe(200);
    expect(await sfRequestStatus(item!)).toBe('Pending');
    expect(await upgradeOf(id)).toMatchObject({
      status: 'Active',
      activated_by: 'admin@pushboard.demo',
    });
  });
});
