// A signed-in user opening /orgs in Chromium at the simulator's `scale` size (100 000 orgs), served
// by the app built as production builds it (buildApp with the built dist/web): the first, cold
// visit (a fresh browser context: empty cache, no sessionStorage) until the first row of the orgs table is
// on screen, the bytes and requests that visit took, the median of warm visits, and the cold visit
// again on a throttled network (20 Mbit/s, 20 ms latency), since real users are not on loopback.
// Target: the cold visit under 1 s. Needs `npm run build` and Chromium (CHROMIUM_PATH, default
// /usr/bin/chromium).
//
// BENCH_LISTS_DATABASE_URL names an already filled database to reuse (its orgs are only read; the
// benchmark's session is removed afterwards). Without it a fresh database on BENCH_DATABASE_URL's
// server (default the local one) is filled by a full fetch from a scale simulator and dropped.
// BENCH_BROWSER_WATERFALL=1 also prints every request of each cold visit to stderr.
// BENCH_BROWSER_PROFILE=<file> writes the page's CPU profile of the first counted cold visit there
// and prints where its main thread spent the time (the profiler slows the page: that visit's
// figure is not comparable).
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page, type Response } from 'playwright-core';
import { openDatabase } from '../src/server/db/database';
import { deleteSessionsOf } from '../src/server/db/repositories/sessions';
import { loadConfig } from '../src/server/config';
import { buildApp } from '../src/server/http/app';
import { sessionHeaders } from '../src/server/http/test-session';
import { formatTable, type BenchRow } from './run';
import { serverDatabase } from './support/processes';
import { fillFromSimulator } from './support/scale-sync';

const WEB_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const USERNAME = 'bench-browser@pushboard.demo';
/** A row of data: the table's loading and empty rows hold no link to an org. */
const FIRST_ROW = '[data-testid="table-orgs"] tbody tr:has(a[href^="/org/"])';
/** Cold visits, each in a fresh browser context, and the warm visits after each. */
const COLD_RUNS = 3;
const WARM_RUNS = 5;
/** A modest real-world link: 20 Mbit/s each way, 20 ms added to every request. */
const THROTTLE = {
  offline: false,
  latency: 20,
  downloadThroughput: (20 * 1_000_000) / 8,
  uploadThroughput: (20 * 1_000_000) / 8,
};

interface Visit {
  /** Milliseconds from the navigation's start until the first row is visible. */
  ms: number;
  /** Requests sent until then (the live channel's included), and the bytes they took on the wire. */
  requests: number;
  bytes: number;
  waterfall: string[];
}

/** Counts what goes over the network from the page, through the DevTools protocol. */
function watchNetwork(cdp: CDPSession) {
  const requests = new Map<string, { url: string; start: number; end?: number; bytes?: number }>();
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!requests.has(event.requestId)) {
      requests.set(event.requestId, { url: event.request.url, start: event.timestamp });
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength });
  });
  return {
    reset: () => requests.clear(),
    /** What was sent so far: requests, bytes received, and one line per request. */
    totals() {
      const all = [...requests.values()].sort((a, b) => a.start - b.start);
      const origin = all[0]?.start ?? 0;
      const at = (seconds: number) => ((seconds - origin) * 1000).toFixed(0).padStart(5);
      const waterfall = all.map(
        (r) =>
          `${at(r.start)} → ${r.end === undefined ? '  …  ' : at(r.end)} ms ` +
          `${((r.bytes ?? 0) / 1024).toFixed(1).padStart(7)} kB  ${new URL(r.url).pathname}`,
      );
      const bytes = all.reduce((sum, r) => sum + (r.bytes ?? 0), 0);
      return { requests: all.length, bytes, waterfall };
    },
  };
}

