// The big lists at the simulator's `scale` size (100 000 orgs, 1 000 000 licenses) on PostgreSQL:
// server time of the first page of each list — no filter, a contains filter with a sort, and a
// version comparison — the streamed export of every org (time and peak memory), and the server's
// memory. Targets: every page p95 < 50 ms, export streamed, server RSS < 400 MB.
//
// BENCH_DATABASE_URL names the PostgreSQL server (default the local one); a fresh database is
// filled by a full fetch from a scale simulator and dropped afterwards. BENCH_LISTS_DATABASE_URL
// names an already filled database to reuse instead (nothing is dropped), for quick iterations.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openBrowser } from '../test/e2e/harness';
import { openDatabase, type Database } from '../src/server/db/database';
import { loadConfig } from '../src/server/config';
import { buildApp, type AppInstance } from '../src/server/http/app';
import { sessionHeaders } from '../src/server/http/test-session';
import { formatTable, type BenchRow } from './run';
import { MB, serverDatabase } from './support/processes';
import { fillFromSimulator } from './support/scale-sync';

const WARMUP = 3;
const RUNS = 30;
const GROUP_SIZE = 20_000;

interface Case {
  list: string;
  scenario: string;
  url: string;
  query: Record<string, string>;
}

const filters = (id: string, value: string) => JSON.stringify([{ id, value }]);

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function timeCase(app: AppInstance, headers: Record<string, string>, c: Case) {
  const times: number[] = [];
  let total = '';
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url: c.url, query: c.query, headers });
    const ms = performance.now() - start;
    if (response.statusCode !== 200) {
      throw new Error(`${c.list} ${c.scenario}: ${response.statusCode} ${response.body}`);
    }
    if (i >= WARMUP) times.push(ms);
    const body = response.json<{ total: number; total_is_estimate: boolean }>();
    total = `${body.total_is_estimate ? 'about ' : ''}${body.total.toLocaleString('en-US')}`;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), total };
}

/** A value of a column that a good share of rows contain, for realistic contains filters. */
async function sample(db: Database, sql: string): Promise<string> {
  const { rows } = await db.query<{ v: string }>(sql);
  if (!rows[0]) throw new Error(`no sample for ${sql}`);
  return rows[0].v;
}

