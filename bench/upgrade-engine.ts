// The upgrade engine at its target size: scheduling an upgrade of 10 000 orgs × 3 packages
// (30 000 push jobs) through the product's UpgradeScheduler — the plan, the transaction, one
// PackagePushRequest per package and the PackagePushJobs in sObject collections of 200 — against
// the simulator in its own process over HTTP; then one monitor cycle (reconcileUpgrades, the
// Fetch Upgrades job's read) at 30 000 active jobs after the simulator moved some of them.
// Targets: < 20 s end to end, a monitor cycle < 2 s. The simulator runs the `scale` dataset; the
// packages and versions are fetched by the product's sync steps, the 10 000 orgs and their
// installed versions are read from the simulator's PackageSubscriber and written directly in SQL
// (licenses Active). PostgreSQL only: BENCH_DATABASE_URL names the server (default
// postgres://postgres@127.0.0.1:5432/postgres), on which a fresh database is created and dropped.
// BENCH_UPGRADE_ORGS=<n> runs a smaller upgrade for a quick check.
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { Actor } from '../src/server/actor';
import { loadConfig, upgradeSettings } from '../src/server/config';
import { activateUpgrade } from '../src/server/services/upgrades/activate';
import { reconcileUpgrades } from '../src/server/services/upgrades/reconcile';
import { UpgradeScheduler } from '../src/server/services/upgrades/schedule';
import { fetchSteps } from '../src/server/sync/fetch-job';
import { RecordingContext, RecordingLive } from '../src/server/sync/testing/recording-context';
import { connectSimulatorOrgs, type SimOrgLogin } from '../src/server/sync/testing/sync-harness';
import { formatTable, type BenchRow } from './run';
import { cpuOf, serverDatabase, startRemoteSimulator } from './support/processes';

const ORGS = Number(process.env.BENCH_UPGRADE_ORGS ?? 10_000);
const PACKAGES = 3;

const operator: Actor = {
  username: 'operator@pushboard.demo',
  displayName: null,
  readOnly: false,
  authMethod: 'salesforce',
};

const subscriberSchema = z.object({
  OrgKey: z.string(),
  MetadataPackageVersionId: z.string(),
  HasRestrictionEnabled: z.boolean().nullish(),
});

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const count = (n: number) => n.toLocaleString('en-US');

export async function runUpgradeEngineBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const add = (benchmark: string, figure: string, detail = '') =>
    rows.push({ benchmark, figure, detail });
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const sim = await startRemoteSimulator('scale');
  const testDb = await serverDatabase(serverUrl);
  const db = testDb.db;
  const control = async (path: string, method = 'GET', body?: unknown) => {
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
      db,
      url: sim.url,
      orgs,
      now: () => new Date(),
    });
    await control('failure-rate', 'PUT', { rate: 0 });

    // Packages, versions and the latest versions through the product's own sync steps.
    const context = new RecordingContext();
    for (const step of fetchSteps(deps, true).slice(1, 4)) await step.run(context, {});
    // The three first-tier packages (so that one activation starts all 30 000 jobs).
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
        [PACKAGES],
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
      .filter(([, versions]) => versions.size === PACKAGES)
      .map(([orgId]) => orgId)
      .sort()
      .slice(0, ORGS);
    if (chosen.length < ORGS) throw new Error(`Only ${chosen.length} orgs have all packages.`);
    await db.query(
      `INSERT INTO org (org_id, name) SELECT o, 'Org ' || o FROM unnest($1::text[]) o`,
      [chosen],
    );
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

    // Scheduling, end to end: what POST /api/orggroups/:id/upgrade runs.
    const config = loadConfig({});
    const live = new RecordingLive();
    const scheduler = new UpgradeScheduler({
      db,
      gateway,
      live,
      settings: upgradeSettings(config).lists,
    });
    const simCpu = cpuOf(sim.child.pid);
    const ownCpu = process.cpuUsage();
    const start = performance.now();
    const outcome = await scheduler.schedule(
      operator,
      { groupId },
      {
        versions: packages.map((p) => p.latest.trim()),
        scheduled_date: new Date(Date.now() + 60_000),
        description: 'Bench upgrade',
        transid: `bench-${Date.now()}`,
      },
    );
    const elapsed = performance.now() - start;
    const own = process.cpuUsage(ownCpu);
    const jobs = (
      await db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM upgrade_job WHERE upgrade_id = $1 GROUP BY status`,
        [outcome.id],
      )
    ).rows;
    const created = jobs.find((j) => j.status === 'Created')?.n ?? 0;
    const total = jobs.reduce((sum, j) => sum + j.n, 0);
    add(
      `Schedule ${count(ORGS)} orgs × ${PACKAGES} packages (PostgreSQL, simulator over HTTP)`,
      `${seconds(elapsed)} s`,
      `${count(Math.round(created / (elapsed / 1000)))} push jobs/s; ${count(created)} jobs created` +
        `${total > created ? `, ${count(total - created)} ineligible` : ''}; CPU: Pushboard ` +
        `${seconds((own.user + own.system) / 1000)} s, simulator ${(cpuOf(sim.child.pid) - simCpu).toFixed(1)} s; target < 20 s`,
    );

    // One monitor cycle at 30 000 active jobs.
    const lifecycle = { db, gateway, live, enforceActivationPolicy: false };
    await activateUpgrade(lifecycle, { ...operator, username: 'admin@pushboard.demo' }, outcome.id);
    const statuses = async () =>
      new Map(
        (
          await db.query<{ id: string; status: string }>(
            `SELECT id::text AS id, status FROM upgrade_job WHERE upgrade_id = $1`,
            [outcome.id],
          )
        ).rows.map((r) => [r.id, r.status]),
      );
    const changedSince = (before: Map<string, string>, after: Map<string, string>) =>
      [...after].filter(([id, status]) => before.get(id) !== status).length;
    const activated = await statuses();
    const first = performance.now();
    await reconcileUpgrades({ db, gateway, live });
    const firstMs = performance.now() - first;
    const beforeCycle = await statuses();
    // The pushes start 2 s after their scheduled start (a minute from now); 200 s on, the
    // simulator has finished some of the jobs and runs 16 per request.
    await control('clock/advance', 'POST', { ms: 200_000 });
    const cycleStart = performance.now();
    const cycle = await reconcileUpgrades({ db, gateway, live });
    const cycleMs = performance.now() - cycleStart;
    const afterCycle = await statuses();
    const running = [...beforeCycle.values()].filter((s) =>
      ['Created', 'Pending', 'InProgress'].includes(s),
    ).length;
    add(
      `Monitor cycle at ${count(running)} active jobs`,
      `${seconds(cycleMs)} s`,
      `${count(changedSince(beforeCycle, afterCycle))} jobs changed, ${cycle.requests} requests read; ` +
        `the cycle right after activation ${seconds(firstMs)} s (${count(changedSince(activated, beforeCycle))} changed); target < 2 s`,
    );
    return rows;
  } finally {
    await testDb.drop();
    sim.child.kill();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runUpgradeEngineBench();
  process.stdout.write(`${formatTable(rows)}\n`);
}
