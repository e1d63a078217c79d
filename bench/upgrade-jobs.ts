// The Upgrade detail's Jobs tab at 30 000 jobs (10 000 orgs × 3 packages) on PostgreSQL: server
// time of page 1 (25 rows) of GET /api/upgrades/{id}/jobs — the default order, a status filter
// sorted by org name, a contains filter on the org name sorted by start, one request's jobs sorted
// by status. Target: p95 < 50 ms (the console Pushboard replaces took 0.79 s to list them). The
// rows are written directly (orgs, accounts, instances, packages, versions, installed versions, one
// upgrade with three requests); BENCH_DATABASE_URL names the PostgreSQL server.
// BENCH_UPGRADE_JOBS_DATABASE_URL names an already filled database to reuse (kept), for iterations.
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';
import { buildApp } from '../src/server/http/app';
import { sessionHeaders } from '../src/server/http/test-session';
import { formatTable, type BenchRow } from './run';
import { serverDatabase } from './support/processes';

const ORGS = 10_000;
const PACKAGES = 3;
const WARMUP = 3;
const RUNS = 30;

async function fill(db: Database): Promise<{ upgradeId: number; itemId: number }> {
  await db.exec(`
    INSERT INTO instance (key, location, environment, release)
    SELECT 'NA' || n, 'Location ' || (n % 7), CASE WHEN n % 5 = 0 THEN 'Sandbox' ELSE 'Production' END,
           'Winter ''27' FROM generate_series(1, 60) n;
    INSERT INTO account (account_id, account_name)
    SELECT '001' || lpad(n::text, 12, '0') || 'AAA', 'Account ' || md5(n::text)
      FROM generate_series(1, ${ORGS / 4}) n;
    INSERT INTO org (org_id, name, instance, account_id, modified_date)
    SELECT '00D' || lpad(n::text, 12, '0') || 'AAA', initcap(substr(md5('org' || n), 1, 10)) || ' Inc',
           'NA' || (1 + n % 60), '001' || lpad((1 + n % ${ORGS / 4})::text, 12, '0') || 'AAA',
           now() - n * interval '1 minute'
      FROM generate_series(1, ${ORGS}) n;
    INSERT INTO package (sfid, name, dependency_tier, package_org_id)
    SELECT '033' || lpad(p::text, 12, '0') || 'AAA', 'Package ' || p, p, '00D' || lpad((900000 + p)::text, 12, '0') || 'AAA'
      FROM generate_series(1, ${PACKAGES}) p;
    INSERT INTO package_version (sfid, version_id, package_id, version_number, version_sort, status)
    SELECT 'a0G' || lpad((p * 100 + v)::text, 12, '0') || 'AAA', '04t' || lpad((p * 100 + v)::text, 12, '0') || 'AAA',
           '033' || lpad(p::text, 12, '0') || 'AAA', '1.' || v, '0001' || lpad(v::text, 4, '0') || '0000', 'Verified'
      FROM generate_series(1, ${PACKAGES}) p, generate_series(1, 10) v;
    INSERT INTO org_package_version (org_id, package_id, version_id, license_status)
    SELECT '00D' || lpad(n::text, 12, '0') || 'AAA', '033' || lpad(p::text, 12, '0') || 'AAA',
           '04t' || lpad((p * 100 + 1 + n % 9)::text, 12, '0') || 'AAA', 'Active'
      FROM generate_series(1, ${ORGS}) n, generate_series(1, ${PACKAGES}) p;
  `);
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO upgrade (description, status, start_time, created_by)
     VALUES ('Bench upgrade', 'Active', now(), 'bench@pushboard.demo') RETURNING id::int AS id`,
  );
  const upgradeId = rows[0]!.id;
  await db.query(
    `INSERT INTO upgrade_item (upgrade_id, push_request_id, package_org_id, package_id, version_id,
                               status, scheduled_start_time, total_job_count)
     SELECT $1, '0DV' || lpad(p::text, 12, '0') || 'AAA', '00D' || lpad((900000 + p)::text, 12, '0') || 'AAA',
            '033' || lpad(p::text, 12, '0') || 'AAA', '04t' || lpad((p * 100 + 10)::text, 12, '0') || 'AAA',
            'InProgress', now(), ${ORGS}
       FROM generate_series(1, ${PACKAGES}) p`,
    [upgradeId],
  );
  await db.query(
    `INSERT INTO upgrade_job (upgrade_id, item_id, push_request_id, job_id, org_id,
                              original_version_id, status, message, start_time, end_time, duration)
     SELECT $1, i.id, i.push_request_id, '0DX' || lpad((i.id * 100000 + n)::text, 12, '0') || 'AAA',
            '00D' || lpad(n::text, 12, '0') || 'AAA', opv.version_id,
            (ARRAY['Succeeded','Succeeded','Succeeded','InProgress','Pending','Failed','Canceled','Ineligible'])[1 + n % 8],
            CASE WHEN n % 8 = 5 THEN '[{"title":"Apex error","details":"","message":"boom"}]' END,
            now() - n * interval '1 second', now(), n % 300
       FROM upgrade_item i, generate_series(1, ${ORGS}) n,
            LATERAL (SELECT version_id FROM org_package_version
                      WHERE org_id = '00D' || lpad(n::text, 12, '0') || 'AAA' AND package_id = i.package_id) opv
      WHERE i.upgrade_id = $1`,
    [upgradeId],
  );
  const item = await db.query<{ id: number }>(
    `SELECT id::int AS id FROM upgrade_item WHERE upgrade_id = $1 ORDER BY id LIMIT 1`,
    [upgradeId],
  );
  await db.exec('ANALYZE');
  return { upgradeId, itemId: item.rows[0]!.id };
}

/** The bench upgrade of a reused database, filled on first use. */
async function filled(db: Database): Promise<{ upgradeId: number; itemId: number }> {
  const { rows } = await db.query<{ id: number; item: number }>(
    `SELECT u.id::int AS id, min(i.id)::int AS item FROM upgrade u
       JOIN upgrade_item i ON i.upgrade_id = u.id
      WHERE u.description = 'Bench upgrade' GROUP BY u.id`,
  );
  return rows[0] ? { upgradeId: rows[0].id, itemId: rows[0].item } : fill(db);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function runUpgradeJobsBench(): Promise<BenchRow[]> {
  const reuse = process.env.BENCH_UPGRADE_JOBS_DATABASE_URL;
  const testDb = reuse
    ? { db: await openDatabase({ url: reuse }), drop: async () => undefined }
    : await serverDatabase(
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      );
  const rows: BenchRow[] = [];
  try {
    const db = testDb.db;
    if (reuse) await migrate(db);
    const { upgradeId, itemId } = reuse ? await filled(db) : await fill(db);
    const app = await buildApp(
      { config: loadConfig({}), db, secretKey: 'k'.repeat(64) },
      { logger: false },
    );
    await app.ready();
    const headers = await sessionHeaders(db, { username: 'bench@pushboard.demo' });
    const filter = (id: string, value: string) => JSON.stringify([{ id, value }]);
    const cases: [string, Record<string, string>][] = [
      ['default order (org id)', {}],
      [
        'status "Failed", sorted by org name',
        { filters: filter('status', '"Failed"'), sort_field: 'org_name' },
      ],
      [
        'org name contains "ab", sorted by start desc',
        { filters: filter('org_name', 'ab'), sort_field: 'start_time', sort_dir: 'desc' },
      ],
      [
        'target version > 1.5, sorted by account',
        { filters: filter('version_number', '> 1.5'), sort_field: 'account_name' },
      ],
      ['one request, sorted by status', { itemId: String(itemId), sort_field: 'status' }],
    ];
    const jobs = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM upgrade_job WHERE upgrade_id = $1`,
      [upgradeId],
    );
    rows.push({
      benchmark: 'Upgrade Jobs tab (PostgreSQL)',
      figure: `${jobs.rows[0]!.n.toLocaleString('en-US')} jobs`,
      detail: `server time of page 1 (25 rows), ${RUNS} runs; target p95 < 50 ms (the replaced console: 0.79 s)`,
    });
    for (const [scenario, query] of cases) {
      const times: number[] = [];
      let total = '';
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const start = performance.now();
        const response = await app.inject({
          method: 'GET',
          url: `/api/upgrades/${upgradeId}/jobs`,
          query,
          headers,
        });
        const ms = performance.now() - start;
        if (response.statusCode !== 200) throw new Error(`${scenario}: ${response.body}`);
        if (i >= WARMUP) times.push(ms);
        const body = response.json<{ total: number; total_is_estimate: boolean }>();
        total = `${body.total_is_estimate ? 'about ' : ''}${body.total.toLocaleString('en-US')}`;
      }
      times.sort((a, b) => a - b);
      rows.push({
        benchmark: `  ${scenario}`,
        figure: `p95 ${percentile(times, 95).toFixed(1)} ms`,
        detail: `p50 ${percentile(times, 50).toFixed(1)} ms; total ${total}`,
      });
    }
    await app.close();
  } finally {
    await testDb.drop();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runUpgradeJobsBench().then(
    (rows) => process.stdout.write(`${formatTable(rows)}\n`),
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
