// The demo's staged rollout, seeded through the product's own paths against the simulator: it is
// scheduled and activated once, and the monitor (run here by hand on the simulator's clock) halts
// it by itself at wave 2, on the failures the simulator was told to produce.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rollout } from '../../domain';
import { DEMO_FAILURE_RATE, demoRolloutFailure, seedDemoRollout } from './demo-rollout';
import { reconcileUpgrades } from './upgrades/reconcile';
import { advanceRollout, rolloutPlanOf } from './upgrades/rollout-advance';
import { startUpgradeApp, type UpgradeApp } from './upgrades/testing/upgrade-app';

let t: UpgradeApp;
beforeAll(async () => {
  t = await startUpgradeApp();
  t.h.sim.control.setPace('manual');
  t.h.sim.control.setFailureRate(0);
}, 120_000);
afterAll(() => t?.close());

describe('the demo rollout', () => {
  it('is seeded once, and halts by itself at wave 2', async () => {
    const services = t.app.services;
    const deps = {
      db: t.h.testDb.db,
      scheduler: services.scheduler,
      lifecycle: { ...services.lifecycle, gateway: t.h.gateway },
    };
    const failures: { versionId: string; edition: string }[] = [];
    const fail = (failure: { versionId: string; edition: string }) => {
      failures.push(failure);
      t.h.sim.control.setFailureRules([{ ...failure, rate: DEMO_FAILURE_RATE }]);
    };
    expect(await seedDemoRollout(deps, fail, t.h.sim.control.now())).toMatch(/^Scheduled/);
    expect(await seedDemoRollout(deps, fail)).toBe('The demo rollout exists already');
    expect(failures).toHaveLength(1);
    const seeded = await demoRolloutFailure(t.h.testDb.db);
    expect(seeded).toMatchObject(failures[0]!);
    const id = seeded!.upgradeId;

    const read = async () => (await t.get(`/api/upgrades/${id}/rollout`)).json<Rollout>();
    expect((await read()).waves.map((w) => w.state)).toEqual(['Started', 'Waiting', 'Waiting']);
    const plan = await rolloutPlanOf(deps.lifecycle, id);
    for (let cycle = 0; cycle < 6 && (await read()).state !== 'Halted'; cycle++) {
      t.h.sim.control.advance(6 * 3_600_000);
      await reconcileUpgrades(deps.lifecycle);
      await advanceRollout(deps.lifecycle, id, plan!, t.h.sim.control.now());
    }
    const halted = await read();
    expect(halted.state).toBe('Halted');
    expect(halted.waves.map((w) => w.state)).toEqual(['Passed', 'Halted', 'Waiting']);
    expect(halted.waves[1]!.halt_reason).toMatch(/^Wave 2 failed on \d+ of \d+ orgs/);
    expect(halted.waves[0]!.failed_org_count).toBe(0);
  });
});
