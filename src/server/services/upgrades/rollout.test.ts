// Staged rollouts over real HTTP against the simulator (docs/product.md "Staged rollouts"): the
// preview's waves, one push request per wave, the first wave by activation under the policy, the
// gate starting the next wave, halting on failures with the sentence, the audit row and the
// notice, resume with a comment, skip, a wave left to a person, and abort. The monitor's cycle is
// run by hand on the simulator's manual clock. Runs on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  HomeSummary,
  PackageAdoption,
  Rollout,
  RolloutPlanInput,
  SchedulePreview,
} from '../../../domain';
import { advanceRollout, rolloutPlanOf } from './rollout-advance';
import { reconcileUpgrades } from './reconcile';
import { startUpgradeApp, type Candidate, type UpgradeApp } from './testing/upgrade-app';

let t: UpgradeApp;
beforeAll(async () => {
  t = await startUpgradeApp();
  t.h.sim.control.setPace('manual');
  t.h.sim.control.setFailureRate(0);
}, 120_000);
afterAll(() => t?.close());

const deps = () => ({ ...t.app.services.lifecycle, gateway: t.h.gateway });

/** Orgs of one package, none used before. */
async function orgsOfOnePackage(count: number): Promise<Candidate[]> {
  const pool = await t.candidates(count * 6);
  const packageId = pool[0]!.package_id;
  const orgs = pool.filter((c) => c.package_id === packageId).slice(0, count);
  expect(orgs).toHaveLength(count);
  return orgs;
}

/** One monitor cycle: pushes run to their end in the simulator, then reconcile and the gate. */
async function monitor(upgradeId: number, runPushes = true) {
  if (runPushes) t.h.sim.control.advance(6 * 3_600_000);
  await reconcileUpgrades(deps());
  const plan = await rolloutPlanOf(deps(), upgradeId);
  await advanceRollout(deps(), upgradeId, plan!, t.h.sim.control.now());
}

const rollout = async (id: number) => (await t.get(`/api/upgrades/${id}/rollout`)).json<Rollout>();
const states = async (id: number) => (await rollout(id)).waves.map((w) => w.state);
const items = (id: number) =>
  t.rows<{ id: number; wave: number; status: string }>(
    `SELECT id::int AS id, wave, status FROM upgrade_item WHERE upgrade_id = $1 ORDER BY wave, id`,
    [id],
  );
/** The upgrade's audit rows of an action, oldest first. */
const auditRows = (id: number, action: string) =>
  t.rows<{ actor: string; outcome: string; details: Record<string, unknown> }>(
    `SELECT actor, outcome, details FROM audit_log
      WHERE target_type = 'upgrade' AND target_id = $1 AND action = $2 ORDER BY id`,
    [String(id), action],
  );
const itemOfWave = async (id: number, wave: number) =>
  (await items(id)).find((i) => i.wave === wave)!;

function threeWaves(canaryGroupId: number): RolloutPlanInput {
  return {
    waves: [
      { selector: { kind: 'group', groupId: canaryGroupId } },
      { selector: { kind: 'percent', percent: 50 } },
      { selector: { kind: 'rest' } },
    ],
    soakMinutes: 0,
    failureThresholdPercent: 2,
  };
}

