// A staged rollout at its target size (docs/product.md "Staged rollouts"): 10 000 orgs of one
// package in four waves (10 %, 25 %, 50 %, the rest; soak 0, threshold 2 %), scheduled through
// the product's UpgradeScheduler against the simulator in its own process over HTTP, the first
// wave activated, then the monitor's cycle (reconcileUpgrades and the gate, what the Fetch
// Upgrades job runs) driven on the simulator's manual clock, 60 s a cycle. Once wave 3 starts the
// simulator fails its version for 5 % of the orgs, so the gate must halt it. Measured: how many
// cycles after a wave's gate could pass the next wave started, and after the threshold was
// crossed the halt was decided (target: the same cycle, 0), the cycles' duration, and the
// scheduling time. PostgreSQL only: BENCH_DATABASE_URL names the server (default
// postgres://postgres@127.0.0.1:5432/postgres); a fresh database is created and dropped.
// BENCH_ROLLOUT_ORGS=<n> runs a smaller rollout for a quick check.
import { pathToFileURL } from 'node:url';
import type { Actor } from '../src/server/actor';
import { loadConfig, upgradeSettings } from '../src/server/config';
import { activateUpgrade, advanceTiers } from '../src/server/services/upgrades/activate';
import { reconcileUpgrades } from '../src/server/services/upgrades/reconcile';
import { UpgradeScheduler } from '../src/server/services/upgrades/schedule';
import { RecordingLive } from '../src/server/sync/testing/recording-context';
import { formatTable, type BenchRow } from './run';
import { prepareUpgradeOrgs, startUpgradeBench } from './support/upgrade-orgs';

const ORGS = Number(process.env.BENCH_ROLLOUT_ORGS ?? 10_000);
const CYCLE_MS = 60_000;
const FAILURE_RATE = 0.05;

const operator: Actor = {
  username: 'operator@pushboard.demo',
  displayName: null,
  readOnly: false,
  authMethod: 'salesforce',
};

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const count = (n: number) => n.toLocaleString('en-US');

interface WaveSeen {
  /** The cycle whose reconcile saw the wave's last job end (its gate could pass then). */
  ended?: number;
  /** The cycle in which the wave was Started (by the gate after the previous one). */
  started?: number;
  /** The cycle in which the failure threshold was first crossed, and the halt recorded. */
  crossed?: number;
  halted?: number;
  orgs: number;
}

