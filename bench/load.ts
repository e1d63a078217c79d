// Load (docs/operations.md "Scale out"): two web processes and a worker of the real product on one
// PostgreSQL database, 200 live-channel clients connected, mixed list reads at a fixed rate for
// 60 s, and a group save every second whose `groups` event is timed from the change to the last
// client. Targets: 500 requests/s with 0 errors, fan-out p95 < 100 ms; figures: p50/p95/p99 per
// route, the rate achieved, RSS and CPU per process. Run on the demo dataset at the target rate and
// on the `scale` dataset (100 000 orgs, 1 000 000 licenses) at a rate the machine holds.
//
// LOAD_RUNS ('demo:500,scale:200') picks datasets and rates; LOAD_SECONDS (60) and LOAD_CLIENTS
// (200) shrink a run while developing. BENCH_DATABASE_URL names the PostgreSQL server (default
// the local one): each run fills a fresh pushboard_load_<random> and drops it. LOAD_DATABASE_URL
// names an already filled database to reuse instead (kept; give LOAD_RUNS one run of its size).
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sessionHeaders } from '../src/server/http/test-session';
import { formatTable, type BenchRow } from './run';
import { connectLiveClients, type LiveClients } from './support/load-clients';
import { requestMix, sampleMixData } from './support/load-mix';
import { prepareLoadDatabase, SEED_SECRET_KEY, type LoadDatabase } from './support/load-seed';
import { percentile, runTraffic, type TrafficResult } from './support/load-traffic';
import { cpuOf, freePort, MB, rssOf, startPushboard, stopProcess } from './support/processes';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/**
 * The runs, each `dataset:requests per second`: the target rate on the demo dataset, and a rate
 * this 2-core reference machine holds at the `scale` size (every request there reads pages of
 * 100 000 orgs or a million licenses; see the README's "Load" section).
 */
const RUNS = (process.env.LOAD_RUNS ?? 'demo:500,scale:200').split(',').map((run) => {
  const [dataset = '', rate = ''] = run.split(':');
  if (!dataset || !(Number(rate) > 0)) throw new Error(`LOAD_RUNS: '${run}' is not dataset:rate`);
  return { dataset, rate: Number(rate) };
});
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
/** Unmeasured traffic first, so the figures are of warm processes (JIT, caches, pools). */
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 5);
const PROBE_GROUPS = 10;
const MEMBER_GROUP_SIZE = 20_000;
const FANOUT_TIMEOUT_MS = 5_000;

interface Proc {
  name: string;
  child: ChildProcess;
  peakRss: number;
  /** CPU seconds used before the measured load began. */
  cpuBefore: number;
}

/** A group with many members (a group detail's Members tab) and the groups the probe saves. */
async function makeGroups(load: LoadDatabase): Promise<{ members: number; probes: number[] }> {
  const { db } = load;
  await db.query(`DELETE FROM org_group WHERE name LIKE 'Load %'`);
  const insert = (name: string) =>
    db.query<{ id: number }>(
      `INSERT INTO org_group (name, description) VALUES ($1, 'load benchmark') RETURNING id`,
      [name],
    );
  const members = (await insert('Load members')).rows[0]!.id;
  await db.query(
    `INSERT INTO org_group_member (org_group_id, org_id)
     SELECT $1, org_id FROM org ORDER BY md5(org_id) LIMIT ${MEMBER_GROUP_SIZE}`,
    [members],
  );
  const probes: number[] = [];
  for (let i = 0; i < PROBE_GROUPS; i++) probes.push((await insert(`Load probe ${i}`)).rows[0]!.id);
  // Statistics as autovacuum would soon have them: planned from none, the member list's page
  // reads every member (a nested loop over 20 000 rows instead of walking the name index).
  await db.query('ANALYZE org_group, org_group_member');
  return { members, probes };
}