describe('a rollout of three waves', () => {
  it('previews, pushes wave by wave, halts on failures, resumes with a comment and ends', async () => {
    const orgs = await orgsOfOnePackage(9);
    const ids = orgs.map((o) => o.org_id);
    const target = orgs[0]!.target;
    const canary = await t.makeGroup('Rollout canary', ids.slice(0, 2), 'Upgrade Group');
    const group = await t.makeGroup('Rollout all', ids);
    const plan = threeWaves(canary);

    const preview = await t.post(`/api/orggroups/${group}/upgrade/preview`, {
      versions: [target],
      rollout: plan,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const waves = preview.json<SchedulePreview>().waves!;
    // 2 canaries; half of the other 7 rounded up; the rest.
    expect(waves.map((w) => [w.label, w.orgs])).toEqual([
      ['Group Rollout canary', 2],
      ['50 % of the rest', 4],
      ['The rest', 3],
    ]);
    expect(waves[0]!.sample.map((o) => o.org_id).sort()).toEqual(ids.slice(0, 2).sort());

    const id = await t.scheduleGroup(ids, [target], 'Rollout', { rollout: plan });
    expect((await items(id)).map((i) => [i.wave, i.status])).toEqual([
      [1, 'Created'],
      [2, 'Created'],
      [3, 'Created'],
    ]);
    expect(await states(id)).toEqual(['Waiting', 'Waiting', 'Waiting']);
    // The same plan picks the same orgs: the preview's second wave is the schedule's.
    const secondWave = await t.rows<{ org_id: string }>(
      `SELECT trim(j.org_id) AS org_id FROM upgrade_job j JOIN upgrade_item i ON i.id = j.item_id
        WHERE i.upgrade_id = $1 AND i.wave = 2 ORDER BY 1`,
      [id],
    );
    expect(secondWave).toHaveLength(4);

    // The creator may not activate (the policy); another operator starts wave 1 only.
    expect((await t.post(`/api/upgrades/activate/${id}`)).statusCode).toBe(403);
    const activated = await t.post(`/api/upgrades/activate/${id}`, {}, t.other);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(await states(id)).toEqual(['Started', 'Waiting', 'Waiting']);
    const [first, second, third] = await items(id);
    expect(await t.requestStatus(first!.id)).toBe('Pending');
    expect(await t.requestStatus(second!.id)).toBe('Created');
    // A later wave's request cannot be activated by hand, nor its wave started early.
    const early = await t.post(`/api/upgradeitems/activate/${third!.id}`, {}, t.other);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(/belongs to wave 3/);
    expect(
      (await t.post(`/api/upgrades/${id}/rollout/waves/2/start`, {}, t.other)).statusCode,
    ).toBe(409);

    // Wave 1 succeeds: the gate (soak 0) passes and wave 2 goes out in the same cycle; the
    // package's adoption counts move its two orgs to the new version at once.
    const adoption = async () =>
      (await t.get(`/api/packages/${orgs[0]!.package_id.trim()}/adoption`)).json<PackageAdoption>();
    const onTarget = (a: PackageAdoption) =>
      a.versions.find((v) => v.version_id.trim() === target)?.orgs ?? 0;
    const before = await adoption();
    await monitor(id);
    const after1 = await adoption();
    expect(onTarget(after1) - onTarget(before)).toBe(2);
    expect(after1.orgs).toBe(before.orgs);
    expect(await states(id)).toEqual(['Passed', 'Started', 'Waiting']);
    expect(await t.requestStatus(second!.id)).toBe('Pending');
    expect(await t.requestStatus(third!.id)).toBe('Created');

    // Wave 2 fails everywhere: the rollout halts, says why, audits, tells every tab and the
    // webhook receivers subscribed to 'rollout.halted'.
    await t.rows(
      `INSERT INTO webhook_endpoint (url, events, secret_sealed, secret_hint, created_by)
       VALUES ('https://hooks.example.com/pb', '{rollout.halted}', 'sealed', 'whsec_1', 'admin')`,
    );
    t.h.sim.control.setFailureRules([{ versionId: target, rate: 1 }]);
    t.publish.mockClear();
    await monitor(id);
    t.h.sim.control.setFailureRules([]);
    const halted = await rollout(id);
    expect(halted.state).toBe('Halted');
    expect(halted.waves.map((w) => w.state)).toEqual(['Passed', 'Halted', 'Waiting']);
    const reason = 'Wave 2 failed on 4 of 4 orgs (100 %), over the 2 % threshold';
    expect(halted.waves[1]).toMatchObject({ halt_reason: reason, failed_org_count: 4 });
    expect(halted.gate).toEqual({ wave: 2, kind: 'halt', reason, until: null });
    expect(await t.requestStatus(third!.id)).toBe('Created');
    expect(t.publish).toHaveBeenCalledWith('alert', {
      subject: 'Rollout Halted',
      message: `Upgrade ${id}: ${reason}.`,
    });
    const [audit] = await t.rows<{ action: string; details: { reason: string } }>(
      `SELECT action, details FROM audit_log WHERE target_id = $1 AND action = 'upgrade.rollout.halt'`,
      [String(id)],
    );
    expect(audit?.details.reason).toBe(reason);
    const [delivery] = await t.rows<{ payload: { data: Record<string, unknown> } }>(
      `SELECT payload FROM webhook_delivery WHERE event = 'rollout.halted'`,
    );
    expect(delivery?.payload.data).toMatchObject({ upgrade_id: id, wave: 2, reason });
    const detail = (await t.get(`/api/upgrades/${id}`)).json<{ message: string }>();
    expect(detail.message).toContain(reason);

    // The home page's running upgrades say where the rollout stands.
    const home = (await t.get('/api/home')).json<HomeSummary>();
    expect(home.active_upgrades.find((u) => u.id === id)).toMatchObject({
      wave_count: 3,
      current_wave: 2,
      halted: true,
      message: expect.stringContaining(reason) as unknown,
    });

    // Halted stays halted, cycle after cycle.
    await monitor(id);
    expect(await states(id)).toEqual(['Passed', 'Halted', 'Waiting']);

    // Resume: a comment is required and read-only users are refused.
    const url = `/api/upgrades/${id}/rollout/resume`;
    expect((await t.post(url, { comment: ' ' })).statusCode).toBe(400);
    expect((await t.post(url, { comment: 'Known issue' }, t.viewer)).statusCode).toBe(403);
    const resumed = await t.post(url, { comment: 'Known issue in the sandbox edition' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    await monitor(id, false);
    const after = await rollout(id);
    expect(after.waves.map((w) => w.state)).toEqual(['Passed', 'Passed', 'Started']);
    expect(after.waves[1]).toMatchObject({
      resumed_by: 'operator@pushboard.demo',
      resume_comment: 'Known issue in the sandbox edition',
    });
    expect(await t.requestStatus(third!.id)).toBe('Pending');
    expect((await t.post(url, { comment: 'again' })).statusCode).toBe(409);
    expect(await auditRows(id, 'upgrade.rollout.resume')).toEqual([
      {
        actor: 'viewer@pushboard.demo',
        outcome: 'denied',
        details: expect.anything() as unknown,
      },
      {
        actor: 'operator@pushboard.demo',
        outcome: 'success',
        details: { comment: 'Known issue in the sandbox edition', wave: 2 },
      },
      {
        actor: 'operator@pushboard.demo',
        outcome: 'failed',
        details: expect.anything() as unknown,
      },
    ]);

    await monitor(id);
    expect(await states(id)).toEqual(['Passed', 'Passed', 'Passed']);
    const [done] = await t.rows<{ status: string }>(`SELECT status FROM upgrade WHERE id = $1`, [
      id,
    ]);
    expect(done?.status).toBe('Done');
    expect((await rollout(id)).state).toBe('Done');
  });
});

describe('a person decides', () => {
  it('skips a wave that has not started: its request is canceled at Salesforce', async () => {
    const orgs = await orgsOfOnePackage(4);
    const ids = orgs.map((o) => o.org_id);
    const id = await t.scheduleGroup(ids, [orgs[0]!.target], 'Skip', {
      rollout: {
        waves: [
          { selector: { kind: 'percent', percent: 50 } },
          { selector: { kind: 'percent', percent: 50 } },
          { selector: { kind: 'rest' } },
        ],
        soakMinutes: 0,
      },
    });
    const skipUrl = (wave: number) => `/api/upgrades/${id}/rollout/waves/${wave}/skip`;
    expect((await t.post(skipUrl(2), {})).statusCode).toBe(400);
    expect((await t.post(skipUrl(1), { comment: 'no' })).statusCode).toBe(409);
    expect((await t.post(skipUrl(9), { comment: 'no' })).statusCode).toBe(404);
    const skipped = await t.post(skipUrl(2), { comment: 'Customer freeze' });
    expect(skipped.statusCode, skipped.body).toBe(200);
    const second = await itemOfWave(id, 2);
    expect(second.status).toBe('Canceled');
    expect(await t.requestStatus(second.id)).toBe('Canceled');
    expect((await t.post(skipUrl(2), { comment: 'twice' })).statusCode).toBe(409);
    const skipRows = await auditRows(id, 'upgrade.rollout.skip');
    expect(skipRows.filter((r) => r.outcome === 'success')).toEqual([
      {
        actor: 'operator@pushboard.demo',
        outcome: 'success',
        details: { wave: 2, comment: 'Customer freeze', canceledRequests: [second.id] },
      },
    ]);

    const activated = await t.post(`/api/upgrades/activate/${id}`, {}, t.other);
    expect(activated.statusCode, activated.body).toBe(200);
    await monitor(id);
    // Wave 2 was skipped: the gate after wave 1 starts wave 3.
    expect(await states(id)).toEqual(['Passed', 'Skipped', 'Started']);
    expect(await t.requestStatus((await itemOfWave(id, 3)).id)).toBe('Pending');
  });

  it('starts a wave the plan leaves to a person, under the activation policy', async () => {
    const orgs = await orgsOfOnePackage(3);
    const id = await t.scheduleGroup(
      orgs.map((o) => o.org_id),
      [orgs[0]!.target],
      'Person',
      {
        rollout: {
          waves: [
            { selector: { kind: 'percent', percent: 30 } },
            { selector: { kind: 'rest' }, start: 'person' },
          ],
          soakMinutes: 0,
        },
      },
    );
    expect((await t.post(`/api/upgrades/activate/${id}`, {}, t.other)).statusCode).toBe(200);
    await monitor(id);
    expect(await states(id)).toEqual(['Passed', 'Waiting']);
    const detail = (await t.get(`/api/upgrades/${id}`)).json<{ message: string }>();
    expect(detail.message).toBe('Wave 2 waits for someone to start it.');
    const start = `/api/upgrades/${id}/rollout/waves/2/start`;
    expect((await t.post(start, {}, t.viewer)).statusCode).toBe(403);
    expect((await t.post(start)).statusCode).toBe(403); // the creator, under the policy
    const started = await t.post(start, {}, t.other);
    expect(started.statusCode, started.body).toBe(200);
    expect(await states(id)).toEqual(['Passed', 'Started']);
    expect(await t.requestStatus((await itemOfWave(id, 2)).id)).toBe('Pending');
    const [row] = await t.rows<{ started_by: string }>(
      `SELECT started_by FROM upgrade_wave WHERE upgrade_id = $1 AND wave = 2`,
      [id],
    );
    expect(row?.started_by).toBe('admin@pushboard.demo');
    const startRows = await auditRows(id, 'upgrade.rollout.start');
    expect(startRows.map((r) => [r.actor, r.outcome])).toEqual([
      ['viewer@pushboard.demo', 'denied'],
      ['operator@pushboard.demo', 'denied'],
      ['admin@pushboard.demo', 'success'],
    ]);
  });

  it('aborts with the upgrade’s Cancel: waves not started are canceled, nothing started is', async () => {
    const orgs = await orgsOfOnePackage(4);
    const id = await t.scheduleGroup(
      orgs.map((o) => o.org_id),
      [orgs[0]!.target],
      'Abort',
      {
        rollout: {
          waves: [{ selector: { kind: 'percent', percent: 25 } }, { selector: { kind: 'rest' } }],
        },
      },
    );
    expect((await t.post(`/api/upgrades/activate/${id}`, {}, t.other)).statusCode).toBe(200);
    t.h.sim.control.advance(3_600_000 * 6);
    await reconcileUpgrades(deps());
    const [first, second] = await items(id);
    expect(first!.status).not.toBe('Created');
    const canceled = await t.post(`/api/upgrades/cancel/${id}`, { comment: 'Abort the rollout' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await t.requestStatus(second!.id)).toBe('Canceled');
    expect(await t.requestStatus(first!.id)).not.toBe('Canceled');
    const after = await rollout(id);
    expect(after.waves[1]!.state).toBe('Canceled');
  });

  it('refuses a plan naming a group that does not exist, naming the field', async () => {
    const orgs = await orgsOfOnePackage(1);
    const group = await t.makeGroup('Rollout bad plan', [orgs[0]!.org_id]);
    const response = await t.post(`/api/orggroups/${group}/upgrade/preview`, {
      versions: [orgs[0]!.target],
      rollout: { waves: [{ selector: { kind: 'group', groupId: 999_999 } }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(
      /rollout\.waves\.0\.selector\.groupId: no org group 999999/,
    );
    const notLast = await t.post(`/api/orggroups/${group}/upgrade/preview`, {
      versions: [orgs[0]!.target],
      rollout: { waves: [{ selector: { kind: 'rest' } }, { selector: { kind: 'rest' } }] },
    });
    expect(notLast.statusCode).toBe(400);
    expect(notLast.body).toContain('Only the last wave can take the rest');
  });

  it('takes a filter wave in the filter language, and lists orgs no wave takes', async () => {
    const orgs = await orgsOfOnePackage(3);
    const ids = orgs.map((o) => o.org_id);
    const group = await t.makeGroup('Rollout filter', ids);
    const response = await t.post(`/api/orggroups/${group}/upgrade/preview`, {
      versions: [orgs[0]!.target],
      rollout: {
        waves: [{ selector: { kind: 'filter', filters: [{ id: 'org_id', value: ids[0]! }] } }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<SchedulePreview>();
    expect(preview.waves?.map((w) => [w.label, w.orgs])).toEqual([[`Org ID: ${ids[0]}`, 1]]);
    const notInWave = preview.leftOut.find((l) => l.kind === 'not-in-wave');
    expect(notInWave?.count).toBe(2);
    const bad = await t.post(`/api/orggroups/${group}/upgrade/preview`, {
      versions: [orgs[0]!.target],
      rollout: { waves: [{ selector: { kind: 'filter', filters: [{ id: 'nope', value: 'x' }] } }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(
      /^rollout\.waves\.0\.selector\.filters/,
    );
  });
});