async function makeGroup(db: Database): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO org_group (name, description) VALUES ('Bench pilot', 'benchmark group') RETURNING id`,
  );
  const id = rows[0]!.id;
  await db.query(
    `INSERT INTO org_group_member (org_group_id, org_id)
     SELECT $1, org_id FROM org ORDER BY md5(org_id) LIMIT ${GROUP_SIZE}`,
    [id],
  );
  return id;
}

async function cases(db: Database, groupId: number): Promise<Case[]> {
  const word = await sample(
    db,
    `SELECT substr(lower(name), 1, 4) AS v FROM org WHERE name IS NOT NULL ORDER BY md5(org_id) LIMIT 1`,
  );
  const pkg = await sample(
    db,
    `SELECT package_id AS v FROM org_package_version GROUP BY package_id ORDER BY count(*) DESC LIMIT 1`,
  );
  const version = await sample(
    db,
    `SELECT pv.version_number AS v FROM org_package_version v JOIN package_version pv ON pv.version_id = v.version_id
     WHERE v.package_id = '${pkg}' GROUP BY pv.version_number, pv.version_sort ORDER BY pv.version_sort DESC OFFSET 2 LIMIT 1`,
  );
  const lists: { list: string; url: string; version: boolean; nameColumn: string }[] = [
    { list: 'orgs', url: '/api/orgs', version: false, nameColumn: 'name' },
    { list: 'licenses', url: '/api/licenses', version: true, nameColumn: 'account_name' },
    {
      list: "a package's customers",
      url: `/api/packages/${pkg}/customers`,
      version: true,
      nameColumn: 'name',
    },
    {
      list: `group members (${GROUP_SIZE.toLocaleString('en-US')})`,
      url: `/api/orggroups/${groupId}/members`,
      version: false,
      nameColumn: 'name',
    },
  ];
  return lists.flatMap((l): Case[] => [
    { list: l.list, scenario: 'no filter', url: l.url, query: {} },
    {
      list: l.list,
      scenario: `contains '${word}', sorted by ${l.nameColumn}`,
      url: l.url,
      query: { filters: filters(l.nameColumn, word), sort_field: l.nameColumn },
    },
    ...(l.version
      ? [
          {
            list: l.list,
            scenario: `version > ${version}`,
            url: l.url,
            query: { filters: filters('version_number', `> ${version}`) },
          },
        ]
      : []),
  ]);
}

const WEB_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));

/**
 * Chromium opening /orgs signed in: milliseconds until the first page of rows is on screen
 * (median of five visits, the first with a cold cache). Needs `npm run build` and Chromium.
 */
async function timeOrgsInBrowser(address: string, cookie: string): Promise<number[] | null> {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium) || !existsSync(WEB_DIR)) return null;
  const browser = await openBrowser();
  try {
    const [name, value] = cookie.split('=') as [string, string];
    await browser.context.addCookies([{ name, value, url: address }]);
    const page = await browser.context.newPage();
    const times: number[] = [];
    for (let visit = 0; visit < 5; visit++) {
      const start = performance.now();
      await page.goto(`${address}/orgs`);
      await page
        .locator('[data-testid="table-orgs"] tbody tr')
        .first()
        .waitFor()
        .catch(async (error: unknown) => {
          const shot = join(tmpdir(), 'pushboard-bench-orgs.png');
          await page.screenshot({ path: shot });
          throw new Error(`/orgs showed no rows (screenshot ${shot}): ${String(error)}`);
        });
      times.push(performance.now() - start);
    }
    return times;
  } finally {
    await browser.close();
  }
}

/** Streams the export of every org over a real socket, sampling this process's memory. */
async function timeExport(app: AppInstance, address: string, headers: Record<string, string>) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const start = performance.now();
  const response = await fetch(`${address}/api/orgs/export`, { headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const ms = performance.now() - start;
  clearInterval(timer);
  return { ms, bytes, rows: lines - 1, peak };
}

export async function runListsBench(): Promise<BenchRow[]> {
  const reuse = process.env.BENCH_LISTS_DATABASE_URL;
  const testDb = reuse
    ? { db: await openDatabase({ url: reuse }), drop: async () => undefined }
    : await serverDatabase(
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      );
  const rows: BenchRow[] = [];
  const add = (benchmark: string, figure: string, detail = '') =>
    rows.push({ benchmark, figure, detail });
  try {
    const db = testDb.db;
    if (!reuse) {
      const seconds = await fillFromSimulator(db, process.env.BENCH_DATASET ?? 'scale');
      process.stderr.write(`  filled in ${seconds.toFixed(0)} s\n`);
    }
    await db.query(`DELETE FROM org_group WHERE name = 'Bench pilot'`);
    const groupId = await makeGroup(db);
    await db.query('ANALYZE');
    const app = await buildApp(
      { config: loadConfig({}), db, secretKey: 'k'.repeat(64), webDir: WEB_DIR },
      { logger: false },
    );
    await app.ready();
    const headers = await sessionHeaders(db, { username: 'bench@pushboard.demo' });
    const counts = await db.query<{ orgs: number; licenses: number }>(
      `SELECT (SELECT count(*) FROM org)::int AS orgs, (SELECT count(*) FROM license)::int AS licenses`,
    );
    add(
      'List pages (PostgreSQL)',
      `${counts.rows[0]!.orgs.toLocaleString('en-US')} orgs`,
      `${counts.rows[0]!.licenses.toLocaleString('en-US')} licenses; server time of page 1 (25 rows), ${RUNS} runs; target p95 < 50 ms`,
    );
    for (const c of await cases(db, groupId)) {
      const result = await timeCase(app, headers, c);
      add(
        `  ${c.list}: ${c.scenario}`,
        `p95 ${result.p95.toFixed(1)} ms`,
        `p50 ${result.p50.toFixed(1)} ms; total ${result.total}`,
      );
    }
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const browser = await timeOrgsInBrowser(address, headers.cookie ?? '');
    if (browser) {
      const sorted = [...browser].sort((a, b) => a - b);
      add(
        'Browser: /orgs until its first page shows',
        `${percentile(sorted, 50).toFixed(0)} ms`,
        `median of 5 visits in Chromium (first, cold: ${browser[0]!.toFixed(0)} ms); target < 1 s`,
      );
    } else {
      add(
        'Browser: /orgs until its first page shows',
        'skipped',
        'needs Chromium and npm run build',
      );
    }
    const exported = await timeExport(app, address, headers);
    add(
      'Export every org (TSV, streamed)',
      `${(exported.ms / 1000).toFixed(1)} s`,
      `${exported.rows.toLocaleString('en-US')} rows, ${(exported.bytes / MB).toFixed(1)} MB; peak RSS ${Math.round(exported.peak / MB)} MB`,
    );
    add(
      'Server RSS after the runs',
      `${Math.round(process.memoryUsage().rss / MB)} MB`,
      'target < 400 MB',
    );
    await db.query(`DELETE FROM org_group WHERE id = $1`, [groupId]);
    await app.close();
  } finally {
    await testDb.drop();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runListsBench().then(
    (rows) => process.stdout.write(`${formatTable(rows)}\n`),
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
