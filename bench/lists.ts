// The big lists at the simulator's `scale` size (100 000 orgs, 1 000 000 licenses) on PostgreSQL,
// over real HTTP against the listening server: a generated matrix of the list pages a user can
// reach. The lists: licenses, orgs, the busiest package's and the most installed version's
// customers, a group of 20 000 members, an upgrade's 30 000 jobs, an audit log of 200 000
// entries. Their shapes come from each list's definition (bench/support/lists-plan.ts): the
// default order and every sortable column both ways, two-key sorts covering every column as first
// and second key, and filters of every kind each column's type takes, with values sampled from
// the list, each with a sampled sort; pages first, 40 and the last the pager offers. Each
// measured page: one warm-up and BENCH_LISTS_RUNS timed requests (default 10), p50 and p95;
// target p95 < 50 ms. Also the global search (a common 3-letter word, a rare word, an org id
// prefix), the streamed export of every org, the server's memory, and the size of the big tables
// against their indexes. Every result goes to a JSON file in the temp folder (path printed), to
// compare two runs.
//
// The full matrix is some 2 000 pages, hours at 10 runs each while lists still take up to
// seconds; by default a seeded sample keeps to about ten minutes: every sort and two-key sort,
// filters covering every column and every kind of every column type of the list, each shape at
// one of its three pages, and the runs of a page stop once they took 1 s (two runs at least):
// pages near the target get all their runs, pages far over it fewer.
// Knobs:
//   BENCH_LISTS_DATABASE_URL  an already filled database to reuse (migrated, never dropped; the
//                             group, upgrade and audit rows are added once). Without it a fresh
//                             database on BENCH_DATABASE_URL's server is filled by a full fetch
//                             from a scale simulator and dropped afterwards.
//   BENCH_LISTS_RUNS          timed runs per page (default 10)
//   BENCH_LISTS_FULL=1        the full matrix, every page of every shape
//   BENCH_LISTS_FILTERS       filter shapes per list at least (default: the cover only)
//   BENCH_LISTS_CAP_MS        stop a page's runs after this long (default 1000; 0: all runs)
//   BENCH_LISTS_ONLY          lists to measure, comma-separated: licenses, orgs,
//                             package-customers, version-customers, group-members,
//                             upgrade-jobs, audit, search, export
//   BENCH_LISTS_MATCH         a regular expression over a page's description as printed
//                             ('orgs | sort name desc | filter none | page last')
//   BENCH_LISTS_SEED          another sample (default 20261126)
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  auditEndpoints,
  licenseEndpoints,
  orgEndpoints,
  orgGroupEndpoints,
  packageEndpoints,
  upgradeEndpoints,
  type ListEndpointShape,
} from '../src/domain';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { buildApp } from '../src/server/http/app';
import { sessionHeaders } from '../src/server/http/test-session';
import { formatTable, type BenchRow } from './run';
import { BenchClient, HttpFailure, percentile } from './support/lists-http';
import {
  Totals,
  measureShape,
  pathOf,
  sampleRows,
  type BenchList,
  type MeasureOptions,
  type PageResult,
} from './support/lists-pages';
import { planShapes } from './support/lists-plan';
import { measureSearch, searchTerms, type SearchResult } from './support/lists-search';
import {
  AUDIT_ROWS,
  BENCH_USER,
  GROUP_SIZE,
  UPGRADE_JOBS,
  busiestPackage,
  indexCosts,
  seedAuditLog,
  seedGroup,
  seedUpgrade,
} from './support/lists-seed';
import { PAGE_SIZE, seededRng } from './support/lists-shapes';
import { MB, serverDatabase } from './support/processes';
import { fillFromSimulator } from './support/scale-sync';

const TARGET_MS = 50;
const SLOWEST = 20;

const ms = (value: number | undefined) => `${(value ?? 0).toFixed(1)} ms`;
const count = (n: number) => n.toLocaleString('en-US');
const share = (part: number, whole: number) =>
  whole === 0 ? '–' : `${((100 * part) / whole).toFixed(0)}%`;
const totalText = (r: PageResult) =>
  r.total === undefined ? '?' : `${r.totalIsEstimate ? 'about ' : ''}${count(r.total)}`;

/** The lists measured, with their scopes in this database (seeded where missing). */
async function benchLists(db: Database): Promise<BenchList[]> {
  const groupId = await seedGroup(db);
  const upgradeId = await seedUpgrade(db);
  const added = await seedAuditLog(db);
  if (added > 0) process.stderr.write(`  audit log: added ${count(added)} rows\n`);
  const { packageId, versionId } = await busiestPackage(db);
  const list = (
    name: string,
    endpoint: ListEndpointShape,
    params: Record<string, string | number> = {},
  ): BenchList => ({ name, endpoint, path: pathOf(endpoint.path, params) });
  return [
    list('licenses', licenseEndpoints.list),
    list('orgs', orgEndpoints.list),
    list('package-customers', packageEndpoints.customers, { packageId }),
    list('version-customers', packageEndpoints.versionCustomers, { versionId }),
    list('group-members', orgGroupEndpoints.members, { id: groupId }),
    list('upgrade-jobs', upgradeEndpoints.jobs, { id: upgradeId }),
    list('audit', auditEndpoints.list),
  ];
}

