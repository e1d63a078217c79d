// Scheduling for the orgs of a filtered Orgs list (POST /api/orgs/upgrade and its preview) over
// real HTTP against the simulator: the same eligibility as a group, the column filters of the
// Orgs list in the filter language, at least one filter, a rollout plan too, audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_FILTER_REQUIRED, type SchedulePreview } from '../../../../domain';
import { startUpgradeApp, type UpgradeApp } from '../../../services/upgrades/testing/upgrade-app';

let t: UpgradeApp;
beforeAll(async () => {
  t = await startUpgradeApp();
}, 120_000);
afterAll(() => t?.close());

describe('POST /api/orgs/upgrade', () => {
  it('previews and schedules the orgs the filters show, through the same eligibility', async () => {
    const pool = await t.candidates(30);
    const orgs = pool.filter((c) => c.package_id === pool[0]!.package_id).slice(0, 3);
    // The Groups column shows the org's groups: a filter on it selects these three orgs.
    await t.makeGroup(
      'Filtered scope members',
      orgs.map((o) => o.org_id),
    );
    const filters = [{ id: 'groups', value: 'Filtered scope members' }];
    const versions = [orgs[0]!.target];

    const preview = await t.post('/api/orgs/upgrade/preview', { versions, filters });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<SchedulePreview>().requests.map((r) => r.orgs)).toEqual([3]);

    const response = await t.post('/api/orgs/upgrade', {
      versions,
      filters,
      scheduled_date: new Date(t.h.sim.control.now().getTime() + 60_000).toISOString(),
      description: 'Filtered orgs',
      transid: `filtered-${Date.now()}`,
      rollout: {
        waves: [{ selector: { kind: 'percent', percent: 50 } }, { selector: { kind: 'rest' } }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: number }>();
    const jobs = await t.rows<{ org_id: string; wave: number }>(
      `SELECT trim(j.org_id) AS org_id, i.wave FROM upgrade_job j JOIN upgrade_item i ON i.id = j.item_id
        WHERE j.upgrade_id = $1 ORDER BY 1`,
      [id],
    );
    expect(jobs.map((j) => j.org_id)).toEqual(orgs.map((o) => o.org_id).sort());
    expect(jobs.map((j) => j.wave).sort()).toEqual([1, 1, 2]);
    const [audit] = await t.rows<{ target_type: string; target_id: string }>(
      `SELECT target_type, target_id FROM audit_log WHERE action = 'upgrade.schedule'
        AND outcome = 'success' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual({ target_type: 'org_filter', target_id: JSON.stringify(filters) });
  });

  it('needs a filter, a known column, and a user who may change', async () => {
    const body = {
      versions: ['04t000000000001AAA'],
      scheduled_date: new Date().toISOString(),
      description: 'x',
      transid: `f-${Date.now()}`,
    };
    for (const filters of [[], [{ id: 'name', value: '  ' }]]) {
      const none = await t.post('/api/orgs/upgrade', { ...body, filters });
      expect(none.statusCode).toBe(400);
      expect(none.json<{ field: string; message: string }>()).toMatchObject({
        field: 'filters',
        message: expect.stringContaining(ORG_FILTER_REQUIRED) as unknown,
      });
      const preview = await t.post('/api/orgs/upgrade/preview', {
        versions: body.versions,
        filters,
      });
      expect(preview.statusCode).toBe(400);
    }
    const bad = await t.post('/api/orgs/upgrade/preview', {
      versions: body.versions,
      filters: [{ id: 'nope', value: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/^filters/);
    const viewer = await t.post(
      '/api/orgs/upgrade',
      { ...body, filters: [{ id: 'name', value: 'a' }] },
      t.viewer,
    );
    expect(viewer.statusCode).toBe(403);
  });
});
