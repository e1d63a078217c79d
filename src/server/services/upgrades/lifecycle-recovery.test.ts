// The upgrade lifecycle when things go wrong, over real HTTP against the simulator: Salesforce
// refusing, Refresh queuing a job, a crashed scheduling resumed by the Fetch Upgrades job without a
// second push job for anyone, and admin access key sessions refused. Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_KEY_ACTIVATION_MESSAGE } from '../../../domain';
import { activateUpgrade } from './activate';
import { reconcileUpgrades } from './reconcile';
import { type UpgradeCandidate as Candidate } from './testing/upgrade-candidates';
import {
  h,
  engine,
  admin,
  adminKey,
  deps,
  db,
  rows,
  post,
  candidates,
  schedule,
  itemsOf,
  upgradeOf,
  jobsOf,
  sfRequestStatus,
  finishAndMonitor,
  runJobToEnd,
  useLifecycleFixture,
} from './testing/lifecycle-fixture';

useLifecycleFixture();

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
