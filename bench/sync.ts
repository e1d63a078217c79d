// Fetch All Data at the simulator's `scale` size (1 000 000 licenses, 100 000 orgs, 11 active
// packages) into embedded PGlite on disk — the default deployment — or into PostgreSQL when
// BENCH_DATABASE_URL is set. The simulator runs in its own process, as Salesforce is remote:
// this process's memory and CPU are Pushboard's alone. Reports records per second end to end
// (Salesforce API → database, every step) and the peak resident memory of both processes.
// BENCH_DATASET=demo|test runs a smaller dataset for a quick check. BENCH_CPU_PROFILE=<file> writes
// a CPU profile of the full fetch (this process: Pushboard, and PGlite's thread is not in it), and
// one of the nothing-new fetch beside it (<file> with -latest before .cpuprofile).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  const peak = { own: process.memoryUsage.rss(), child: rssOf(childPid) };
  const sample = () => {
    peak.own = Math.max(peak.own, process.memoryUsage.rss());
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

/**
 * CPU seconds the local PostgreSQL server spends on `database`: its backends (found by their
 * process titles, `postgres: … <user> <database> …`) and the parallel workers they start, read
 * from /proc once a second. 0 when the server is not on this machine (or for PGlite, whose
 * thread is in this process).
 */
function databaseCpuSampler(database: string | undefined) {
  const cpu = new Map<number, { first: number; last: number }>();
  const others = new Set<number>();
  const ours = (title: string) =>
    title.includes(` ${database} `) ||
    [...cpu.keys()].some((pid) => title.includes(`parallel worker for PID ${pid}`));
  const sample = () => {
    if (!database) return;
    for (const [pid, seen] of cpu) seen.last = Math.max(seen.last, cpuOf(pid));
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || cpu.has(pid) || others.has(pid)) continue;
      let title: string;
      try {
        title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (!title.startsWith('postgres: ') || !ours(title.replace(/\0/g, ' '))) {
        // Checked once: processes that are no PostgreSQL backend. (A backend just forked still
        // has the server's command line until it names itself, so those are looked at again.)
        if (!title.includes('postgres')) others.add(pid);
        continue;
      }
      const now = cpuOf(pid);
      // A process seen first at the start counts from there; a later one from its beginning.
      cpu.set(pid, { first: started ? 0 : now, last: now });
    }
  };
  let started = false;
  sample();
  started = true;
  let timer = setInterval(sample, 1000);
  const used = () => [...cpu.values()].reduce((sum, seen) => sum + seen.last - seen.first, 0);
  return {
    /** CPU seconds since the sampler started (or since the last reset). */
    read: () => {
      sample();
      return used();
    },
    stop: () => clearInterval(timer),
    restart: () => {
      clearInterval(timer);
      sample();
      for (const seen of cpu.values()) seen.first = seen.last;
      timer = setInterval(sample, 1000);
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
    const databaseCpu = databaseCpuSampler(
      testDb.url ? new URL(testDb.url).pathname.slice(1) : undefined,
    );
    const cpuBefore = { own: process.cpuUsage(), sim: cpuOf(sim.child.pid), machine: machineCpu() };
    // Per step on stderr: CPU seconds of Pushboard, the simulator and PostgreSQL.
    const cpuNow = () => ({
      own: process.cpuUsage(),
      sim: cpuOf(sim.child.pid),
      db: databaseCpu.read(),
    });
    const cpuSince = (from: ReturnType<typeof cpuNow>) => {
      const own = process.cpuUsage(from.own);
      return (
        `Pushboard ${((own.user + own.system) / 1e6).toFixed(1)} s, ` +
        `simulator ${(cpuOf(sim.child.pid) - from.sim).toFixed(1)} s` +
        (serverUrl ? `, PostgreSQL ${(databaseCpu.read() - from.db).toFixed(1)} s` : '')
      );
    };
    const run = newFetchRun(deps, true);
    const context = new RecordingContext();
    const steps: { name: string; ms: number; records: number }[] = [];
    const profiler = await startProfiler(process.env.BENCH_CPU_PROFILE);
    const start = performance.now();
    for (const step of fetchSteps(deps, true, run)) {
      const stepStart = performance.now();
      const stepCpu = cpuNow();
      const resultsBefore = context.results.length;
      await step.run(context, {});
      const ms = performance.now() - stepStart;
      steps.push({ name: step.name, ms, records: fetchedBy(context, resultsBefore) });
      process.stderr.write(`  ${step.name}: ${seconds(ms)} s (CPU ${cpuSince(stepCpu)})\n`);
    }
    const elapsed = performance.now() - start;
    await profiler?.stop();
    const peak = memory.stop();
    const ownCpu = process.cpuUsage(cpuBefore.own);
    const simCpu = cpuOf(sim.child.pid) - cpuBefore.sim;
    const dbCpu = databaseCpu.read();
    const machine = machineCpu();
    if (context.errors.length > 0) throw new Error(context.errorMessages().join('\n'));

    // Then what a scheduled Fetch latest data costs when nothing changed.
    const incrementalStart = performance.now();
    databaseCpu.restart();
    const latestProfiler = await startProfiler(
      process.env.BENCH_CPU_PROFILE?.replace(/(\.cpuprofile)?$/, '-latest.cpuprofile'),
    );
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
    await latestProfiler?.stop();
    const incrementalSim = cpuOf(sim.child.pid) - incrementalCpu.sim;
    const incrementalDb = databaseCpu.read();
    databaseCpu.stop();
    if (incremental.errors.length > 0) throw new Error(incremental.errorMessages().join('\n'));

    const db = testDb.db;
    add(
      label,
      rate(run.fetched, elapsed),
      `${count(run.fetched)} records in ${seconds(elapsed)} s, end to end (target ≥ 50,000 records/s)`,
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
    const database = serverUrl ? `PostgreSQL ${dbCpu.toFixed(0)} s, ` : '';
    const rest = Math.max(0, machineBusy - simCpu - own - dbCpu);
    add(
      '  CPU',
      `${Math.round((100 * machineBusy) / (machineTotal || 1))} % of the machine busy`,
      `Pushboard ${own.toFixed(0)} s${serverUrl ? '' : ' (PGlite included)'}, simulator ` +
        `${simCpu.toFixed(0)} s, ${database}everything else on the machine ${rest.toFixed(0)} s of CPU`,
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
      `right after the full fetch (${dataset})`,
    );
    add(
      '  Pushboard CPU',
      `${((incrementalOwn.user + incrementalOwn.system) / 1e6).toFixed(2)} s`,
      `target < 1 s${serverUrl ? '' : ' (PGlite included)'}; simulator ${incrementalSim.toFixed(1)} s` +
        (serverUrl ? `, PostgreSQL ${incrementalDb.toFixed(1)} s` : ''),
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