export async function runRolloutBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const add = (benchmark: string, figure: string, detail = '') =>
    rows.push({ benchmark, figure, detail });
  const bench = await startUpgradeBench();
  const { db, control, deps, gateway } = bench;
  try {
    const { packages, groupId } = await prepareUpgradeOrgs(db, deps, gateway, ORGS, 1);
    const version = packages[0]!.latest.trim();

    const live = new RecordingLive();
    const scheduler = new UpgradeScheduler({
      db,
      gateway,
      live,
      settings: upgradeSettings(loadConfig({})).lists,
    });
    const start = performance.now();
    const { id } = await scheduler.schedule(
      operator,
      { groupId },
      {
        versions: [version],
        scheduled_date: new Date(Date.now() + 60_000),
        description: 'Bench rollout',
        transid: `bench-rollout-${Date.now()}`,
        rollout: {
          waves: [
            ...[10, 25, 50].map((percent) => ({
              selector: { kind: 'percent' as const, percent },
              start: 'gate' as const,
            })),
            { selector: { kind: 'rest' as const }, start: 'gate' as const },
          ],
          failureThresholdPercent: 2,
          soakMinutes: 0,
          sampleSeed: '',
        },
      },
    );
    const scheduleMs = performance.now() - start;
    const waveRows = async () =>
      (
        await db.query<{
          wave: number;
          state: string;
          orgs: number;
          open: number;
          pushed: number;
          failed: number;
        }>(
          `SELECT w.wave, w.state, w.org_count AS orgs,
                  count(j.id) FILTER (WHERE j.status IN ('Created', 'Pending', 'InProgress'))::int AS open,
                  count(DISTINCT j.org_id) FILTER (WHERE j.status <> 'Ineligible')::int AS pushed,
                  count(DISTINCT j.org_id) FILTER (WHERE j.status = 'Failed')::int AS failed
             FROM upgrade_wave w
             LEFT JOIN upgrade_item i ON i.upgrade_id = w.upgrade_id AND i.wave = w.wave
             LEFT JOIN upgrade_job j ON j.item_id = i.id
            WHERE w.upgrade_id = $1 GROUP BY w.wave, w.state, w.org_count ORDER BY w.wave`,
          [id],
        )
      ).rows;
    const jobs = (await waveRows()).reduce((sum, w) => sum + w.orgs, 0);
    add(
      `Schedule a rollout of ${count(ORGS)} orgs in ${(await waveRows()).length} waves (PostgreSQL, simulator over HTTP)`,
      `${seconds(scheduleMs)} s`,
      `${count(jobs)} push jobs in one push request per wave; target: within the upgrade engine's figures (30 000 jobs < 20 s)`,
    );

    const lifecycle = { db, gateway, live, enforceActivationPolicy: false };
    await activateUpgrade(lifecycle, { ...operator, username: 'admin@pushboard.demo' }, id);
    const seen = new Map<number, WaveSeen>();
    const cycleMs: number[] = [];
    let failing = false;
    for (let cycle = 1; cycle <= 400; cycle++) {
      await control('clock/advance', 'POST', { ms: CYCLE_MS });
      const before = performance.now();
      await reconcileUpgrades(lifecycle);
      // What the gate sees after this cycle's reconcile, before it decides.
      for (const w of await waveRows()) {
        const entry = seen.get(w.wave) ?? { orgs: w.orgs };
        if (w.state !== 'Waiting' && w.open === 0 && entry.ended === undefined) entry.ended = cycle;
        if (w.pushed > 0 && w.failed * 100 > 2 * w.pushed && entry.crossed === undefined)
          entry.crossed = cycle;
        seen.set(w.wave, entry);
      }
      await advanceTiers(lifecycle, id);
      cycleMs.push(performance.now() - before);
      const after = await waveRows();
      for (const w of after) {
        const entry = seen.get(w.wave)!;
        if (w.state === 'Started' && entry.started === undefined) entry.started = cycle;
        if (w.state === 'Halted' && entry.halted === undefined) entry.halted = cycle;
      }
      // From wave 3 on the version fails for some orgs: the gate must halt it.
      if (!failing && after.find((w) => w.wave === 3)?.state === 'Started') {
        await control('failure-rules', 'PUT', {
          rules: [{ versionId: version, rate: FAILURE_RATE }],
        });
        failing = true;
      }
      if (after.some((w) => w.state === 'Halted')) break;
    }

    for (const [wave, entry] of [...seen].sort((a, b) => a[0] - b[0])) {
      const previous = seen.get(wave - 1);
      const lag =
        wave === 1 || previous?.ended === undefined || entry.started === undefined
          ? null
          : entry.started - previous.ended;
      const halt =
        entry.halted !== undefined && entry.crossed !== undefined
          ? `; HALTED ${entry.halted - entry.crossed} cycle(s) after its failures crossed 2 % (target 0)`
          : '';
      add(
        `Wave ${wave} (${count(entry.orgs)} orgs)`,
        entry.started === undefined
          ? 'not started'
          : wave === 1
            ? 'activated'
            : `started ${lag} cycle(s) after its gate could pass`,
        `${entry.ended !== undefined ? `ended in cycle ${entry.ended}` : 'did not end'}${halt}`,
      );
    }
    const sorted = [...cycleMs].sort((a, b) => a - b);
    add(
      `Monitor cycle with the rollout's gate (${cycleMs.length} cycles of ${CYCLE_MS / 1000} s simulated)`,
      `${seconds(sorted[Math.floor(sorted.length / 2)] ?? 0)} s median`,
      `max ${seconds(sorted.at(-1) ?? 0)} s; reconcile + gate + the next wave's activation`,
    );
    return rows;
  } finally {
    await bench.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runRolloutBench();
  process.stdout.write(`${formatTable(rows)}\n`);
}