async function startProcesses(load: LoadDatabase): Promise<{ procs: Proc[]; webs: string[] }> {
  const common = {
    DATABASE_URL: load.url,
    HOST: '127.0.0.1',
    SECRET_KEY: SEED_SECRET_KEY,
    // Not demo mode: the simulator that filled the database is Salesforce.
    SF_CLIENT_ID: 'pushboard-demo',
    SF_CLIENT_SECRET: 'demo-secret',
    SF_LOGIN_URL: load.simulatorUrl,
    SF_SANDBOX_LOGIN_URL: `${load.simulatorUrl}/sandbox`,
    SF_STATUS_URL: `${load.simulatorUrl}/status`,
    LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'info',
  };
  const procs: Proc[] = [];
  const webs: string[] = [];
  const start = async (name: string, env: Record<string, string>) => {
    process.stderr.write(`  starting ${name}\n`);
    procs.push({
      name,
      child: await startPushboard({ ...common, ...env }),
      peakRss: 0,
      cpuBefore: 0,
    });
  };
  try {
    await start('worker', { ROLE: 'worker' });
    for (const name of ['web 1', 'web 2']) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      await start(name, { ROLE: 'web', PORT: String(port), PUBLIC_URL: url });
      webs.push(url);
    }
  } catch (error) {
    for (const proc of procs) await stopProcess(proc.child);
    throw error;
  }
  return { procs, webs };
}

interface Fanout {
  fromResponse: number[];
  fromRequest: number[];
  failures: string[];
}