function envNumber(name: string, fallback: number): number {
  const text = process.env[name]?.trim();
  const value = text ? Number(text) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name}: a whole number ≥ 0`);
  return value;
}

function envList(name: string): string[] | null {
  const value = process.env[name]?.trim();
  return value ? value.split(',').map((part) => part.trim()) : null;
}

/** A stable number per list name, so each list draws from its own generator. */
const hashOf = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

export async function runListsBench(): Promise<BenchRow[]> {
  const options: MeasureOptions = {
    runs: Math.max(1, envNumber('BENCH_LISTS_RUNS', 10)),
    capMs: envNumber('BENCH_LISTS_CAP_MS', 1000),
    match: process.env.BENCH_LISTS_MATCH ? new RegExp(process.env.BENCH_LISTS_MATCH) : null,
  };
  const full = process.env.BENCH_LISTS_FULL === '1';
  const filtersAtLeast = envNumber('BENCH_LISTS_FILTERS', 0);
  const seed = envNumber('BENCH_LISTS_SEED', 20_261_126);
  const only = envList('BENCH_LISTS_ONLY');
  const reuse = process.env.BENCH_LISTS_DATABASE_URL;
  const reused = reuse ? await openDatabase({ url: reuse }) : undefined;
  const testDb = reused
    ? { db: reused, drop: () => reused.close() }
    : await serverDatabase(
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      );
  const rows: BenchRow[] = [];
  const add = (benchmark: string, figure: string, detail = '') =>
    rows.push({ benchmark, figure, detail });
  try {
    const db = testDb.db;
    if (reused) await migrate(db);
    else {
      const seconds = await fillFromSimulator(db, process.env.BENCH_DATASET ?? 'scale');
      process.stderr.write(`  filled in ${seconds.toFixed(0)} s\n`);
    }
    const lists = await benchLists(db);
    const unknown = (only ?? []).filter(
      (name) => name !== 'search' && name !== 'export' && !lists.some((l) => l.name === name),
    );
    if (unknown.length > 0) throw new Error(`BENCH_LISTS_ONLY: no list ${unknown.join(', ')}`);
    // What autovacuum does within a minute of the seed's writes (migration 0031): statistics,
    // and the visibility map that index-only scans rely on (the seed rewrote 20 000 orgs).
    await db.exec('VACUUM ANALYZE');
    const app = await buildApp(
      {
        // The search budget is for people; the benchmark searches many times a minute.
        config: loadConfig({ RATE_LIMIT_SEARCH_PER_MINUTE: '100000' }),
        db,
        secretKey: 'k'.repeat(64),
      },
      { logger: false },
    );
    try {
      await app.ready();
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const client = new BenchClient(address, await sessionHeaders(db, { username: BENCH_USER }));
      const counts = await db.query<{ orgs: number; licenses: number }>(
        `SELECT (SELECT count(*) FROM org)::int AS orgs, (SELECT count(*) FROM license)::int AS licenses`,
      );
      add(
        'List pages over HTTP (PostgreSQL)',
        `${count(counts.rows[0]!.orgs)} orgs`,
        `${count(counts.rows[0]!.licenses)} licenses, a group of ${count(GROUP_SIZE)}, an upgrade of ${count(UPGRADE_JOBS)} jobs, ${count(AUDIT_ROWS)} audit rows; ${full ? 'full matrix' : `seed ${seed}`}; 1 warm-up + ${options.runs} timed runs per page${options.capMs > 0 && options.runs > 2 ? ` (fewer once they took ${options.capMs} ms, 2 at least)` : ''}, page size ${PAGE_SIZE}; target p95 < ${TARGET_MS} ms`,
      );

      const results: PageResult[] = [];
      const planned = new Map<string, { full: number; planned: number }>();
      const started = performance.now();
      for (const list of lists) {
        if (only && !only.includes(list.name)) continue;
        const rng = seededRng(seed + hashOf(list.name));
        const listStart = performance.now();
        const totals = new Totals(client, list);
        const sampled = await sampleRows(client, list, rng, totals);
        const { plan, size } = await planShapes(
          list.name,
          list.endpoint.list,
          sampled,
          rng,
          totals.probe,
          { full, filtersAtLeast, username: BENCH_USER },
        );
        planned.set(list.name, size);
        const before = results.length;
        for (const shape of plan) {
          results.push(...(await measureShape(client, list, totals, shape, options)));
        }
        const mine = results.slice(before);
        const fast = mine.filter((r) => r.p95 !== undefined && r.p95 < TARGET_MS).length;
        process.stderr.write(
          `  ${list.name}: ${size.planned} of ${size.full} shapes, ${mine.length} pages in ${((performance.now() - listStart) / 1000).toFixed(0)} s, ${fast} with p95 < ${TARGET_MS} ms\n`,
        );
      }
      const measured = results.filter((r) => r.p95 !== undefined);
      const failed = results.filter((r) => r.failure);
      for (const [name, size] of planned) {
        const mine = measured.filter((r) => r.list === name);
        const fast = mine.filter((r) => r.p95! < TARGET_MS).length;
        const sorted = mine.map((r) => r.p95!).sort((a, b) => a - b);
        add(
          `  ${name}`,
          `${share(fast, mine.length)} < ${TARGET_MS} ms`,
          `${mine.length} pages of ${size.planned} shapes (${size.full} in the full matrix), ${failed.filter((r) => r.list === name).length} failed; p95 median ${ms(percentile(sorted, 50))}, worst ${ms(sorted[sorted.length - 1])}`,
        );
      }
      if (results.length > 0) {
        const fast = measured.filter((r) => r.p95! < TARGET_MS).length;
        add(
          '  every list',
          `${share(fast, measured.length)} < ${TARGET_MS} ms`,
          `${measured.length} pages measured, ${failed.length} failed, in ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
        add(`Slowest ${SLOWEST} pages by p95`, '', 'list | sort | filter | page');
        for (const r of [...measured].sort((a, b) => b.p95! - a.p95!).slice(0, SLOWEST)) {
          add(
            `  ${r.list} | sort ${r.sort} | filter ${r.filter} | page ${r.page === 'first' ? 'first' : `${r.page} (${r.pageNumber})`}`,
            `p95 ${ms(r.p95)}`,
            `p50 ${ms(r.p50)}; total ${totalText(r)}${r.times!.length < options.runs ? `; ${r.times!.length} runs` : ''}`,
          );
        }
        for (const r of failed) {
          add(
            `  FAILED ${r.description}`,
            `HTTP ${r.failure!.status}`,
            r.failure!.body.slice(0, 300),
          );
        }
      }

      let search: SearchResult[] = [];
      const orgs = lists.find((l) => l.name === 'orgs')!;
      if (!only || only.includes('search')) {
        const terms = (await searchTerms(client, orgs, seededRng(seed))).filter(
          (t) => !options.match || options.match.test(`search | ${t.kind}: ${t.term}`),
        );
        search = await measureSearch(client, terms, options);
        for (const s of search) {
          add(
            `Global search: ${s.kind} '${s.term}'`,
            s.failure ? `HTTP ${s.failure.status}` : `p95 ${ms(s.p95)}`,
            s.failure ? s.failure.body.slice(0, 300) : `p50 ${ms(s.p50)}; ${s.results} results`,
          );
        }
      }

      if ((!only && !options.match) || only?.includes('export')) {
        const exported = await client.stream(orgEndpoints.list.export.path);
        add(
          'Export every org (TSV, streamed)',
          `${(exported.ms / 1000).toFixed(1)} s`,
          `${count(exported.lines - 1)} rows, ${(exported.bytes / MB).toFixed(1)} MB; peak RSS ${Math.round(exported.peak / MB)} MB`,
        );
      }
      add(
        'Server RSS after the runs',
        `${Math.round(process.memoryUsage().rss / MB)} MB`,
        'target < 400 MB',
      );

      const costs = await indexCosts(db);
      for (const c of costs) {
        add(
          `Index cost: ${c.table}`,
          `ratio ${(c.tableBytes / Math.max(1, c.indexBytes)).toFixed(2)}`,
          `table ${(c.tableBytes / MB).toFixed(0)} MB, indexes ${(c.indexBytes / MB).toFixed(0)} MB (pg_relation_size / pg_indexes_size)`,
        );
      }

      const file = join(
        tmpdir(),
        `pushboard-bench-lists-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
      );
      const summary = {
        at: new Date().toISOString(),
        seed,
        full,
        runs: options.runs,
        capMs: options.capMs,
        pageSize: PAGE_SIZE,
        only,
        match: options.match?.source ?? null,
        shapes: Object.fromEntries(planned),
        pages: results,
        search,
        indexCosts: costs,
      };
      writeFileSync(file, `${JSON.stringify(summary, null, 1)}\n`);
      add('Every page as JSON', file, 'to compare two runs: match pages by description');
    } finally {
      await app.close();
    }
  } catch (error) {
    if (error instanceof HttpFailure) process.stderr.write(`${error.message}\n`);
    throw error;
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
