// The fleet reads over real HTTP on data a real fetch wrote from the simulator: the fetch keeps
// the day's version counts (a second fetch the same day replaces them), and the home page, a
// package's adoption, an upgrade's timeline and an org's history answer signed-in users,
// read-only ones included, refuse anonymous callers, and name the field of a bad input.
import { failureItems, failureKey } from '../../../domain/failure-clusters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeSummary, OrgHistory, PackageAdoption, UpgradeTimeline } from '../../../domain';
import { utcDate } from '../../sync/deps';
import { fetchJob } from '../../sync/fetch-job';
import { runJob } from '../../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../../sync/testing/sync-harness';
import { sessionHeaders } from '../test-session';
import { listenLocally } from '../testing/listen-locally';
import { startTestApp, type TestApp } from '../testing/test-app';

let h: SyncHarness;
let t: TestApp;
let base: string;
let viewer: Record<string, string>;
let operator: Record<string, string>;

const fetchLatest = async () => {
  const context = await runJob(fetchJob(h.deps));
  expect(context.errorMessages()).toEqual([]);
  return context;
};
const rows = async <R>(sql: string, params: unknown[] = []) =>
  (await h.testDb.db.query<R>(sql, params)).rows;
const get = (path: string, headers: Record<string, string> = viewer) =>
  fetch(`${base}${path}`, { headers });

