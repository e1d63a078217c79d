// Failure clusters over real HTTP against the simulator (docs/api.md "Failure clusters"): the
// clusters of an upgrade and of one request, a package's recurring failures, Retry this cluster
// (a new upgrade of exactly the cluster's orgs, once), Blacklist these orgs (into a Blacklist
// Group, the reason in the audit row), the cluster's export, the 400s, 404s and read-only 403s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureKey, type MemberChangeResult } from '../../../../domain';
import type {
  FailureClusters,
  PackageFailureCluster,
} from '../../../../domain/api/failure-clusters';
import { startUpgradeApp, type UpgradeApp } from '../../../services/upgrades/testing/upgrade-app';

let t: UpgradeApp;
beforeAll(async () => {
  t = await startUpgradeApp();
}, 120_000);
afterAll(() => t?.close());

const pushError = (title: string, message: string) =>
  JSON.stringify([{ type: 'DeployError', title, details: 'Component: x', message }]);

/**
 * An upgrade of one package whose jobs failed: four orgs with a picklist conflict naming their
 * own org and value, two with a missing field, one with plain text; one succeeded.
 */
async function upgradeWithFailures() {
  const pool = await t.candidates(80);
  const packageId = pool[0]!.package_id;
  const orgs = pool.filter((c) => c.package_id === packageId).slice(0, 12);
  const id = await t.scheduleGroup(
    orgs.map((c) => c.org_id),
    [orgs[0]!.target],
    'Clusters',
  );
  const jobs = await t.rows<{ org_id: string }>(
    `SELECT trim(org_id) AS org_id FROM upgrade_job WHERE upgrade_id = $1 AND status = 'Created'
      ORDER BY org_id`,
    [id],
  );
  expect(jobs.length).toBeGreaterThanOrEqual(8);
  const orgIds = jobs.map((j) => j.org_id);
  const picklist = orgIds.slice(0, 4);
  const field = orgIds.slice(4, 6);
  const plain = orgIds[6]!;
  const set = (orgId: string, status: string, message: string | null) =>
    t.rows(
      `UPDATE upgrade_job SET status = $3, message = $4 WHERE upgrade_id = $1 AND org_id = $2`,
      [id, orgId, status, message],
    );
  for (const [i, orgId] of picklist.entries()) {
    await set(
      orgId,
      'Failed',
      pushError(
        'Package component failed to deploy',
        `Org ${orgId}: picklist value '${['Archived', 'On Hold', 'Disputed', 'X'][i]}' conflicts (${i * 17} rows)`,
      ),
    );
  }
  for (const orgId of field) {
    await set(orgId, 'Failed', pushError('Apex compile error', `Field ${orgId} does not exist`));
  }
  await set(plain, 'Failed', 'The simulator restarted at 12:04');
  await set(orgIds[7]!, 'Succeeded', null);
  await t.rows(`UPDATE upgrade SET status = 'Done' WHERE id = $1`, [id]);
  const [item] = await t.rows<{ id: number }>(
    `SELECT id::int AS id FROM upgrade_item WHERE upgrade_id = $1`,
    [id],
  );
  return {
    id,
    itemId: item!.id,
    packageId,
    picklist,
    field,
    plain,
    picklistKey: failureKey(
      pushError(
        'Package component failed to deploy',
        "Org 00D000000000001: picklist value 'A' conflicts (1 rows)",
      ),
    ),
  };
}

