// The upgrade lifecycle over real HTTP against the simulator: activation under the policy, once
// under double clicks, in dependency-tier order (held after a tier with failures) and stepped
// versions in version order; the monitor moving statuses, errors into the job message, installed
// versions. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { ACTIVATION_POLICY_MESSAGE, READ_ONLY_MESSAGE } from '../../../domain';
import { failureKey } from '../../../domain/failure-clusters';
import { activateUpgrade } from './activate';
import { type UpgradeCandidate as Candidate } from './testing/upgrade-candidates';
import {
  h,
  operator,
  admin,
  viewer,
  publish,
  deps,
  rows,
  post,
  candidates,
  twoPackages,
  schedule,
  itemsOf,
  upgradeOf,
  jobsOf,
  sfRequestStatus,
  finishAndMonitor,
  useLifecycleFixture,
} from './testing/lifecycle-fixture';

useLifecycleFixture();

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