/**
 * Runs in the page from the document's start (an init script): checks once a frame, with the
 * page's own querySelector, for the first row on screen and notes when it came, in ms since the
 * navigation started. Waiting with Playwright's waitForFunction instead first loads Playwright's
 * own injected script into the fresh page: 70–170 ms of the page's main thread, taken while the
 * page loads, that no user's browser spends. The selector, which visits the whole document, runs
 * only once there is a table row (a live collection's length, free to read): run every frame from
 * the start it took 100-150 ms of the cold visit's main thread. A string, not a function: tsx's transform would
 * wrap a function's inner functions in a helper the page does not have.
 */
const NOTE_FIRST_ROW = `(() => {
  const rows = document.getElementsByTagName('tr');
  const check = () => {
    const row = rows.length > 0 ? document.querySelector(${JSON.stringify(FIRST_ROW)}) : null;
    if (row !== null && row.getBoundingClientRect().height > 0) window.firstRowAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

async function visitOrgs(
  page: Page,
  address: string,
  network: ReturnType<typeof watchNetwork>,
): Promise<Visit> {
  network.reset();
  const failures: string[] = [];
  const onResponse = (response: Response) => {
    if (response.status() >= 500) failures.push(`${response.status()} ${response.url()}`);
  };
  page.on('response', onResponse);
  try {
    await page.goto(`${address}/orgs`, { waitUntil: 'commit' });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ms = await page.evaluate('window.firstRowAt');
      if (typeof ms === 'number') return { ms, ...network.totals() };
      if (Date.now() > deadline) {
        const shot = join(tmpdir(), 'pushboard-bench-browser.png');
        await page.screenshot({ path: shot });
        const failed = failures.length
          ? ` The server failed ${failures.join(', ')}: is the database migrated?`
          : '';
        throw new Error(`/orgs showed no rows in 60 s (screenshot ${shot}).${failed}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    page.off('response', onResponse);
  }
}