const clustersOf = async (upgradeId: number, query = '', as = t.operator) => {
  const response = await t.get(`/api/upgrades/${upgradeId}/failure-clusters${query}`, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FailureClusters>();
};

describe('GET /api/upgrades/:id/failure-clusters', () => {
  it('groups the failed jobs by normalised error with counts, shares, samples and breakdowns', async () => {
    const u = await upgradeWithFailures();
    // Jobs that failed before keys were written get theirs on the first read.
    expect(
      await t.rows(`SELECT id FROM upgrade_job WHERE upgrade_id = $1 AND failure_key IS NOT NULL`, [
        u.id,
      ]),
    ).toEqual([]);

    const body = await clustersOf(u.id, '', t.viewer);
    expect(body.failed).toBe(7);
    expect(body.cluster_count).toBe(3);
    expect(body.clusters.map((c) => c.count)).toEqual([4, 2, 1]);
    const [picklist, field, plain] = body.clusters;
    expect(picklist!.errors).toEqual([
      {
        type: 'DeployError',
        title: 'Package component failed to deploy',
        message: "Org <id>: picklist value '…' conflicts (# rows)",
      },
    ]);
    expect(picklist!.share).toBeCloseTo(4 / 7);
    expect(picklist!.orgs).toBe(4);
    expect(picklist!.sample_orgs.map((o) => o.org_id)).toEqual(u.picklist.slice(0, 3));
    expect(picklist!.sample_orgs[0]!.name).toEqual(expect.any(String));
    expect(picklist!.editions.reduce((n, e) => n + e.count, 0)).toBe(4);
    expect(picklist!.instances.reduce((n, e) => n + e.count, 0)).toBe(4);
    expect(Date.parse(picklist!.first_seen!)).toBeLessThanOrEqual(Date.parse(picklist!.last_seen!));
    expect(field!.errors[0]!.title).toBe('Apex compile error');
    expect(field!.sample_orgs.map((o) => o.org_id)).toEqual(u.field);
    expect(plain!.errors).toEqual([
      { type: null, title: null, message: 'The simulator restarted at #' },
    ]);
    expect(picklist!.key).toBe(u.picklistKey);
    const keyed = await t.rows<{ org_id: string; failure_key: string }>(
      `SELECT trim(org_id) AS org_id, failure_key FROM upgrade_job
        WHERE upgrade_id = $1 AND status = 'Failed'`,
      [u.id],
    );
    expect(
      keyed
        .filter((r) => r.failure_key === picklist!.key)
        .map((r) => r.org_id)
        .sort(),
    ).toEqual([...u.picklist].sort());

    // One request's jobs: the same clusters here (one package, one request).
    const ofItem = await clustersOf(u.id, `?itemId=${u.itemId}`);
    expect(ofItem.clusters.map((c) => [c.key, c.count])).toEqual(
      body.clusters.map((c) => [c.key, c.count]),
    );
  });

  it('answers 404 for an unknown upgrade or a request of another one, 400 for bad ids', async () => {
    const u = await upgradeWithFailures();
    expect((await t.get('/api/upgrades/99999999/failure-clusters')).statusCode).toBe(404);
    const other = await t.get(`/api/upgrades/${u.id}/failure-clusters?itemId=99999999`);
    expect(other.statusCode).toBe(404);
    const bad = await t.get(`/api/upgrades/${u.id}/failure-clusters?itemId=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toContain('itemId');
  });
});

describe('GET /api/packages/:packageId/failure-clusters', () => {
  it("lists the package's recurring failures across its upgrades", async () => {
    const first = await upgradeWithFailures();
    const second = await upgradeWithFailures();
    expect(second.packageId).toBe(first.packageId);
    const response = await t.get(`/api/packages/${first.packageId}/failure-clusters`, t.viewer);
    expect(response.statusCode, response.body).toBe(200);
    const clusters = response.json<PackageFailureCluster[]>();
    const picklist = clusters.find(
      (c) => c.errors[0]!.title === 'Package component failed to deploy',
    )!;
    expect(picklist.upgrades).toBeGreaterThanOrEqual(2);
    expect(picklist.jobs).toBeGreaterThanOrEqual(8);
    expect(picklist.last_upgrade_id).toBeGreaterThanOrEqual(second.id);
    expect(picklist.errors[0]!.title).toBe('Package component failed to deploy');
    expect(clusters[0]!.upgrades).toBeGreaterThanOrEqual(clusters.at(-1)!.upgrades);
    expect((await t.get('/api/packages/nope/failure-clusters')).statusCode).toBe(400);
  });
});

describe('POST /api/upgrades/:id/failure-clusters/retry', () => {
  it("schedules a new upgrade of exactly the cluster's orgs, once, audited as a retry", async () => {
    const u = await upgradeWithFailures();
    const { clusters } = await clustersOf(u.id);
    const key = clusters[0]!.key;
    const [first, again] = [
      await t.post(`/api/upgrades/${u.id}/failure-clusters/retry`, { key }),
      await t.post(`/api/upgrades/${u.id}/failure-clusters/retry`, { key }),
    ];
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    const { id } = first.json<{ id: number }>();
    expect(again.json<{ id: number }>().id).toBe(id);
    const retried = await t.rows<{ org_id: string }>(
      `SELECT trim(org_id) AS org_id FROM upgrade_job WHERE upgrade_id = $1 ORDER BY org_id`,
      [id],
    );
    expect(retried.map((r) => r.org_id)).toEqual([...u.picklist].sort());
    const [child] = await t.rows<{ parent_id: number; description: string }>(
      `SELECT parent_id::int AS parent_id, description FROM upgrade WHERE id = $1`,
      [id],
    );
    expect(child).toEqual({
      parent_id: u.id,
      description: `Retry of a failure cluster of upgrade ${u.id}: Clusters`,
    });
    const audit = await t.rows<{ outcome: string; key: string }>(
      `SELECT outcome, details->>'failureKey' AS key FROM audit_log
        WHERE action = 'upgrade.retry' AND target_id = $1 ORDER BY id`,
      [String(u.id)],
    );
    expect(audit).toEqual([
      { outcome: 'success', key },
      { outcome: 'success', key },
    ]);

    // Retry Failed afterwards retries only the other clusters' orgs.
    const rest = await t.post(`/api/upgrades/retry/${u.id}`);
    expect(rest.statusCode, rest.body).toBe(200);
    const others = await t.rows<{ org_id: string }>(
      `SELECT trim(org_id) AS org_id FROM upgrade_job WHERE upgrade_id = $1 ORDER BY org_id`,
      [rest.json<{ id: number }>().id],
    );
    expect(others.map((r) => r.org_id)).toEqual([...u.field, u.plain].sort());
  });

  it('refuses read-only users (403), bad keys (400), unknown clusters and upgrades (404)', async () => {
    const u = await upgradeWithFailures();
    const { clusters } = await clustersOf(u.id);
    const key = clusters[0]!.key;
    const url = `/api/upgrades/${u.id}/failure-clusters/retry`;
    expect((await t.post(url, { key }, t.viewer)).statusCode).toBe(403);
    const bad = await t.post(url, { key: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toBe('key');
    const missing = await t.post(url, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ field: string }>().field).toBe('key');
    expect((await t.post(url, { key: '0123456789abcdef' })).statusCode).toBe(404);
    expect(
      (await t.post('/api/upgrades/99999999/failure-clusters/retry', { key })).statusCode,
    ).toBe(404);
    expect(await t.rows(`SELECT id FROM upgrade WHERE parent_id = $1`, [u.id])).toEqual([]);
    const denied = await t.rows(
      `SELECT id FROM audit_log WHERE action = 'upgrade.retry' AND target_id = $1
          AND outcome = 'denied' AND actor = 'viewer@pushboard.demo'`,
      [String(u.id)],
    );
    expect(denied).toHaveLength(1);
  });
});

describe('the cluster actions of one request (Upgrade request detail)', () => {
  it("narrow to the request's jobs, and refuse a request of another upgrade (404)", async () => {
    const u = await upgradeWithFailures();
    const other = await upgradeWithFailures();
    const { clusters } = await clustersOf(u.id, `?itemId=${u.itemId}`);
    const key = clusters[1]!.key;
    const url = `/api/upgrades/${u.id}/failure-clusters`;
    const foreign = await t.post(`${url}/retry`, { key, itemId: other.itemId });
    expect(foreign.statusCode, foreign.body).toBe(404);
    const groupId = await t.makeGroup(`Request blacklist ${Date.now()}`, [], 'Blacklist Group');
    const foreignBlacklist = await t.post(`${url}/blacklist`, {
      key,
      itemId: other.itemId,
      groupId,
      reason: 'x',
    });
    expect(foreignBlacklist.statusCode, foreignBlacklist.body).toBe(404);

    const retry = await t.post(`${url}/retry`, { key, itemId: u.itemId });
    expect(retry.statusCode, retry.body).toBe(200);
    const retried = await t.rows<{ org_id: string }>(
      `SELECT trim(org_id) AS org_id FROM upgrade_job WHERE upgrade_id = $1 ORDER BY org_id`,
      [retry.json<{ id: number }>().id],
    );
    expect(retried.map((r) => r.org_id)).toEqual([...u.field].sort());
    const [audit] = await t.rows<{ item: string }>(
      `SELECT details->>'itemId' AS item FROM audit_log
        WHERE action = 'upgrade.retry' AND target_id = $1 AND outcome = 'success'`,
      [String(u.id)],
    );
    expect(audit).toEqual({ item: String(u.itemId) });
  });
});

describe('POST /api/upgrades/:id/failure-clusters/blacklist', () => {
  it("adds the cluster's orgs to the Blacklist Group and records the reason in the audit log", async () => {
    const u = await upgradeWithFailures();
    const { clusters } = await clustersOf(u.id);
    const field = clusters[1]!;
    const groupId = await t.makeGroup(`Incompatible ${Date.now()}`, [], 'Blacklist Group');
    const url = `/api/upgrades/${u.id}/failure-clusters/blacklist`;
    const response = await t.post(url, {
      key: field.key,
      groupId,
      reason: 'Field removed by the customer',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MemberChangeResult>()).toMatchObject({ id: groupId, count: 2 });
    const members = await t.rows<{ org_id: string }>(
      `SELECT trim(org_id) AS org_id FROM org_group_member WHERE org_group_id = $1 ORDER BY 1`,
      [groupId],
    );
    expect(members.map((m) => m.org_id)).toEqual([...u.field].sort());
    const [audit] = await t.rows<{ details: Record<string, unknown> }>(
      `SELECT details FROM audit_log WHERE action = 'orggroup.members.add' AND target_id = $1`,
      [String(groupId)],
    );
    expect(audit!.details).toMatchObject({
      reason: 'Field removed by the customer',
      upgradeId: u.id,
      failureKey: field.key,
      added: 2,
    });
  });

  it('refuses read-only users (403), a group that is not a Blacklist Group and no reason (400)', async () => {
    const u = await upgradeWithFailures();
    const { clusters } = await clustersOf(u.id);
    const key = clusters[0]!.key;
    const blacklist = await t.makeGroup(`Denied ${Date.now()}`, [], 'Blacklist Group');
    const upgradeGroup = await t.makeGroup(`Wave ${Date.now()}`, []);
    const url = `/api/upgrades/${u.id}/failure-clusters/blacklist`;
    const body = { key, groupId: blacklist, reason: 'Known' };
    expect((await t.post(url, body, t.viewer)).statusCode).toBe(403);
    const wrongType = await t.post(url, { ...body, groupId: upgradeGroup });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ field: string }>().field).toBe('groupId');
    const noReason = await t.post(url, { ...body, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ field: string }>().field).toBe('reason');
    expect((await t.post(url, { ...body, groupId: 99999999 })).statusCode).toBe(404);
    expect((await t.post(url, { ...body, key: '0123456789abcdef' })).statusCode).toBe(404);
    expect(
      await t.rows(`SELECT org_id FROM org_group_member WHERE org_group_id = ANY($1::bigint[])`, [
        [blacklist, upgradeGroup],
      ]),
    ).toEqual([]);
  });
});

describe('GET /api/upgrades/:id/jobs/export?failureKey=', () => {
  it("exports one cluster's failed jobs; a bad key is a 400", async () => {
    const u = await upgradeWithFailures();
    const { clusters } = await clustersOf(u.id);
    const exported = await t.get(
      `/api/upgrades/${u.id}/jobs/export?failureKey=${clusters[0]!.key}`,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    const lines = exported.body.trim().split('\n');
    expect(lines).toHaveLength(5);
    expect(
      lines
        .slice(1)
        .map((l) => l.split('\t')[0])
        .sort(),
    ).toEqual([...u.picklist].sort());
    const page = await t.get(`/api/upgrades/${u.id}/jobs?failureKey=${clusters[1]!.key}`);
    expect(page.json<{ total: number }>().total).toBe(2);
    const bad = await t.get(`/api/upgrades/${u.id}/jobs/export?failureKey=zz`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toBe('failureKey');
  });
});
