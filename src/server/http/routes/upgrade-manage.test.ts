// The management and read routes of upgrades over real HTTP against the simulator: the detail
// reads (the schedule preview is in upgrades/preview.test.ts), the Analyze stats, purge (all or nothing, active upgrades refused) and the server-paged Jobs and Blacklist
// lists (sort, filter, page, export).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareVersions, type ListPage, type UpgradeJob } from '../../../domain';
import {
  startUpgradeApp,
  type Candidate,
  type UpgradeApp,
} from '../../services/upgrades/testing/upgrade-app';

let t: UpgradeApp;
beforeAll(async () => {
  t = await startUpgradeApp();
}, 120_000);
afterAll(() => t?.close());

const listUrl = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`;
const filters = (value: Record<string, string>) =>
  JSON.stringify(Object.entries(value).map(([id, v]) => ({ id, value: v })));
async function page<T>(path: string, query: Record<string, string | number> = {}) {
  const response = await t.get(listUrl(path, query));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListPage<T>>();
}
describe('GET /api/upgrades/:id and /api/upgradeitems/:id', () => {
  it('answer the upgrade and the request with their job counts; 404 unknown, 400 bad ids', async () => {
    const group = await t.mixedGroup(5);
    const id = await t.scheduleGroup(group.members, [group.target], 'Detail');
    const jobs = await t.rows<{ status: string }>(
      `SELECT status FROM upgrade_job WHERE upgrade_id = $1`,
      [id],
    );
    const eligible = jobs.filter((j) => j.status !== 'Ineligible').length;
    const response = await t.get(`/api/upgrades/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      description: 'Detail',
      status: 'Ready',
      // One name per status: the requests (all Created) roll up to 'Scheduled'.
      item_status: 'Scheduled',
      total_job_count: group.planned.length,
      created_by: 'operator@pushboard.demo',
      eligible_job_count: eligible,
      created_job_count: eligible,
      failed_job_count: 0,
      message: null,
      parent_id: null,
    });

    const [item] = await t.rows<{ id: number; push_request_id: string }>(
      `SELECT id::int AS id, push_request_id FROM upgrade_item WHERE upgrade_id = $1`,
      [id],
    );
    const itemResponse = await t.get(`/api/upgradeitems/${item!.id}`, t.viewer);
    expect(itemResponse.statusCode, itemResponse.body).toBe(200);
    expect(itemResponse.json()).toMatchObject({
      id: item!.id,
      upgrade_id: id,
      push_request_id: item!.push_request_id,
      status: 'Created',
      status_name: 'Created',
      job_count: jobs.length,
      total_job_count: group.planned.length,
      eligible_job_count: eligible,
      message: null,
    });
    expect((await t.get('/api/upgrades/99999999')).statusCode).toBe(404);
    expect((await t.get('/api/upgradeitems/99999999')).statusCode).toBe(404);
    const bad = await t.get('/api/upgrades/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toContain('id');
  });
});

describe('POST /api/stats', () => {
  it('counts orgs per package and status across upgrades, Ineligible left out; open to read-only users', async () => {
    const [a, b] = await t.candidates(2);
    const sameOrg = a!.package_id === b!.package_id;
    expect(sameOrg).toBe(true);
    const first = await t.scheduleGroup([a!.org_id, b!.org_id], [a!.target], 'Stats 1');
    const second = await t.scheduleGroup([a!.org_id], [a!.target], 'Stats 2');
    await t.rows(`UPDATE upgrade_job SET status = 'Failed' WHERE upgrade_id = ANY($1::bigint[])`, [
      [first, second],
    ]);
    await t.rows(
      `UPDATE upgrade_job SET status = 'Ineligible' WHERE upgrade_id = $1 AND org_id = $2`,
      [first, b!.org_id],
    );
    const [pkg] = await t.rows<{ name: string }>(`SELECT name FROM package WHERE sfid = $1`, [
      a!.package_id,
    ]);
    const response = await t.post('/api/stats', { upgradeIds: [first, second] }, t.viewer);
    expect(response.statusCode, response.body).toBe(200);
    // Org a failed in both upgrades: one org. Org b is Ineligible: not counted.
    expect(response.json()).toEqual([{ name: pkg!.name, status: 'Failed', count: 1 }]);

    const empty = await t.post('/api/stats', { upgradeIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ field: string }>().field).toContain('upgradeIds');
    expect((await t.post('/api/stats', { upgradeIds: [99999999] })).statusCode).toBe(404);
  });
});

