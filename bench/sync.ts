// Fetch All Data at the simulator's `scale` size (1 000 000 licenses, 100 000 orgs, 11 active
// packages) into embedded PGlite on disk — the default deployment — or into PostgreSQL when
// BENCH_DATABASE_URL is set. The simulator runs in its own process, as Salesforce is remote:
// this process's memory and CPU are Pushboard's alone. Reports records per second end to end
// (Salesforce API → database, every step) and the peak resident memory of both processes.
// BENCH_DATASET=demo|test runs a smaller dataset for a quick check. BENCH_CPU_PROFILE=<file> writes
// a CPU profile of the full fetch (this process: Pushboard, and PGlite's thread is not in it).
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import { fetchSteps } from '../src/server/sync/fetch-job';
import { newFetchRun } from '../src/server/sync/fetch-run';
import { tableCount } from '../src/server/sync/testing/expectations';
import { RecordingContext } from '../src/server/sync/testing/recording-context';
import { connectSimulatorOrgs, type SimOrgLogin } from '../src/server/sync/testing/sync-harness';
import { formatTable, type BenchRow } from './run';
import {
  MB,
  cpuOf,
  pgliteOnDisk,
  rssOf,
  serverDatabase,
  startRemoteSimulator,
} from './support/processes';

/** Busy and total CPU time of the whole machine so far, in seconds. */
function machineCpu(): { busy: number; total: number } {
  try {
    const [, ...ticks] =
      readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/) ?? [];
    const values = ticks.map(Number);
    const total = values.reduce((sum, n) => sum + n, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: (total - idle) / 100, total: total / 100 };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** Samples RSS every 50 ms (what the processes really hold, whatever the GC is doing). */
function memorySampler(childPid: number | undefined) {
  const peak = { own: process.memoryUsage().rss, child: rssOf(childPid) };
  const sample = () => {
    peak.own = Math.max(peak.own, process.memoryUsage().rss);
    peak.child = Math.max(peak.child, rssOf(childPid));
  };
  const timer = setInterval(sample, 50);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** Profiles this process's CPU into `file` (open it in Chrome DevTools) until stop(). */
async function startProfiler(file: string | undefined) {
  if (!file) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const count = (n: number) => n.toLocaleString('en-US');
const rate = (records: number, ms: number) =>
  `${count(Math.round(records / (ms / 1000)))} records/s`;

/** Records each step wrote, from its "Fetched N …" results (derivation steps write none). */
function fetchedBy(context: RecordingContext, from: number): number {
  return context.results
    .slice(from)
    .reduce((sum, r) => sum + Number(/^Fetched (\d+) (?!instance)/.exec(r.message)?.[1] ?? 0), 0);
}

export async function runSyncBench(): Promise<BenchRow[]> {
  const dataset = process.env.BENCH_DATASET ?? 'scale';
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const label = `Fetch all data (${dataset} → ${serverUrl ? 'PostgreSQL' : 'PGlite on disk'})`;
  const rows: BenchRow[] = [];
  const add = (benchmark: string, figure: string, detail = '') =>
    rows.push({ benchmark, figure, detail });
  const sim = await startRemoteSimulator(dataset);
  const testDb = await (serverUrl ? serverDatabase(serverUrl) : pgliteOnDisk());
  try {
    const orgs = (await (await fetch(`${sim.url}/__sim/orgs`)).json()) as SimOrgLogin[];
    const { deps } = await connectSimulatorOrgs({
      db: testDb.db,
      url: sim.url,
      orgs,
      now: () => new Date(),
    });
    const baselineRss = process.memoryUsage().rss;
    const memory = memorySampler(sim.child.pid);
    const cpuBefore = { own: process.cpuUsage(), sim: cpuOf(sim.child.pid), machine: machineCpu() };
    const run = newFetchRun(deps, true);
    const context = new RecordingContext();
    const steps: { name: string; ms: number; records: number }[] = [];
    const profiler = await startProfiler(process.env.BENCH_CPU_PROFILE);
    const start = performance.now();
    for (const step of fetchSteps(deps, true, run)) {
      const stepStart = performance.now();
      const resultsBefore = context.results.length;
      await step.run(context, {});
      const ms = performance.now() - stepStart;
      steps.push({ name: step.name, ms, records: fetchedBy(context, resultsBefore) });
      process.stderr.write(`  ${step.name}: ${seconds(ms)} s\n`);
    }
    const elapsed = performance.now() - start;
    await profiler?.stop();
    const peak = memory.stop();
    const ownCpu = process.cpuUsage(cpuBefore.own);
    const simCpu = cpuOf(sim.child.pid) - cpuBefore.sim;
    const machine = machineCpu();
    if (context.errors.length > 0) throw new Error(context.errorMessages().join('\n'));

    // Then what a scheduled Fetch latest data costs when nothing changed.
    const incrementalStart = performance.now();
    const incrementalCpu = { own: process.cpuUsage(), sim: cpuOf(sim.child.pid) };
    const incremental = new RecordingContext();
    for (const step of fetchSteps(deps, false)) {
      const stepStart = performance.now();
      await step.run(incremental, {});
      process.stderr.write(
        `  (latest) ${step.name}: ${seconds(performance.now() - stepStart)} s\n`,
      );
    }
    const incrementalMs = performance.now() - incrementalStart;
    const incrementalOwn = process.cpuUsage(incrementalCpu.own);
    const incrementalSim = cpuOf(sim.child.pid) - incrementalCpu.sim;
    if (incremental.errors.length > 0) throw new Error(incremental.errorMessages().join('\n'));

    const db = testDb.db;
    add(
      label,
      rate(run.fetched, elapsed),
      `${count(run.fetched)} records in ${seconds(elapsed)} s, end to end (target ≥ 20,000 records/s)`,
    );
    add(
      '  stored',
      `${count(await tableCount(db, 'license'))} licenses`,
      `${count(await tableCount(db, 'org'))} orgs, ` +
        `${count(await tableCount(db, 'org_package_version'))} installed versions, ` +
        `${count(await tableCount(db, 'account'))} accounts`,
    );
    add(
      '  peak memory (RSS)',
      `${Math.round(peak.own / MB)} MB`,
      `target < 1,024 MB; ${Math.round(baselineRss / MB)} MB before the fetch. The simulator ` +
        `(Salesforce's stand-in, its own process) peaked at ${Math.round(peak.child / MB)} MB`,
    );
    const machineBusy = machine.busy - cpuBefore.machine.busy;
    const machineTotal = machine.total - cpuBefore.machine.total;
    const own = (ownCpu.user + ownCpu.system) / 1e6;
    add(
      '  CPU',
      `${Math.round((100 * machineBusy) / (machineTotal || 1))} % of the machine busy`,
      `Pushboard ${own.toFixed(0)} s, simulator ${simCpu.toFixed(0)} s, ` +
        `database and everything else ${Math.max(0, machineBusy - simCpu - own).toFixed(0)} s of CPU`,
    );
    for (const step of steps) {
      if (step.ms < 50) continue;
      add(
        `  ${step.name}`,
        `${seconds(step.ms)} s`,
        step.records > 0 ? rate(step.records, step.ms) : '',
      );
    }
    add(
      'Fetch latest data, nothing new',
      `${seconds(incrementalMs)} s`,
      `right after the full fetch (${dataset}); CPU: Pushboard ` +
        `${((incrementalOwn.user + incrementalOwn.system) / 1e6).toFixed(1)} s, simulator ` +
        `${incrementalSim.toFixed(1)} s (it generates its records on every scan)`,
    );
  } finally {
    sim.child.kill('SIGTERM');
    await testDb.drop();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runSyncBench().then(
    (rows) => process.stdout.write(`${formatTable(rows)}\n`),
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