/** A group save every second, alternating web processes, until `until` (performance.now()). */
async function probeFanout(options: {
  webs: readonly string[];
  headers: Record<string, string>;
  clients: LiveClients;
  groups: readonly number[];
  until: number;
}): Promise<Fanout> {
  const { webs, headers, clients, groups, until } = options;
  const result: Fanout = { fromResponse: [], fromRequest: [], failures: [] };
  for (let k = 0; performance.now() < until - 1000; k++) {
    const next = performance.now() + 1000;
    const groupId = groups[k % groups.length]!;
    const { arrived, deadline } = clients.expectGroups(groupId, FANOUT_TIMEOUT_MS);
    const sent = performance.now();
    const response = await fetch(`${webs[k % webs.length]}/api/orggroups`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: groupId,
        name: `Load probe ${k % groups.length}`,
        description: `save ${k}`,
      }),
    });
    // The transaction has committed before the answer is sent: this is just after the commit.
    const answered = performance.now();
    deadline();
    // Kept from rejecting unhandled while the answer's body is read.
    arrived.catch(() => undefined);
    if (!response.ok) {
      result.failures.push(`save ${k}: ${response.status} ${await response.text()}`);
    } else {
      await response.arrayBuffer();
      try {
        const last = await arrived;
        result.fromResponse.push(last - answered);
        result.fromRequest.push(last - sent);
      } catch (error) {
        result.failures.push((error as Error).message);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  return result;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const cpuShare = (seconds: number, over: number) => `${Math.round((100 * seconds) / over)} %`;

function trafficRows(traffic: TrafficResult, add: (b: string, f: string, d?: string) => void) {
  for (const route of traffic.routes) {
    add(
      `  ${route.route}`,
      `p95 ${ms(route.p95)}`,
      `p50 ${ms(route.p50)}, p99 ${ms(route.p99)}, max ${ms(route.max)}; ${route.count} requests${route.errors ? `, ${route.errors} errors` : ''}`,
    );
  }
}

async function runLoad(dataset: string, rate: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const add = (benchmark: string, figure: string, detail = '') =>
    rows.push({ benchmark, figure, detail });
  const load = await prepareLoadDatabase({
    serverUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    dataset,
    reuseUrl: process.env.LOAD_DATABASE_URL,
  });
  let procs: Proc[] = [];
  let clients: LiveClients | undefined;
  try {
    const { db } = load;
    const groups = await makeGroups(load);
    const data = await sampleMixData(db, groups.members);
    const counts = (
      await db.query<{ orgs: number; licenses: number }>(
        `SELECT (SELECT count(*) FROM org)::int AS orgs, (SELECT count(*) FROM license)::int AS licenses`,
      )
    ).rows[0]!;
    const reader = await sessionHeaders(db, { username: 'load-reader@pushboard.demo' });
    const writer = await sessionHeaders(db, { username: 'load-writer@pushboard.demo' });
    const cookies: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const headers = await sessionHeaders(db, { username: `load-tab-${i}@pushboard.demo` });
      cookies.push(headers.cookie!);
    }

    const started = await startProcesses(load);
    procs = started.procs;
    const webs = started.webs;
    clients = await connectLiveClients(webs, cookies);
    process.stderr.write(`  ${clients.count} live clients connected\n`);
    const mix = requestMix(data);

    if (WARMUP_SECONDS > 0) {
      process.stderr.write(`  warming up ${WARMUP_SECONDS} s\n`);
      const warm = await runTraffic({
        targets: webs,
        headers: reader,
        rate: Math.min(rate, 50),
        seconds: WARMUP_SECONDS,
        next: mix,
      });
      // Not a measurement: only said, so a failing warm-up is visible before the figures.
      process.stderr.write(
        `  warm-up: ${warm.completed} answered, ${warm.errors} failed${warm.errors ? ` (${warm.errorSamples[0]})` : ''}\n`,
      );
    }

    const sample = () => {
      for (const proc of procs) proc.peakRss = Math.max(proc.peakRss, rssOf(proc.child.pid));
    };
    const sampler = setInterval(sample, 250);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    process.stderr.write(`  load: ${rate} requests/s for ${SECONDS} s on ${dataset}\n`);
    for (const proc of procs) proc.cpuBefore = cpuOf(proc.child.pid);
    const benchCpuBefore = process.cpuUsage();
    const loadStart = performance.now();
    const [traffic, fanout] = await Promise.all([
      runTraffic({ targets: webs, headers: reader, rate, seconds: SECONDS, next: mix }),
      probeFanout({
        webs,
        headers: writer,
        clients,
        groups: groups.probes,
        until: loadStart + SECONDS * 1000,
      }),
    ]);
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const machineLoad = loadavg();
    loopDelay.disable();
    clearInterval(sampler);
    sample();

    const drops = [...clients.drops];
    const errors = traffic.errors + fanout.failures.length + drops.length;
    add(
      'Load: 2 web + 1 worker on PostgreSQL',
      `${errors} errors`,
      `${counts.orgs.toLocaleString('en-US')} orgs, ${counts.licenses.toLocaleString('en-US')} licenses; ${clients.count} live clients; ${SECONDS} s at ${rate} requests/s; target 0 errors`,
    );
    add(
      '  seeding',
      load.fillSeconds > 0 ? `${load.fillSeconds.toFixed(0)} s` : 'reused',
      load.fillSeconds > 0
        ? `full fetch from the ${dataset} simulator into a fresh database`
        : 'LOAD_DATABASE_URL: an already filled database',
    );
    add(
      '  requests',
      `${traffic.achievedRps.toFixed(0)} /s achieved`,
      `${traffic.sent} sent, ${traffic.errors} failed; generator late by p99 ${ms(traffic.sendLagP99)}, max ${ms(traffic.sendLagMax)}`,
    );
    if (traffic.errorSamples.length > 0)
      add('  first errors', '', traffic.errorSamples.slice(0, 3).join(' | '));
    add('  live clients dropped', `${drops.length}`, drops.slice(0, 3).join(' | '));
    trafficRows(traffic, add);
    const fromResponse = [...fanout.fromResponse].sort((a, b) => a - b);
    const fromRequest = [...fanout.fromRequest].sort((a, b) => a - b);
    add(
      `Event fan-out to the last of ${clients.count} clients`,
      `p95 ${ms(percentile(fromResponse, 95))}`,
      `from the save's answer (just after its commit): p50 ${ms(percentile(fromResponse, 50))}, max ${ms(fromResponse[fromResponse.length - 1] ?? 0)}; from sending the save: p95 ${ms(percentile(fromRequest, 95))}; ${fromResponse.length} events, ${fanout.failures.length} missed; target p95 < 100 ms`,
    );
    if (fanout.failures.length > 0)
      add('  missed events', '', fanout.failures.slice(0, 3).join(' | '));
    add(
      '  benchmark process event loop',
      `p99 ${ms(loopDelay.percentile(99) / 1e6)}`,
      `delay of the process running the clients and the generator (part of every figure above)`,
    );
    for (const proc of procs) {
      add(
        `RSS: ${proc.name}`,
        `${Math.round(rssOf(proc.child.pid) / MB)} MB`,
        `at the end; peak ${Math.round(proc.peakRss / MB)} MB during the load; CPU ${cpuShare(cpuOf(proc.child.pid) - proc.cpuBefore, loadSeconds)} of one core`,
      );
    }
    add(
      'Machine load (1/5/15 min)',
      machineLoad.map((value) => value.toFixed(1)).join(' / '),
      `at the end, ${cpus().length} cores shared with other work; the benchmark process used ${cpuShare((benchCpu.user + benchCpu.system) / 1e6, loadSeconds)} of one core`,
    );
  } finally {
    clients?.close();
    for (const proc of procs) await stopProcess(proc.child);
    await load.close();
  }
  return rows;
}

export async function runLoadBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const { dataset, rate } of RUNS) rows.push(...(await runLoad(dataset, rate)));
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runLoadBench().then(
    (rows) => process.stdout.write(`${formatTable(rows)}\n`),
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
