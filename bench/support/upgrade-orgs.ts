// The upgrade benchmarks' set-up: the simulator (scale dataset) in its own process with its orgs
// connected and no random failures, a fresh PostgreSQL database (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres); then the packages and versions fetched by the
// product's sync steps, then `orgs` orgs that have each of the first-tier `packageCount` packages
// installed below the latest version (read from the simulator's PackageSubscriber, written
// directly in SQL with Active licenses), in one Upgrade Group.
import type { ChildProcess } from 'node:child_process';
import { z } from 'zod';
import type { Database } from '../../src/server/db/database';
import type { SalesforceGateway } from '../../src/server/salesforce/gateway';
import { fetchSteps } from '../../src/server/sync/fetch-job';
import type { SyncDeps } from '../../src/server/sync/deps';
import { RecordingContext } from '../../src/server/sync/testing/recording-context';
import { connectSimulatorOrgs, type SimOrgLogin } from '../../src/server/sync/testing/sync-harness';
import { serverDatabase, startRemoteSimulator } from './processes';

const subscriberSchema = z.object({
  OrgKey: z.string(),
  MetadataPackageVersionId: z.string(),
  HasRestrictionEnabled: z.boolean().nullish(),
});

const seconds = (ms: number) => (ms / 1000).toFixed(2);

export type SimControl = (
  path: string,
  method?: string,
  body?: unknown,
) => Promise<Record<string, unknown>>;

export interface UpgradeBench {
  sim: { url: string; child: ChildProcess };
  db: Database;
  /** The simulator's control API (`/__sim/<path>`). */
  control: SimControl;
  deps: SyncDeps;
  gateway: SalesforceGateway;
  close(): Promise<void>;
}

export async function startUpgradeBench(): Promise<UpgradeBench> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const sim = await startRemoteSimulator('scale');
  const testDb = await serverDatabase(serverUrl);
  const close = async () => {
    await testDb.drop();
    sim.child.kill();
  };
  const control: SimControl = async (path, method = 'GET', body) => {
    const response = await fetch(`${sim.url}/__sim/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  try {
    const orgs = (await control('orgs')) as unknown as SimOrgLogin[];
    const { deps, gateway } = await connectSimulatorOrgs({
      db: testDb.db,
      url: sim.url,
      orgs,
      now: () => new Date(),
    });
    await control('failure-rate', 'PUT', { rate: 0 });
    return { sim, db: testDb.db, control, deps, gateway, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function prepareUpgradeOrgs(
  db: Database,
  deps: SyncDeps,
  gateway: SalesforceGateway,
  orgCount: number,
  packageCount: number,
) {
  // Packages, versions and the latest versions through the product's own sync steps.
  const context = new RecordingContext();
  for (const step of fetchSteps(deps, true).slice(1, 4)) await step.run(context, {});
  // The first-tier packages (so that one activation starts all their jobs).
  const packages = (
    await db.query<{
      sfid: string;
      package_id: string;
      package_org_id: string;
      latest: string;
      limited: string | null;
      sort: string;
    }>(
      `SELECT p.sfid, p.package_id, p.package_org_id, l.version_id AS latest,
              l.limited_version_id AS limited, v.version_sort AS sort
         FROM package p JOIN package_version_latest l ON l.package_id = p.sfid
         JOIN package_version v ON v.version_id = l.version_id
        WHERE p.package_org_id IS NOT NULL AND p.package_id IS NOT NULL ORDER BY p.dependency_tier, p.name LIMIT $1`,
      [packageCount],
    )
  ).rows;
  await db.query(`UPDATE package SET dependency_tier = 1 WHERE sfid = ANY($1::bpchar[])`, [
    packages.map((p) => p.sfid),
  ]);

  // 10 000 orgs with all three packages installed below the latest version, as Salesforce has them.
  const setupStart = performance.now();
  const sorts = new Map(
    (
      await db.query<{ version_id: string; version_sort: string }>(
        `SELECT version_id, version_sort FROM package_version`,
      )
    ).rows.map((r) => [r.version_id.trim(), r.version_sort]),
  );
  const installed = new Map<string, Map<string, string>>();
  for (const pkg of packages) {
    const conn = await gateway.connect(pkg.package_org_id.trim());
    const subscribers = await conn.queryAll(
      `SELECT OrgKey, MetadataPackageVersionId, HasRestrictionEnabled FROM PackageSubscriber
        WHERE MetadataPackageId = '${pkg.package_id.trim()}' AND OrgStatus = 'Active'`,
      subscriberSchema,
    );
    for (const s of subscribers) {
      const sort = sorts.get(s.MetadataPackageVersionId);
      const limited = s.MetadataPackageVersionId === pkg.limited?.trim();
      if (s.HasRestrictionEnabled || limited || !sort || sort >= pkg.sort) continue;
      const versions = installed.get(s.OrgKey) ?? new Map<string, string>();
      versions.set(pkg.sfid.trim(), s.MetadataPackageVersionId);
      installed.set(s.OrgKey, versions);
    }
  }
  const chosen = [...installed]
    .filter(([, versions]) => versions.size === packageCount)
    .map(([orgId]) => orgId)
    .sort()
    .slice(0, orgCount);
  if (chosen.length < orgCount) throw new Error(`Only ${chosen.length} orgs have all packages.`);
  await db.query(`INSERT INTO org (org_id, name) SELECT o, 'Org ' || o FROM unnest($1::text[]) o`, [
    chosen,
  ]);
  const installs = chosen.flatMap((orgId) =>
    [...(installed.get(orgId) ?? [])].map(([packageId, versionId]) => ({
      orgId,
      packageId,
      versionId,
    })),
  );
  await db.query(
    `INSERT INTO org_package_version (org_id, package_id, version_id, license_status)
     SELECT i.o, i.p, i.v, 'Active' FROM unnest($1::text[], $2::text[], $3::text[]) AS i(o, p, v)`,
    [
      installs.map((i) => i.orgId),
      installs.map((i) => i.packageId),
      installs.map((i) => i.versionId),
    ],
  );
  const group = await db.query<{ id: number }>(
    `INSERT INTO org_group (name, type) VALUES ('Bench', 'Upgrade Group') RETURNING id::int AS id`,
  );
  const groupId = group.rows[0]!.id;
  await db.query(
    `INSERT INTO org_group_member (org_group_id, org_id) SELECT $1, unnest($2::text[])`,
    [groupId, chosen],
  );
  await db.exec('ANALYZE');
  process.stderr.write(`  set-up: ${seconds(performance.now() - setupStart)} s\n`);

  return { packages, groupId, orgIds: chosen };
}
