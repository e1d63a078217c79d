// Refresh Versions for one org or a group: reads those orgs' subscriber rows by OrgKey, records an
// uninstall as Not Found, re-derives the orgs, and emits org-versions / group-versions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fetchAllJob } from './fetch-job';
import { refreshGroupVersionsJob, refreshOrgVersionsJob } from './refresh-versions';
import { runJob } from './testing/recording-context';
import { startSyncHarness, type SyncHarness } from './testing/sync-harness';

let h: SyncHarness;
let core: string;
let billing: string;

const subscriberRow = z.object({
  Id: z.string(),
  OrgKey: z.string(),
  MetadataPackageVersionId: z.string(),
});

beforeAll(async () => {
  h = await startSyncHarness({ dataset: 'test' });
  core = h.packagingIds.get('relaycore') ?? '';
  billing = h.packagingIds.get('relaybill') ?? '';
  await runJob(fetchAllJob(h.deps));
});
afterAll(async () => {
  await h.close();
});

/** An org that has both packages installed, with both subscriber rows. */
async function orgWithBothPackages() {
  const coreRows = await (
    await h.gateway.connect(core)
  ).queryAll('SELECT Id, OrgKey, MetadataPackageVersionId FROM PackageSubscriber', subscriberRow);
  const billingRows = await (
    await h.gateway.connect(billing)
  ).queryAll('SELECT Id, OrgKey, MetadataPackageVersionId FROM PackageSubscriber', subscriberRow);
  const byOrg = new Map(billingRows.map((r) => [r.OrgKey, r]));
  const coreRow = coreRows.find((r) => byOrg.has(r.OrgKey));
  const billingRow = coreRow ? byOrg.get(coreRow.OrgKey) : undefined;
  if (!coreRow || !billingRow) throw new Error('the test dataset has orgs with both packages');
  return { orgId: coreRow.OrgKey, coreRow, billingRow };
}

const installs = async (orgId: string) =>
  (
    await h.testDb.db.query<{ package_org_id: string; version_id: string; status: string }>(
      `SELECT p.package_org_id, v.version_id, v.status FROM org_package_version v
       JOIN package p ON p.sfid = v.package_id WHERE v.org_id = $1 ORDER BY p.package_org_id`,
      [orgId],
    )
  ).rows;

describe('Refresh versions', () => {
  it('refreshes one org: new version, uninstalled package, org-versions event', async () => {
    const { orgId, coreRow, billingRow } = await orgWithBothPackages();
    const { rows } = await h.testDb.db.query<{ version_id: string }>(
      `SELECT v.version_id FROM package_version v JOIN package p ON p.sfid = v.package_id
       WHERE p.package_org_id = $1 AND v.version_id <> $2 LIMIT 1`,
      [core, coreRow.MetadataPackageVersionId],
    );
    const target = rows[0]?.version_id ?? '';
    h.sim.control.updateRecord(core, 'PackageSubscriber', coreRow.Id, {
      MetadataPackageVersionId: target,
    });
    h.sim.control.deleteRecord(billing, 'PackageSubscriber', billingRow.Id);

    // A 15-character id is accepted and canonicalised.
    const context = await runJob(refreshOrgVersionsJob(h.deps), { orgId: orgId.slice(0, 15) });
    expect(context.errorMessages()).toEqual([]);
    expect(context.results.map((r) => r.message)).toEqual([
      `Found 1 installed package for ${orgId}`,
    ]);
    expect(await installs(orgId)).toEqual(
      [
        { package_org_id: core, version_id: target, status: 'Installed' },
        {
          package_org_id: billing,
          version_id: billingRow.MetadataPackageVersionId,
          status: 'Not Found',
        },
      ].sort((a, b) => a.package_org_id.localeCompare(b.package_org_id)),
    );
    expect(h.live.named('org-versions')).toContainEqual({ ids: [orgId] });
  });

  it('refreshes a group, bringing back an org the database lost', async () => {
    const { orgId } = await orgWithBothPackages();
    await h.testDb.db.query('DELETE FROM org WHERE org_id = $1', [orgId]);
    const { rows } = await h.testDb.db.query<{ id: number }>(
      `INSERT INTO org_group (name) VALUES ('Pilot') RETURNING id`,
    );
    const groupId = Number(rows[0]?.id);
    await h.testDb.db.query('INSERT INTO org_group_member (org_group_id, org_id) VALUES ($1, $2)', [
      groupId,
      orgId,
    ]);
    const context = await runJob(refreshGroupVersionsJob(h.deps), { groupId });
    expect(context.errorMessages()).toEqual([]);
    expect(await installs(orgId)).toHaveLength(2);
    const { rows: orgs } = await h.testDb.db.query<{ status: string; account_id: string | null }>(
      'SELECT status, account_id FROM org WHERE org_id = $1',
      [orgId],
    );
    expect(orgs[0]?.account_id).not.toBeNull();
    expect(h.live.named('group-versions')).toContainEqual({ ids: [groupId] });
  });

  it('refuses a bad org id and an unknown group', async () => {
    expect(() => refreshOrgVersionsJob(h.deps).steps({ orgId: "00D' OR x" })).toThrow(
      'orgId must be a 15- or 18-character org id',
    );
    await expect(runJob(refreshGroupVersionsJob(h.deps), { groupId: 999_999 })).rejects.toThrow(
      'There is no group 999999.',
    );
  });
});