describe('POST /api/upgrades/purge', () => {
  it('deletes finished history only, all or nothing, refusing active upgrades by id', async () => {
    const [a, b, c] = await t.candidates(3);
    const done = await t.scheduleGroup([a!.org_id], [a!.target], 'Purge done');
    const active = await t.scheduleGroup([b!.org_id], [b!.target], 'Purge active');
    const scheduling = await t.scheduleGroup([c!.org_id], [c!.target], 'Purge scheduling');
    await t.rows(`UPDATE upgrade SET status = 'Done' WHERE id = $1`, [done]);
    await t.rows(`UPDATE upgrade_item SET status = 'Succeeded' WHERE upgrade_id = $1`, [done]);
    await t.rows(`UPDATE upgrade SET status = 'Active' WHERE id = $1`, [active]);
    // A planned org whose push job is not created yet: scheduling has not finished.
    await t.rows(`DELETE FROM upgrade_job WHERE upgrade_id = $1`, [scheduling]);
    const [doneItem] = await t.rows<{ id: number }>(
      `SELECT id::int AS id FROM upgrade_item WHERE upgrade_id = $1`,
      [done],
    );

    for (const [ids, refused] of [
      [[done, active], `${active}`],
      [[done, scheduling], `${scheduling}`],
    ] as const) {
      const response = await t.post('/api/upgrades/purge', { upgradeIds: ids });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<{ message: string }>().message).toMatch(
        new RegExp(`^Upgrade ${refused} is still active`),
      );
    }
    const unknown = await t.post('/api/upgrades/purge', { upgradeIds: [done, 99999999] });
    expect(unknown.statusCode).toBe(404);
    expect(await t.count('upgrade WHERE id = $1', [done])).toBe(1);
    const readOnly = await t.post('/api/upgrades/purge', { upgradeIds: [done] }, t.viewer);
    expect(readOnly.statusCode).toBe(403);
    const bad = await t.post('/api/upgrades/purge', { upgradeIds: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toContain('upgradeIds');

    t.publish.mockClear();
    const purged = await t.post('/api/upgrades/purge', { upgradeIds: [done, done] });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(purged.json()).toEqual({ purged: 1 });
    expect(await t.count('upgrade WHERE id = $1', [done])).toBe(0);
    expect(await t.count('upgrade_item WHERE upgrade_id = $1', [done])).toBe(0);
    expect(await t.count('upgrade_job WHERE upgrade_id = $1', [done])).toBe(0);
    expect(await t.count('upgrade_item_plan WHERE item_id = $1', [doneItem!.id])).toBe(0);
    expect(await t.count('upgrade_blacklist WHERE upgrade_id = $1', [done])).toBe(0);
    expect(await t.count('upgrade WHERE id = ANY($1::bigint[])', [[active, scheduling]])).toBe(2);
    expect(t.publish).toHaveBeenCalledWith('upgrades', { ids: [done] });
    const audit = await t.rows<{ outcome: string }>(
      `SELECT outcome FROM audit_log WHERE action = 'upgrade.purge' ORDER BY id`,
    );
    expect(audit.map((r) => r.outcome)).toEqual([
      'failed',
      'failed',
      'failed',
      'denied',
      'success',
    ]);
  });
});

describe('GET /api/upgrades/:id/jobs and /blacklist', () => {
  it('pages, sorts and filters the jobs, restricts them to one request, and exports them', async () => {
    const packages = await t.rows<{ package_id: string }>(
      `SELECT DISTINCT package_id FROM org_package_version ORDER BY package_id`,
    );
    const found = [];
    for (const { package_id: packageId } of packages) {
      const orgs = await t.candidates(6, packageId);
      if (orgs.length === 6) found.push(orgs);
    }
    const [a, b] = found as [Candidate[], Candidate[]];
    const id = await t.scheduleGroup(
      [...a, ...b].map((c) => c.org_id),
      [a[0]!.target, b[0]!.target],
      'Lists',
    );
    const jobs = await t.rows<{ id: number; org_id: string; item_id: number }>(
      `SELECT id::int AS id, org_id, item_id::int AS item_id FROM upgrade_job
        WHERE upgrade_id = $1 ORDER BY org_id, id`,
      [id],
    );
    const failed = jobs.slice(0, 3).map((j) => j.id);
    await t.rows(`UPDATE upgrade_job SET status = 'Failed', message = 'Boom' WHERE id = ANY($1)`, [
      failed,
    ]);

    const path = `/api/upgrades/${id}/jobs`;
    const all = await page<UpgradeJob>(path, { pageSize: 100 });
    expect(all.total).toBe(jobs.length);
    expect(all.rows.map((r) => r.id)).toEqual(jobs.map((j) => j.id));
    expect(all.rows[0]).toMatchObject({ upgrade_id: id, org_name: expect.any(String) as string });
    const first = await page<UpgradeJob>(path, { pageSize: 5 });
    const second = await page<UpgradeJob>(path, { pageSize: 5, page: 2 });
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(
      jobs.slice(0, 10).map((j) => j.id),
    );
    const byStatus = await page<UpgradeJob>(path, {
      filters: filters({ status: '"Failed"' }),
      sort_field: 'org_id',
      sort_dir: 'desc',
    });
    expect(byStatus.total).toBe(3);
    expect(byStatus.rows.map((r) => r.id)).toEqual([...failed].reverse());
    expect(byStatus.rows.every((r) => r.message === 'Boom')).toBe(true);
    const itemId = jobs[0]!.item_id;
    const ofItem = await page<UpgradeJob>(path, { itemId, pageSize: 100 });
    expect(ofItem.rows.map((r) => r.id)).toEqual(
      jobs.filter((j) => j.item_id === itemId).map((j) => j.id),
    );
    const byTarget = await page<UpgradeJob>(path, {
      sort_field: 'version_number,org_id',
      pageSize: 100,
    });
    expect(byTarget.total).toBe(jobs.length);
    const targets = byTarget.rows.map((r) => r.version_number ?? '');
    expect([...targets].sort(compareVersions)).toEqual(targets);
    const oneTarget = await page<UpgradeJob>(path, {
      filters: filters({ version_number: `"${targets[0]!}"` }),
      pageSize: 100,
    });
    const ofTarget = byTarget.rows.filter((r) => r.version_number === targets[0]);
    expect(oneTarget.rows.map((r) => r.id).sort()).toEqual(ofTarget.map((r) => r.id).sort());
    // The original version is the job's; the current one is what the org runs of the request's
    // package now, read from the org's installed versions.
    const stored = await t.rows<{ id: number; original: string | null; current: string | null }>(
      `SELECT j.id::int AS id, ov.version_number AS original, cv.version_number AS current
         FROM upgrade_job j JOIN upgrade_item i ON i.id = j.item_id
         LEFT JOIN package_version ov ON ov.version_id = j.original_version_id
         LEFT JOIN org_package_version cpv
           ON cpv.org_id = j.org_id AND cpv.package_id = i.package_id
         LEFT JOIN package_version cv ON cv.version_id = cpv.version_id
        WHERE j.upgrade_id = $1`,
      [id],
    );
    expect(stored.some((s) => s.current !== null)).toBe(true);
    const shown = new Map(all.rows.map((r) => [r.id, r]));
    for (const s of stored) {
      expect(shown.get(s.id)?.original_version_number ?? null).toBe(s.original);
      expect(shown.get(s.id)?.current_version_number ?? null).toBe(s.current);
    }
    for (const column of ['original_version_number', 'current_version_number'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const sorted = await page<UpgradeJob>(path, {
          sort_field: column,
          sort_dir: dir,
          pageSize: 100,
        });
        const values = sorted.rows.map((r) => r[column]);
        const present = values.filter((v): v is string => v !== null);
        // Empty values last both ways; the rest in version order.
        expect(values.slice(present.length).every((v) => v === null)).toBe(true);
        const ordered = [...present].sort(compareVersions);
        expect(present).toEqual(dir === 'asc' ? ordered : ordered.reverse());
      }
    }
    const someCurrent = stored.find((s) => s.current !== null)!.current!;
    const onCurrent = await page<UpgradeJob>(path, {
      filters: filters({ current_version_number: `"${someCurrent}"` }),
      pageSize: 100,
    });
    expect(onCurrent.rows.map((r) => r.id).sort()).toEqual(
      stored
        .filter((s) => s.current === someCurrent)
        .map((s) => s.id)
        .sort(),
    );
    const badSort = await t.get(listUrl(path, { sort_field: 'job_id' }));
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json<{ field: string }>().field).toBe('sort_field');
    expect((await t.get('/api/upgrades/99999999/jobs')).statusCode).toBe(404);
    const badItem = await t.get(listUrl(path, { itemId: 'x' }));
    expect(badItem.statusCode).toBe(400);
    expect(badItem.json<{ field: string }>().field).toContain('itemId');

    const exported = await t.get(
      `${path}/export?filters=${encodeURIComponent(filters({ status: '"Failed"' }))}`,
    );
    expect(exported.statusCode).toBe(200);
    const lines = exported.body.trim().split('\n');
    expect(lines[0]).toMatch(/^Org ID\tOrg Name\t/);
    expect(lines).toHaveLength(4);
  });

  it('lists the orgs left out with the reason, filtered by reason', async () => {
    const group = await t.mixedGroup(4);
    const id = await t.scheduleGroup(group.members, [group.target], 'Blacklist tab');
    const path = `/api/upgrades/${id}/blacklist`;
    const all = await page<{ org_id: string; reason: string }>(path);
    expect(all.total).toBe(2);
    const blacklisted = await page<{ org_id: string; reason: string; org_name: string }>(path, {
      filters: filters({ reason: '$Blacklisted' }),
    });
    expect(blacklisted.rows).toHaveLength(1);
    expect(blacklisted.rows[0]!.reason).toMatch(/^Blacklisted: Blacklist Group/);
    expect(blacklisted.rows[0]!.org_name).toBeTruthy();
    const exported = await t.get(`${path}/export`);
    expect(exported.body.trim().split('\n')).toHaveLength(3);
  });
});
