// Salesforce maintenance windows over real HTTP against the simulator (docs/product.md
// "Maintenance windows"): the Schedule Upgrade preview, given a start, and the schedule itself
// leave out the orgs whose instance has a window overlapping the push, and only those.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchedulePreview } from '../../../../domain';
import { startUpgradeApp, type UpgradeApp } from '../../../services/upgrades/testing/upgrade-app';

let t: UpgradeApp;
beforeAll(async () => {
  t = await startUpgradeApp();
}, 120_000);
afterAll(() => t?.close());

describe('maintenance windows', () => {
  it('hold orgs whose instance is in a window at the start, in the preview and the schedule', async () => {
    const pool = await t.candidates(60);
    const packageId = pool[0]!.package_id;
    const ofPackage = pool.filter((c) => c.package_id === packageId);
    const instances = await t.rows<{ org_id: string; instance: string }>(
      `SELECT org_id, instance FROM org WHERE org_id = ANY($1::text[])`,
      [ofPackage.map((c) => c.org_id)],
    );
    const instance = instances[0]!.instance;
    const held = instances.filter((r) => r.instance === instance).map((r) => r.org_id.trim());
    expect(held.length).toBeLessThan(ofPackage.length);
    const groupId = await t.makeGroup(
      `Maintenance ${Date.now()}`,
      ofPackage.map((c) => c.org_id),
    );
    const start = new Date(Date.now() + 2 * 3_600_000);
    await t.rows(
      `INSERT INTO instance_maintenance (maintenance_id, instance_key, name, maintenance_type,
         availability, planned_start, planned_end) VALUES ('m-1', $1, 'Major release', 'release',
         'readOnly', $2, $3)`,
      [
        instance,
        new Date(start.getTime() + 30 * 60_000),
        new Date(start.getTime() + 5 * 3_600_000),
      ],
    );
    try {
      const preview = async (at?: Date) => {
        const response = await t.post(`/api/orggroups/${groupId}/upgrade/preview`, {
          versions: [ofPackage[0]!.target],
          ...(at ? { scheduled_date: at.toISOString() } : {}),
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<SchedulePreview>();
      };
      // The window begins 30 minutes after the start: the push would run into it.
      const during = await preview(start);
      const line = during.leftOut.find((l) => l.kind === 'maintenance');
      expect(line).toMatchObject({
        label: 'Instance in a Salesforce maintenance window at the start',
        count: held.length,
      });
      expect(line!.orgs.map((o) => o.org_id).sort()).toEqual([...held].sort());
      expect(line!.orgs[0]!.detail).toMatch(new RegExp(`^${instance}: Major release, .* UTC$`));
      // Without a start, or once the window has ended, nobody is held.
      for (const at of [undefined, new Date(start.getTime() + 6 * 3_600_000)]) {
        expect((await preview(at)).leftOut.some((l) => l.kind === 'maintenance')).toBe(false);
      }
      const bad = await t.post(`/api/orggroups/${groupId}/upgrade/preview`, {
        versions: [ofPackage[0]!.target],
        scheduled_date: 'soon',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ field: string }>().field).toContain('scheduled_date');

      const schedule = await t.post(`/api/orggroups/${groupId}/upgrade`, {
        versions: [ofPackage[0]!.target],
        scheduled_date: start.toISOString(),
        description: 'Around maintenance',
        transid: `maintenance-${Date.now()}`,
      });
      expect(schedule.statusCode, schedule.body).toBe(200);
      const { id } = schedule.json<{ id: number }>();
      const jobs = await t.rows<{ org_id: string }>(
        `SELECT org_id FROM upgrade_job WHERE upgrade_id = $1`,
        [id],
      );
      expect(jobs.some((j) => held.includes(j.org_id.trim()))).toBe(false);
      const reasons = await t.rows<{ org_id: string; reason: string }>(
        `SELECT org_id, reason FROM upgrade_blacklist WHERE upgrade_id = $1`,
        [id],
      );
      const heldReasons = reasons.filter((r) => held.includes(r.org_id.trim()));
      expect(heldReasons).toHaveLength(held.length);
      expect(heldReasons[0]!.reason).toMatch(/not pushed during Salesforce maintenance$/);
    } finally {
      await t.rows(`DELETE FROM instance_maintenance`);
    }
  });
});