beforeAll(async () => {
  h = await startSyncHarness({ dataset: 'test' });
  await fetchLatest();
  t = await startTestApp({ testDb: h.testDb });
  ({ url: base } = await listenLocally(t.app));
  viewer = await sessionHeaders(h.testDb.db, { username: 'viewer@x.test', readOnly: true });
  operator = await sessionHeaders(h.testDb.db, { username: 'operator@x.test' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await h?.close();
});

/** The installs per package version, counted straight from the installs. */
const installedCounts = () =>
  rows<{ package_id: string; version_id: string; n: number }>(
    `SELECT package_id, version_id, count(*)::int AS n FROM org_package_version
     WHERE status = 'Installed' GROUP BY 1, 2 ORDER BY 1, 2`,
  );
const dailyCounts = (day: string) =>
  rows<{ package_id: string; version_id: string; n: number }>(
    `SELECT package_id, version_id, org_count AS n FROM package_version_daily
     WHERE day = $1::date ORDER BY 1, 2`,
    [day],
  );

describe('the fetch keeps version counts', () => {
  it("writes the day's counts, and a second fetch the same day replaces them", async () => {
    const day = utcDate(h.sim.control.now());
    const installed = await installedCounts();
    expect(installed.length).toBeGreaterThan(1);
    expect(await dailyCounts(day)).toEqual(installed);
    // An earlier day stays; today's rows are rewritten, not added to or duplicated.
    await h.testDb.db.query(
      `INSERT INTO package_version_daily (package_id, day, version_id, org_count)
       VALUES ($1, $2::date - 1, $3, 7)`,
      [installed[0]!.package_id, day, installed[0]!.version_id],
    );
    await h.testDb.db.query(`UPDATE package_version_daily SET org_count = 999 WHERE day = $1`, [
      day,
    ]);
    const second = await fetchLatest();
    expect(second.results.map((r) => r.message)).toContainEqual(
      expect.stringMatching(/^Counted the orgs of \d+ package versions?$/),
    );
    expect(await dailyCounts(day)).toEqual(installed);
    const [counted] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM package_version_daily WHERE day = $1::date - 1`,
      [day],
    );
    expect(counted!.n).toBe(1);
    const [adoption] = await rows<{ n: number }>(
      `SELECT sum(org_count)::int AS n FROM package_adoption`,
    );
    expect(adoption!.n).toBe(installed.reduce((sum, r) => sum + r.n, 0));
  });
});

describe('GET /api/home', () => {
  it('refuses anonymous callers and answers read-only users the whole page', async () => {
    expect((await get('/api/home', {})).status).toBe(401);
    const [lma] = await rows<{ org_id: string }>(
      `SELECT org_id FROM connected_org WHERE type = 'Licenses' LIMIT 1`,
    );
    await h.testDb.db.query(
      `UPDATE connected_org SET status = 'Invalid', status_reason = 'Revoked' WHERE org_id = $1`,
      [lma!.org_id],
    );
    await h.testDb.db.query(
      `INSERT INTO admin_job (id, type, name, status, message, end_time)
       VALUES ('home-failed', 'fetch', 'Fetch latest data', 'Failed', 'It broke', now()),
              ('home-running', 'fetch-all', 'Fetch all data', 'Running', 'Fetching licenses', null)`,
    );
    const response = await get('/api/home');
    expect(response.status, await response.clone().text()).toBe(200);
    const home = (await response.json()) as HomeSummary;
    expect(home.attention.connected_orgs.map((o) => [o.org_id, o.status_reason])).toEqual([
      [lma!.org_id, 'Revoked'],
    ]);
    expect(home.jobs.running.map((j) => j.id)).toEqual(['home-running']);
    expect(home.jobs.failed.map((j) => [j.id, j.message])).toEqual([['home-failed', 'It broke']]);
    const [licenses] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM license WHERE status IN ('Active', 'Trial')
         AND expiration BETWEEN current_date AND $1::date`,
      [home.attention.expiring_until],
    );
    expect(home.attention.expiring_licenses).toBe(licenses!.n);
    const installed = await installedCounts();
    const total = (packageId: string) =>
      installed.filter((r) => r.package_id === packageId).reduce((sum, r) => sum + r.n, 0);
    expect(home.adoption.counted_at).not.toBeNull();
    for (const p of home.adoption.packages) {
      expect(p.orgs).toBe(total(p.package_id));
      const onLatest = installed.find(
        (r) => r.package_id === p.package_id && r.version_id === p.latest_version_id,
      );
      expect(p.on_latest).toBe(onLatest?.n ?? 0);
    }
    // The operator sees the same page: it has no change action to hide.
    const asOperator = (await (await get('/api/home', operator)).json()) as HomeSummary;
    expect({
      ...asOperator,
      failures: { ...asOperator.failures, since: home.failures.since },
    }).toEqual(home);
  });
});

/** An Active upgrade of one org with a failed and a succeeded job, ended minutes apart. */
/** A failed job's message as the monitor stores it: PackagePushError rows as JSON. */
const FAILURE_MESSAGE = JSON.stringify([
  { type: 'ApexTestFailure', title: 'Apex Test Failure', message: 'Assertion failed at line 42' },
]);

async function seedUpgrade() {
  const [install] = await rows<{
    org_id: string;
    package_id: string;
    version_id: string;
    package_org_id: string;
    target: string;
    target_number: string;
  }>(
    `SELECT ov.org_id, ov.package_id, ov.version_id, p.package_org_id,
            v.version_id AS target, v.version_number AS target_number
     FROM org_package_version ov JOIN package p ON p.sfid = ov.package_id
     JOIN package_version v ON v.package_id = ov.package_id AND v.version_id <> ov.version_id
     WHERE p.package_org_id IS NOT NULL ORDER BY ov.org_id LIMIT 1`,
  );
  const [other] = await rows<{ org_id: string }>(
    `SELECT org_id FROM org WHERE org_id <> $1 ORDER BY org_id LIMIT 1`,
    [install!.org_id],
  );
  const [upgrade] = await rows<{ id: number }>(
    `INSERT INTO upgrade (description, status, start_time) VALUES ('Fleet test', 'Active',
       now() - interval '30 minutes') RETURNING id::int AS id`,
  );
  const [item] = await rows<{ id: number }>(
    `INSERT INTO upgrade_item (upgrade_id, package_org_id, package_id, version_id, status,
       scheduled_start_time, total_job_count)
     VALUES ($1, $2, $3, $4, 'InProgress', now() - interval '30 minutes', 3) RETURNING id::int AS id`,
    [upgrade!.id, install!.package_org_id, install!.package_id, install!.target],
  );
  await h.testDb.db.query(
    `INSERT INTO upgrade_job (upgrade_id, item_id, org_id, original_version_id, status, start_time,
       end_time, message, failure_key)
     VALUES ($1, $2, $3, $4, 'Succeeded', now() - interval '20 minutes', now() - interval '18 minutes',
             NULL, NULL),
            ($1, $2, $5, NULL, 'Failed', now() - interval '20 minutes', now() - interval '10 minutes',
             $6, $7),
            ($1, $2, '00D000000000999AAA', NULL, 'Pending', NULL, NULL, NULL, NULL)`,
    [
      upgrade!.id,
      item!.id,
      install!.org_id,
      install!.version_id,
      other!.org_id,
      FAILURE_MESSAGE,
      failureKey(FAILURE_MESSAGE),
    ],
  );
  return { upgradeId: upgrade!.id, itemId: item!.id, install: install! };
}

describe('an upgrade on the home page, its timeline and the org history', () => {
  let seeded: Awaited<ReturnType<typeof seedUpgrade>>;
  beforeAll(async () => {
    seeded = await seedUpgrade();
  });

  it('the home page lists the running upgrade and its recent failure', async () => {
    const home = (await (await get('/api/home')).json()) as HomeSummary;
    expect(home.active_upgrades).toContainEqual(
      expect.objectContaining({
        id: seeded.upgradeId,
        succeeded_job_count: 1,
        failed_job_count: 1,
        pending_job_count: 1,
      }),
    );
    expect(home.failures.upgrades).toContainEqual({
      upgrade_id: seeded.upgradeId,
      description: 'Fleet test',
      failed: 1,
    });
    expect(home.failures.total).toBe(1);
    // The same failure by its error, linking to the upgrade whose Failures tab acts on it.
    expect(home.failures.clusters).toEqual([
      {
        key: failureKey(FAILURE_MESSAGE),
        failed: 1,
        upgrades: 1,
        latest_upgrade_id: seeded.upgradeId,
        errors: failureItems(FAILURE_MESSAGE),
      },
    ]);
  });

  it('the timeline counts the jobs minute by minute until now while one still waits', async () => {
    expect((await get(`/api/upgrades/${seeded.upgradeId}/timeline`, {})).status).toBe(401);
    const bad = await get('/api/upgrades/x/timeline');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('id');
    expect((await get('/api/upgrades/999999/timeline')).status).toBe(404);
    const response = await get(`/api/upgrades/${seeded.upgradeId}/timeline`);
    expect(response.status).toBe(200);
    const timeline = (await response.json()) as UpgradeTimeline;
    expect(timeline.step_minutes).toBe(1);
    const [request] = timeline.requests;
    expect(request!.item_id).toBe(seeded.itemId);
    const points = request!.points;
    // From the minute both started to now: about 20 points.
    expect(points.length).toBeGreaterThanOrEqual(20);
    expect(points.length).toBeLessThanOrEqual(23);
    expect(points[0]).toMatchObject({ pending: 1, in_progress: 2, succeeded: 0, failed: 0 });
    expect(points.at(-1)).toMatchObject({ pending: 1, in_progress: 0, succeeded: 1, failed: 1 });
    const firstSuccess = points.findIndex((p) => p.succeeded === 1);
    const firstFailure = points.findIndex((p) => p.failed === 1);
    expect(firstFailure - firstSuccess).toBe(8);
  });

  it('the org history shows the version the push found and the one it left', async () => {
    const { install } = seeded;
    expect((await get(`/api/orgs/${install.org_id}/history`, {})).status).toBe(401);
    const bad = await get('/api/orgs/nope/history');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('orgId');
    expect((await get('/api/orgs/00D000000000777/history')).status).toBe(404);
    const response = await get(`/api/orgs/${install.org_id}/history`);
    expect(response.status).toBe(200);
    const history = (await response.json()) as OrgHistory;
    expect(history.upgrades).toEqual([
      expect.objectContaining({
        upgrade_id: seeded.upgradeId,
        status: 'Succeeded',
        to_version_number: install.target_number,
      }),
    ]);
    const own = history.versions.filter((v) => v.package_id === install.package_id);
    expect(own.at(-1)).toMatchObject({
      source: 'upgrade',
      version_number: install.target_number,
      upgrade_id: seeded.upgradeId,
    });
  });
});

describe('GET /api/packages/:packageId/adoption', () => {
  it('answers the orgs per version, the shares and the history; 400 names the field', async () => {
    const [pkg] = await rows<{ package_id: string }>(
      `SELECT package_id FROM org_package_version GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const path = `/api/packages/${pkg!.package_id}/adoption`;
    expect((await get(path, {})).status).toBe(401);
    const badId = await get('/api/packages/nope/adoption');
    expect(badId.status).toBe(400);
    expect(await badId.text()).toContain('packageId');
    const badBehind = await get(`${path}?behind=0`);
    expect(badBehind.status).toBe(400);
    expect(await badBehind.text()).toContain('behind');
    expect((await get('/api/packages/a0J000000000001/adoption')).status).toBe(404);

    const response = await get(`${path}?behind=1`);
    expect(response.status).toBe(200);
    const adoption = (await response.json()) as PackageAdoption;
    const installed = (await installedCounts()).filter((r) => r.package_id === pkg!.package_id);
    expect(adoption.orgs).toBe(installed.reduce((sum, r) => sum + r.n, 0));
    expect(
      adoption.versions.map((v) => [v.version_id, v.orgs]).sort(([a], [b]) => (a! < b! ? -1 : 1)),
    ).toEqual(installed.map((r) => [r.version_id, r.n]));
    const notLatest = adoption.versions.filter((v) => v.behind >= 1);
    expect(adoption.behind_count).toBe(notLatest.reduce((sum, v) => sum + v.orgs, 0));
    expect(adoption.on_latest).toBe(
      adoption.versions.filter((v) => v.behind === 0).reduce((sum, v) => sum + v.orgs, 0),
    );
    for (const breakdown of [adoption.by_environment, adoption.by_edition, adoption.by_location]) {
      expect(breakdown.reduce((sum, s) => sum + s.orgs, 0)).toBe(adoption.orgs);
      expect(breakdown.reduce((sum, s) => sum + s.on_latest, 0)).toBe(adoption.on_latest);
    }
    const today = adoption.history.filter((d) => d.day === utcDate(h.sim.control.now()));
    expect(today.reduce((sum, d) => sum + d.orgs, 0)).toBe(adoption.orgs);
    expect((await get(path, operator)).status).toBe(200);
  });
});