/** Debian's Chromium as the browser tests start it (test/e2e/harness.ts), without a profile. */
function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Chromium's CPU profile of the page's main thread (100 µs samples) from the navigation on; stop()
 * writes it as a .cpuprofile (DevTools' Performance panel or speedscope read it) and prints the
 * page's own time by script and its 15 busiest functions.
 */
async function startProfile(cdp: CDPSession) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      const selfMs = new Map<number, number>();
      const deltas = profile.timeDeltas ?? [];
      (profile.samples ?? []).forEach((id, i) =>
        selfMs.set(id, (selfMs.get(id) ?? 0) + (deltas[i] ?? 0) / 1000),
      );
      const byScript = new Map<string, number>();
      const byFunction = new Map<string, number>();
      for (const node of profile.nodes) {
        const ms = selfMs.get(node.id) ?? 0;
        const { functionName, url, lineNumber, columnNumber } = node.callFrame;
        const script = url ? new URL(url).pathname : `(${functionName || 'program'})`;
        byScript.set(script, (byScript.get(script) ?? 0) + ms);
        const name = `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}:${columnNumber + 1}`;
        byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
      }
      const top = (map: Map<string, number>, n: number) =>
        [...map]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([name, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${name}\n`)
          .join('');
      process.stderr.write(
        `  CPU profile of the first cold visit (${file}), self time by script:\n${top(byScript, 12)}` +
          `  busiest functions:\n${top(byFunction, 15)}`,
      );
    },
  };
}

/**
 * A cold visit in a fresh context of a running browser (empty cache, cookies and storage but the
 * session cookie), then `warmRuns` warm visits in the same tab.
 */
async function coldVisit(
  browser: Browser,
  address: string,
  cookie: string,
  { throttled = false, warmRuns = 0, profileFile = '' } = {},
) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: address }]);
    await context.addInitScript(NOTE_FIRST_ROW);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const network = watchNetwork(cdp);
    await cdp.send('Network.enable');
    if (throttled) await cdp.send('Network.emulateNetworkConditions', THROTTLE);
    const profile = profileFile ? await startProfile(cdp) : undefined;
    const cold = await visitOrgs(page, address, network);
    if (profile && profileFile) await profile.stop(profileFile);
    const warm: number[] = [];
    for (let i = 0; i < warmRuns; i++) warm.push((await visitOrgs(page, address, network)).ms);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};
const msList = (values: readonly number[]) => values.map((v) => v.toFixed(0)).join(', ');

export async function runBrowserBench(): Promise<BenchRow[]> {
  const title = 'Browser: /orgs until its first row shows';
  if (!existsSync(CHROMIUM) || !existsSync(join(WEB_DIR, 'index.html'))) {
    return [{ benchmark: title, figure: 'skipped', detail: 'needs Chromium and npm run build' }];
  }
  const reuse = process.env.BENCH_LISTS_DATABASE_URL;
  const testDb = reuse
    ? { db: await openDatabase({ url: reuse }), drop: async () => undefined }
    : await serverDatabase(
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      );
  const rows: BenchRow[] = [];
  const add = (benchmark: string, figure: string, detail = '') =>
    rows.push({ benchmark, figure, detail });
  const db = testDb.db;
  try {
    if (!reuse) {
      const seconds = await fillFromSimulator(db, process.env.BENCH_DATASET ?? 'scale');
      process.stderr.write(`  filled in ${seconds.toFixed(0)} s\n`);
      await db.query('ANALYZE');
    }
    const app = await buildApp(
      { config: loadConfig({}), db, secretKey: 'k'.repeat(64), webDir: WEB_DIR },
      { logger: false },
    );
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = (await sessionHeaders(db, { username: USERNAME })).cookie ?? '';
      const showWaterfall = process.env.BENCH_BROWSER_WATERFALL === '1';
      const cold: Visit[] = [];
      const warm: number[] = [];
      const throttled: Visit[] = [];
      const browser = await launchChromium();
      try {
        // A server in service has answered others before: the first visit, which warms its code
        // and database connections (and Chromium's), is not counted.
        const warmUp = await coldVisit(browser, address, cookie);
        process.stderr.write(`  warm-up visit (not counted): ${warmUp.cold.ms.toFixed(0)} ms\n`);
        for (let run = 0; run < COLD_RUNS; run++) {
          const result = await coldVisit(browser, address, cookie, {
            warmRuns: WARM_RUNS,
            profileFile: run === 0 ? (process.env.BENCH_BROWSER_PROFILE ?? '') : '',
          });
          cold.push(result.cold);
          warm.push(...result.warm);
          throttled.push((await coldVisit(browser, address, cookie, { throttled: true })).cold);
        }
      } finally {
        await browser.close();
      }
      if (showWaterfall) {
        for (const [label, visit] of [
          ['cold', cold[0]!],
          ['throttled', throttled[0]!],
        ] as const) {
          process.stderr.write(`  ${label} visit, ${visit.ms.toFixed(0)} ms:\n`);
          for (const line of visit.waterfall) process.stderr.write(`    ${line}\n`);
        }
      }
      const first = cold[0]!;
      add(
        title,
        `${first.ms.toFixed(0)} ms`,
        `first cold visit (fresh browser context, empty cache); cold visits ${msList(cold.map((v) => v.ms))} ms (median ${median(cold.map((v) => v.ms)).toFixed(0)}); target < 1 s`,
      );
      add(
        '  warm visits',
        `${median(warm).toFixed(0)} ms`,
        `median of ${warm.length} (${WARM_RUNS} after each cold visit): ${msList(warm)} ms`,
      );
      add(
        '  cold visit, 20 Mbit/s and 20 ms latency',
        `${median(throttled.map((v) => v.ms)).toFixed(0)} ms`,
        `median of ${throttled.length} fresh contexts: ${msList(throttled.map((v) => v.ms))} ms`,
      );
      add(
        '  cold visit: bytes on the wire',
        `${(first.bytes / 1024).toFixed(0)} kB`,
        `headers included, until the first row shows`,
      );
      add('  cold visit: requests', `${first.requests}`, 'until the first row shows');
    } finally {
      await app.close();
      await deleteSessionsOf(db, USERNAME);
    }
  } finally {
    if (reuse) await db.close();
    await testDb.drop();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runBrowserBench().then(
    (rows) => process.stdout.write(`${formatTable(rows)}\n`),
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
