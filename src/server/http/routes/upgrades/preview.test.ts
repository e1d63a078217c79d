// The Schedule Upgrade preview over real HTTP against the simulator, for a group and for one org:
// equal to what scheduling then does, nothing written (the maintenance hold is in
// maintenance-hold.test.ts, a filtered Orgs list's in schedule-filtered.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SchedulePreview } from '../../../../domain';
import { startUpgradeApp, type UpgradeApp } from '../../../services/upgrades/testing/upgrade-app';

let t: UpgradeApp;
beforeAll(async () => {
  t = await startUpgradeApp();
}, 120_000);
afterAll(() => t?.close());

describe('POST /api/orggroups/:id/upgrade/preview and /api/orgs/:orgId/upgrade/preview', () => {
  it('answers what scheduling then does, writes nothing, and is open to read-only users', async () => {
    const group = await t.mixedGroup(6);
    const groupId = await t.makeGroup('Preview', group.members);
    const upgradesBefore = await t.count('upgrade');
    const response = await t.post(
      `/api/orggroups/${groupId}/upgrade/preview`,
      { versions: [group.target] },
      t.viewer,
    );
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<SchedulePreview>();
    expect(await t.count('upgrade')).toBe(upgradesBefore);
    expect(preview.requests).toHaveLength(1);
    expect(preview.requests[0]).toMatchObject({
      version_id: group.target,
      orgs: group.planned.length,
    });
    // One line per kind of reason, each with the orgs it covers.
    expect(preview.leftOutOrgs).toBe(2);
    const [blacklistedOrg] = group.members;
    expect(preview.leftOut).toEqual([
      {
        kind: 'blacklisted',
        label: 'Blacklisted (a Blacklist Group)',
        count: 1,
        orgs: [
          expect.objectContaining({
            org_id: blacklistedOrg,
            detail: expect.stringMatching(/^Blacklist Group 'Denied /) as string,
          }),
        ],
      },
      {
        kind: 'not-installed',
        label: 'Package not installed',
        count: 1,
        orgs: [
          {
            org_id: '00D000000000555AAA',
            org_name: null,
            account_name: null,
            detail: preview.requests[0]!.package_name,
          },
        ],
      },
    ]);
    expect(typeof preview.leftOut[0]!.orgs[0]!.org_name).toBe('string');

    // Scheduling the same: the same request size and the same reasons.
    const schedule = await t.post(`/api/orggroups/${groupId}/upgrade`, {
      versions: [group.target],
      scheduled_date: new Date(Date.now() + 3_600_000).toISOString(),
      description: 'After preview',
      transid: `preview-${Date.now()}`,
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    const { id } = schedule.json<{ id: number }>();
    const items = await t.rows<{ version_id: string; total_job_count: number }>(
      `SELECT version_id, total_job_count FROM upgrade_item WHERE upgrade_id = $1`,
      [id],
    );
    expect(items).toEqual(
      preview.requests.map((r) => ({ version_id: r.version_id, total_job_count: r.orgs })),
    );
    const leftOut = await t.rows<{ org_id: string }>(
      `SELECT org_id FROM upgrade_blacklist WHERE upgrade_id = $1 ORDER BY org_id`,
      [id],
    );
    expect(leftOut.map((r) => r.org_id.trim())).toEqual(
      preview.leftOut.flatMap((line) => line.orgs.map((org) => org.org_id)).sort(),
    );

    const [org] = await t.candidates(1);
    const single = await t.post(`/api/orgs/${org!.org_id}/upgrade/preview`, {
      versions: [org!.target],
    });
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json()).toMatchObject({ requests: [{ orgs: 1 }], leftOutOrgs: 0, leftOut: [] });
    const unknownVersion = await t.post(`/api/orgs/${org!.org_id}/upgrade/preview`, {
      versions: ['04t000000000000AAA'],
    });
    expect(unknownVersion.statusCode).toBe(400);
    expect(unknownVersion.json<{ field: string }>().field).toBe('versions');
    const noVersions = await t.post(`/api/orgs/${org!.org_id}/upgrade/preview`, {});
    expect(noVersions.statusCode).toBe(400);
    expect(noVersions.json<{ field: string }>().field).toContain('versions');
    expect(
      (await t.post('/api/orggroups/99999999/upgrade/preview', { versions: [org!.target] }))
        .statusCode,
    ).toBe(404);
  });
});
