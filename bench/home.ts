// The fleet reads at the simulator's `scale` size (100 000 orgs, 825 000 installs, 1 000 000
// licenses) on PostgreSQL, over real HTTP against the listening server: the home page
// (GET /api/home) and the busiest package's adoption (GET /api/packages/{id}/adoption), target
// p95 < 100 ms; also the timeline of the largest upgrade and one org's history. Before measuring,
// the fetch's last step counts the installs (its time is printed), and a year of daily version
// counts is written, to measure the adoption read with a full 90-day window and to give the size
// of the history table after a year of daily fetches.
// Knobs:
//   BENCH_HOME_DATABASE_URL  a database filled at the scale size (default: lists_scale on the local
//                            server, which bench/lists.ts fills). The migrations up to the
//                            adoption counts are applied; only the adoption tables are written
//                            (and one session row, removed at the end).
//   BENCH_HOME_RUNS          timed runs per endpoint (default 200, after 10 warm-ups)
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { listMigrations, migrate } from '../src/server/db/migrate';
import { countAdoption } from '../src/server/db/repositories/adoption';
import { buildApp } from '../src/server/http/app';
import { sessionHeaders } from '../src/server/http/test-session';
import { formatTable, type BenchRow } from './run';
import { BenchClient, percentile } from './support/lists-http';

const TARGET_MS = 100;
const WARM_UP = 10;
/** The migration that adds the adoption tables; the later ones are not this benchmark's to apply. */
const LAST_MIGRATION = '0016_package_adoption';
const BENCH_USER = 'bench-home@pushboard.demo';

const ms = (value: number) => `${value.toFixed(1)} ms`;
const count = (value: number) => new Intl.NumberFormat('en-US').format(value);

async function timed(client: BenchClient, path: string, runs: number) {
  for (let i = 0; i < WARM_UP; i++) await client.json(path);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const answer = await client.get(path);
    if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.body}`);
    times.push(answer.ms);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

export async function runHomeBench(): Promise<BenchRow[]> {
  const url =
    process.env.BENCH_HOME_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lists_scale';
  const runs = Number(process.env.BENCH_HOME_RUNS ?? 200);
  const rows: BenchRow[] = [];
  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    db = await openDatabase({ url });
    await db.query('SELECT 1 FROM org LIMIT 1');
  } catch (error) {
    // npm run bench runs every benchmark: without a filled database this one says so and stops.
    const reason = error instanceof Error ? error.message : String(error);
    return [
      {
        benchmark: 'Fleet reads',
        figure: 'skipped',
        detail: `no filled database at ${url}: ${reason}`,
      },
    ];
  }
  const add = (benchmark: string, figure: string, detail = '') =>
    rows.push({ benchmark, figure, detail });
  let session: Record<string, string> | undefined;
  try {
    await migrate(
      db,
      listMigrations().filter((m) => m.id <= LAST_MIGRATION),
    );
    const sizes = await db.query<{ orgs: number; installs: number; licenses: number }>(
      `SELECT (SELECT count(*) FROM org)::int AS orgs,
              (SELECT count(*) FROM org_package_version)::int AS installs,
              (SELECT count(*) FROM license)::int AS licenses`,
    );
    const size = sizes.rows[0]!;
    const today = new Date().toISOString().slice(0, 10);
    const started = performance.now();
    const counted = await db.transaction((tx) => countAdoption(tx, today));
    add(
      'Adoption count (the fetch step)',
      ms(performance.now() - started),
      `${count(size.installs)} installs of ${count(size.orgs)} orgs into ${count(counted.counts)} counts and ${count(counted.versions)} version rows`,
    );
    // A year of daily fetches: the day's counts copied to the 364 days before.
    await db.query(
      `INSERT INTO package_version_daily (package_id, day, version_id, org_count)
       SELECT package_id, day - d, version_id, org_count
       FROM package_version_daily, generate_series(1, 364) AS d
       WHERE day = $1::date
       ON CONFLICT DO NOTHING`,
      [today],
    );
    await db.exec('ANALYZE package_adoption; ANALYZE package_version_daily');
    const history = await db.query<{
      rows: number;
      bytes: number;
      row_bytes: number;
      heap: number;
    }>(
      `SELECT count(*)::int AS rows,
              pg_total_relation_size('package_version_daily')::bigint AS bytes,
              pg_relation_size('package_version_daily')::bigint AS heap,
              avg(pg_column_size(d.*))::float AS row_bytes
       FROM package_version_daily d`,
    );
    const h = history.rows[0]!;
    add(
      'History table after a year',
      `${(Number(h.bytes) / 1024 / 1024).toFixed(1)} MB`,
      `${count(h.rows)} rows (${count(counted.versions)} package versions × 365 days) × ${Number(h.row_bytes).toFixed(0)} bytes per row (${(Number(h.heap) / h.rows).toFixed(0)} bytes on the page with its header, the rest the primary key index)`,
    );

    const busiest = await db.query<{ package_id: string }>(
      `SELECT package_id FROM package_adoption GROUP BY package_id ORDER BY sum(org_count) DESC LIMIT 1`,
    );
    const upgrade = await db.query<{ id: number; jobs: number }>(
      `SELECT upgrade_id::int AS id, count(*)::int AS jobs FROM upgrade_job
       GROUP BY upgrade_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const org = await db.query<{ org_id: string }>(
      `SELECT org_id FROM upgrade_job ORDER BY org_id LIMIT 1`,
    );
    const app = await buildApp(
      { config: loadConfig({}), db, secretKey: 'k'.repeat(64) },
      { logger: false },
    );
    try {
      await app.ready();
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      session = await sessionHeaders(db, { username: BENCH_USER, readOnly: true });
      const client = new BenchClient(address, session);
      const measure = async (label: string, path: string, detail: string, target: boolean) => {
        const t = await timed(client, path, runs);
        add(
          label,
          `p50 ${ms(t.p50)} · p95 ${ms(t.p95)}`,
          `${detail}; ${runs} runs${target ? `; target p95 < ${TARGET_MS} ms: ${t.p95 < TARGET_MS ? 'met' : 'MISSED'}` : ''}`,
        );
      };
      await measure(
        'GET /api/home',
        '/api/home',
        `${count(size.orgs)} orgs, ${count(size.licenses)} licenses`,
        true,
      );
      const packageId = busiest.rows[0]?.package_id.trim();
      if (packageId)
        await measure(
          'GET /api/packages/{id}/adoption',
          `/api/packages/${packageId}/adoption`,
          'the busiest package, 90 days of history',
          true,
        );
      const up = upgrade.rows[0];
      if (up)
        await measure(
          'GET /api/upgrades/{id}/timeline',
          `/api/upgrades/${up.id}/timeline`,
          `an upgrade of ${count(up.jobs)} jobs`,
          false,
        );
      const orgId = org.rows[0]?.org_id;
      if (orgId)
        await measure('GET /api/orgs/{id}/history', `/api/orgs/${orgId}/history`, 'one org', false);
    } finally {
      await app.close();
    }
  } finally {
    if (session)
      await db.query(`DELETE FROM session WHERE username = $1`, [BENCH_USER]).catch(() => {});
    await db.close();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runHomeBench()
    .then((rows) => process.stdout.write(`${formatTable(rows)}\n`))
    .catch((error: unknown) => {
      process.stderr.write(
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    });
}
