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
import type { Actor } from '../src/server/actor';
import { loadConfig, upgradeSettings } from '../src/server/config';
import { activateUpgrade } from '../src/server/services/upgrades/activate';
import { reconcileUpgrades } from '../src/server/services/upgrades/reconcile';
import { UpgradeScheduler } from '../src/server/services/upgrades/schedule';
import { RecordingLive } from '../src/server/sync/testing/recording-context';
import { formatTable, type BenchRow } from './run';
import { cpuOf } from './support/processes';
import { prepareUpgradeOrgs, startUpgradeBench } from './support/upgrade-orgs';

const ORGS = Number(process.env.BENCH_UPGRADE_ORGS ?? 10_000);
const PACKAGES = 3;

const operator: Actor = {
  username: 'operator@pushboard.demo',
  displayName: null,
  readOnly: false,
  authMethod: 'salesforce',
};

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const count = (n: number) => n.toLocaleString('en-US');

export async function runUpgradeEngineBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const add = (benchmark: string, figure: string, detail = '') =>
    rows.push({ benchmark, figure, detail });
  const bench = await startUpgradeBench();
  const { sim, db, control, deps, gateway } = bench;
  try {
    const { packages, groupId } = await prepareUpgradeOrgs(db, deps, gateway, ORGS, PACKAGES);

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
    await bench.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runUpgradeEngineBench();
  process.stdout.write(`${formatTable(rows)}\n`);
}
