// The upgrade events reach webhooks from where the upgrade's status changes, against the
// simulator over real HTTP: scheduling writes 'upgrade.scheduled', the activation that makes it
// Active writes 'upgrade.activated' once, and the monitor's cycle that ends it Done writes
// 'upgrade.completed' or 'upgrade.completed_with_failures'. The deliveries' rows are the proof
// (this app runs no job engine, so they wait for one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../actor';
import { reconcileUpgrades } from '../upgrades/reconcile';
import { startUpgradeApp, type UpgradeApp } from '../upgrades/testing/upgrade-app';
import { createEndpoint } from './admin';
import { emitRolloutHalted } from './emit';

const admin: Actor = {
  username: 'admin-key',
  displayName: null,
  readOnly: false,
  authMethod: 'admin-key',
};

let t: UpgradeApp;

beforeAll(async () => {
  t = await startUpgradeApp();
  t.h.sim.control.setPace('manual');
  await createEndpoint({ db: t.h.testDb.db, secrets: t.app.services.secrets }, admin, {
    url: 'https://hooks.example.com/pushboard',
    events: [
      'upgrade.scheduled',
      'upgrade.activated',
      'upgrade.completed',
      'upgrade.completed_with_failures',
      'rollout.halted',
    ],
    format: 'json',
  });
}, 120_000);
afterAll(() => t?.close());

const eventsOf = async (upgradeId: number) =>
  (
    await t.rows<{ event: string; data: Record<string, unknown> }>(
      `SELECT event, payload->'data' AS data FROM webhook_delivery
        WHERE (payload->'data'->>'upgrade_id')::int = $1 ORDER BY created_at, event`,
      [upgradeId],
    )
  ).map((row) => row.event);

async function finish(upgradeId: number, failureRate: number) {
  t.h.sim.control.setFailureRate(failureRate);
  t.h.sim.control.advance(6 * 3_600_000);
  await reconcileUpgrades({ db: t.h.testDb.db, gateway: t.h.gateway, live: t.app.live });
  t.h.sim.control.setFailureRate(0);
  const [row] = await t.rows<{ status: string }>(`SELECT status FROM upgrade WHERE id = $1`, [
    upgradeId,
  ]);
  return row!.status;
}

describe('upgrade webhook events', () => {
  it('are written when an upgrade is scheduled, activated and completes', async () => {
    const [org] = await t.candidates(1);
    const id = await t.scheduleGroup([org!.org_id], [org!.target], 'Webhook release');
    expect(await eventsOf(id)).toEqual(['upgrade.scheduled']);
    const [scheduled] = await t.rows<{ data: Record<string, unknown> }>(
      `SELECT payload->'data' AS data FROM webhook_delivery
        WHERE event = 'upgrade.scheduled' AND (payload->'data'->>'upgrade_id')::int = $1`,
      [id],
    );
    expect(scheduled!.data).toMatchObject({
      upgrade_id: id,
      description: 'Webhook release',
      status: 'Ready',
      request_count: 1,
      org_count: 1,
    });

    const activated = await t.post(`/api/upgrades/activate/${id}`, {}, t.other);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(await eventsOf(id)).toEqual(['upgrade.scheduled', 'upgrade.activated']);
    // Activating again finds it Active: no second event.
    await t.post(`/api/upgrades/activate/${id}`, {}, t.other);
    expect(await eventsOf(id)).toEqual(['upgrade.scheduled', 'upgrade.activated']);

    expect(await finish(id, 0)).toBe('Done');
    expect(await eventsOf(id)).toEqual([
      'upgrade.scheduled',
      'upgrade.activated',
      'upgrade.completed',
    ]);
  });

  it("says 'completed with failures' when jobs failed", async () => {
    const [org] = await t.candidates(1);
    const id = await t.scheduleGroup([org!.org_id], [org!.target], 'Failing release');
    expect((await t.post(`/api/upgrades/activate/${id}`, {}, t.other)).statusCode).toBe(200);
    expect(await finish(id, 1)).toBe('Done');
    expect(await eventsOf(id)).toContain('upgrade.completed_with_failures');
    const [done] = await t.rows<{ data: Record<string, unknown> }>(
      `SELECT payload->'data' AS data FROM webhook_delivery
        WHERE event = 'upgrade.completed_with_failures'
          AND (payload->'data'->>'upgrade_id')::int = $1`,
      [id],
    );
    expect(done!.data).toMatchObject({ upgrade_id: id, status: 'Done', failures: 1 });
  });

  it("carries the halted wave and the reason for 'rollout.halted'", async () => {
    const [org] = await t.candidates(1);
    const id = await t.scheduleGroup([org!.org_id], [org!.target], 'Staged release');
    const reason = 'Wave 2 failed on 7 of 120 orgs (5.8 %), over the 2 % threshold';
    await t.h.testDb.db.transaction((tx) => emitRolloutHalted(tx, id, 2, reason));
    const [halted] = await t.rows<{ data: Record<string, unknown> }>(
      `SELECT payload->'data' AS data FROM webhook_delivery
        WHERE event = 'rollout.halted' AND (payload->'data'->>'upgrade_id')::int = $1`,
      [id],
    );
    expect(halted!.data).toMatchObject({
      upgrade_id: id,
      description: 'Staged release',
      wave: 2,
      reason,
    });
  });
});
