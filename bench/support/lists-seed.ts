// The rows the list benchmark needs beyond what a full fetch stores: a group of 20 000 orgs, an
// upgrade with 30 000 jobs, and an audit log of about 200 000 entries. Each is found by a marker
// and written only when missing (in one transaction), so a reused database is seeded once and
// measured as it is afterwards; nothing is deleted.
import type { Database } from '../../src/server/db/database';

export const GROUP_SIZE = 20_000;
const GROUP_NAME = 'Bench pilot';

/** The upgrade's requests: the packages with the most installs, this many orgs each. */
const UPGRADE_PACKAGES = 3;
const UPGRADE_ORGS = 10_000;
export const UPGRADE_JOBS = UPGRADE_PACKAGES * UPGRADE_ORGS;
const UPGRADE_DESCRIPTION = 'Bench lists upgrade';

export const AUDIT_ROWS = 200_000;

/** The username the benchmark signs in as; it is also one of the audit log's actors (#ME). */
export const BENCH_USER = 'bench@pushboard.demo';

/** The group of GROUP_SIZE orgs (picked by a hash of their id) whose Members tab is measured. */
export async function seedGroup(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const found = await tx.query<{ id: number; members: number }>(
      `SELECT g.id::int AS id, (SELECT count(*) FROM org_group_member m WHERE m.org_group_id = g.id)::int AS members
         FROM org_group g WHERE g.name = $1 ORDER BY g.id LIMIT 1`,
      [GROUP_NAME],
    );
    const existing = found.rows[0];
    if (existing && existing.members >= GROUP_SIZE) return existing.id;
    if (existing) await tx.query(`DELETE FROM org_group WHERE id = $1`, [existing.id]);
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO org_group (name, description, created_by)
       VALUES ($1, 'benchmark group', $2) RETURNING id::int AS id`,
      [GROUP_NAME, BENCH_USER],
    );
    const id = rows[0]!.id;
    await tx.query(
      `INSERT INTO org_group_member (org_group_id, org_id, added_by)
       SELECT $1, org_id, $2 FROM org ORDER BY md5(org_id) LIMIT ${GROUP_SIZE}`,
      [id, BENCH_USER],
    );
    return id;
  });
}

/**
 * One upgrade of the UPGRADE_PACKAGES most installed packages to their latest version, with a
 * request per package and a job for each of UPGRADE_ORGS orgs that have the package installed
 * (the columns as the upgrade engine writes them, bench/upgrade-jobs.ts's mix of statuses:
 * pending jobs have not started, running ones have not ended, failed ones carry Salesforce's
 * error list).
 */
export async function seedUpgrade(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const found = await tx.query<{ id: number }>(
      `SELECT id::int AS id FROM upgrade WHERE description = $1 ORDER BY id LIMIT 1`,
      [UPGRADE_DESCRIPTION],
    );
    if (found.rows[0]) return found.rows[0].id;
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO upgrade (description, status, start_time, created_by, activated_by, activated_date)
       VALUES ($1, 'Active', now() - interval '3 hours', $2, $2, now() - interval '3 hours')
       RETURNING id::int AS id`,
      [UPGRADE_DESCRIPTION, BENCH_USER],
    );
    const upgradeId = rows[0]!.id;
    await tx.query(
      `WITH top AS (
         SELECT package_id, row_number() OVER (ORDER BY count(*) DESC, package_id) AS k
           FROM org_package_version GROUP BY package_id ORDER BY count(*) DESC, package_id
          LIMIT ${UPGRADE_PACKAGES})
       INSERT INTO upgrade_item (upgrade_id, push_request_id, package_org_id, package_id, version_id,
                                 status, scheduled_start_time, total_job_count, created_by,
                                 activated_by, activated_date, start_time)
       SELECT $1, '0DV' || 'BNCH' || lpad((($1::bigint % 100000) * 10 + top.k)::text, 11, '0'),
              p.package_org_id, top.package_id, latest.version_id, 'InProgress',
              now() - interval '3 hours', ${UPGRADE_ORGS}, $2, $2, now() - interval '3 hours',
              now() - interval '3 hours'
         FROM top JOIN package p ON p.sfid = top.package_id
         CROSS JOIN LATERAL (SELECT v.version_id FROM package_version v
                              WHERE v.package_id = top.package_id
                              ORDER BY v.version_sort DESC LIMIT 1) latest
        WHERE p.package_org_id IS NOT NULL`,
      [upgradeId, BENCH_USER],
    );
    await tx.query(
      `INSERT INTO upgrade_job (upgrade_id, item_id, push_request_id, job_id, org_id,
                                original_version_id, status, message, start_time, end_time, duration)
       SELECT $1, i.id, i.push_request_id,
              '0DX' || 'B' || lpad((i.id * 100000 + o.n)::text, 14, '0'),
              o.org_id, o.version_id, s.status,
              CASE WHEN s.status = 'Failed' THEN
                (ARRAY['[{"title":"Apex error","details":"","message":"System.LimitException: Too many SOQL queries: 101"}]',
                       '[{"title":"Missing dependency","details":"","message":"Package Relay Core 2.0 is required"}]',
                       '[{"title":"Validation failed","details":"Field Status__c","message":"Invalid picklist value"}]'])[1 + o.n % 3]
              END,
              CASE WHEN s.status NOT IN ('Pending', 'Ineligible')
                   THEN i.start_time + (o.n % 9000) * interval '1 second' END,
              CASE WHEN s.status IN ('Succeeded', 'Failed', 'Canceled')
                   THEN i.start_time + (o.n % 9000 + 20 + o.n % 280) * interval '1 second' END,
              CASE WHEN s.status IN ('Succeeded', 'Failed', 'Canceled') THEN 20 + o.n % 280 END
         FROM upgrade_item i
         CROSS JOIN LATERAL (
           SELECT v.org_id, v.version_id, row_number() OVER (ORDER BY md5(v.org_id)) AS n
             FROM org_package_version v WHERE v.package_id = i.package_id
            ORDER BY md5(v.org_id) LIMIT ${UPGRADE_ORGS}) o
         CROSS JOIN LATERAL (SELECT (ARRAY['Succeeded','Succeeded','Succeeded','InProgress','Pending',
                                           'Failed','Canceled','Ineligible'])[1 + o.n % 8] AS status) s
        WHERE i.upgrade_id = $1`,
      [upgradeId],
    );
    return upgradeId;
  });
}

/** Who acts in the audit log, most active first (a few people do most of the work). */
const ACTORS = [
  'ana.silva@relay-ops.com',
  BENCH_USER,
  'schedule',
  'marcus.chen@relay-ops.com',
  'priya.nair@relay-ops.com',
  'tom.becker@relay-ops.com',
  'lena.fischer@relay-ops.com',
  'omar.haddad@relay-ops.com',
  'julia.rossi@relay-ops.com',
  'kenji.sato@relay-ops.com',
  'sofia.garcia@relay-ops.com',
  'david.okafor@relay-ops.com',
  'emma.larsen@relay-ops.com',
  'noah.kim@relay-ops.com',
  'support@relay-ops.com',
  'readonly.auditor@relay-ops.com',
  'contractor.dev@partner-example.com',
  'ops.admin@relay-ops.com',
];

/** What happens, how often (weight), on which kind of target. */
const ACTIONS: readonly [action: string, weight: number, target: string | null][] = [
  ['login', 30, null],
  ['upgrade.schedule', 12, 'upgrade'],
  ['upgrade.activate', 8, 'upgrade'],
  ['upgrade.refresh', 10, 'upgrade'],
  ['upgrade.cancel', 2, 'upgrade'],
  ['upgrade.retry', 2, 'upgrade'],
  ['upgrade.purge', 1, 'upgrade'],
  ['upgradeitem.activate', 3, 'upgrade_item'],
  ['upgradeitem.cancel', 1, 'upgrade_item'],
  ['upgradeitem.refresh', 4, 'upgrade_item'],
  ['orggroup.create', 2, 'org_group'],
  ['orggroup.update', 2, 'org_group'],
  ['orggroup.delete', 1, 'org_group'],
  ['orggroup.members.add', 6, 'org_group'],
  ['orggroup.members.remove', 3, 'org_group'],
  ['orggroup.members.move', 1, 'org_group'],
  ['org.blacklist', 3, 'org'],
  ['org.import', 3, null],
  ['savedfilter.create', 2, 'saved_filter'],
  ['savedfilter.update', 1, 'saved_filter'],
  ['savedfilter.delete', 1, 'saved_filter'],
  ['job.start', 4, 'job'],
  ['job.cancel', 1, 'job'],
];

/**
 * Audit rows until the log holds AUDIT_ROWS: a few actors doing most of it, logins and upgrade
 * work most often, times over two years and denser lately, mostly successes with some refusals
 * and failures, details as the services write them. Seeded, so two fresh databases get the same
 * log (relative to the day they were filled).
 */
export async function seedAuditLog(db: Database): Promise<number> {
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`);
  const missing = AUDIT_ROWS - (count.rows[0]?.n ?? 0);
  if (missing <= 0) return 0;
  const kinds = ACTIONS.map(
    ([action, weight, target]) =>
      `('${action}', ${weight}, ${target === null ? 'NULL::text' : `'${target}'`})`,
  ).join(',\n         ');
  const actors = `ARRAY[${ACTORS.map((actor) => `'${actor}'`).join(', ')}]`;
  await db.transaction(async (tx) => {
    await tx.query(`SELECT setseed(0.4242)`);
    await tx.query(
      `WITH kinds(action, weight, target_type) AS (VALUES
         ${kinds}),
       cumulative AS (
         SELECT action, target_type,
                sum(weight) OVER (ORDER BY action)::float8 / sum(weight) OVER () AS upto FROM kinds),
       draws AS MATERIALIZED (
         SELECT n, random() AS r_action, random() AS r_actor, random() AS r_time,
                random() AS r_outcome, random() AS r_target FROM generate_series(1, $1) n)
       INSERT INTO audit_log (at, actor, action, target_type, target_id, outcome, details)
       SELECT now() - power(d.r_time, 1.5) * interval '730 days',
              actors[1 + floor(power(d.r_actor, 2.2) * cardinality(actors))::int],
              k.action, k.target_type,
              CASE
                WHEN k.target_type IS NULL THEN NULL
                WHEN k.target_type = 'org' THEN '00D' || upper(substr(md5(d.n::text), 1, 12)) || 'EAA'
                WHEN k.target_type = 'job' THEN (1 + floor(d.r_target * 50000))::int::text
                ELSE (1 + floor(d.r_target * 4000))::int::text
              END,
              o.outcome,
              CASE
                WHEN o.outcome = 'denied' THEN jsonb_build_object('message', 'Read-only users cannot make changes.')
                WHEN o.outcome = 'failed' THEN jsonb_build_object('message',
                  (ARRAY['Salesforce answered 503 Service Unavailable', 'The upgrade is not active',
                         'Request timed out after 120 s', 'INVALID_SESSION_ID: Session expired or invalid'])[1 + d.n % 4])
                WHEN k.action = 'login' THEN jsonb_build_object('method', CASE WHEN d.n % 9 = 0 THEN 'admin-key' ELSE 'salesforce' END)
                WHEN k.action = 'upgrade.schedule' THEN jsonb_build_object('orgs', 1 + d.n % 4000, 'versions', 1 + d.n % 3,
                  'start', to_char(now() - power(d.r_time, 1.5) * interval '730 days' + interval '1 hour', 'YYYY-MM-DD"T"HH24:MI'))
                WHEN k.action IN ('upgrade.cancel', 'upgradeitem.cancel') THEN jsonb_build_object('comment',
                  (ARRAY['customer asked to wait', 'wrong version', 'release freeze', ''])[1 + d.n % 4])
                WHEN k.action LIKE 'orggroup.members.%' OR k.action = 'org.import' THEN jsonb_build_object('count', 1 + d.n % 500)
                WHEN k.action = 'org.blacklist' THEN jsonb_build_object('blacklisted', d.n % 3 <> 0)
                WHEN k.action = 'upgrade.purge' THEN jsonb_build_object('upgradeIds', jsonb_build_array(d.n % 4000, d.n % 4000 + 1))
                ELSE '{}'::jsonb
              END
         FROM draws d
         CROSS JOIN (SELECT ${actors} AS actors) a
         CROSS JOIN LATERAL (SELECT c.action, c.target_type FROM cumulative c
                              WHERE c.upto >= d.r_action ORDER BY c.upto LIMIT 1) k
         CROSS JOIN LATERAL (SELECT CASE WHEN d.r_outcome < 0.02 THEN 'denied'
                                         WHEN d.r_outcome < 0.06 THEN 'failed'
                                         ELSE 'success' END AS outcome) o`,
      [missing],
    );
  });
  return missing;
}

/** The package with the most installs and the version installed most often. */
export async function busiestPackage(
  db: Database,
): Promise<{ packageId: string; versionId: string }> {
  const { rows } = await db.query<{ package_id: string; version_id: string }>(
    `SELECT (SELECT package_id FROM org_package_version GROUP BY package_id
              ORDER BY count(*) DESC, package_id LIMIT 1) AS package_id,
            (SELECT version_id FROM org_package_version GROUP BY version_id
              ORDER BY count(*) DESC, version_id LIMIT 1) AS version_id`,
  );
  const row = rows[0];
  if (!row?.package_id || !row.version_id)
    throw new Error('The database has no installed packages.');
  return { packageId: row.package_id, versionId: row.version_id };
}

/** The tables whose index cost is printed. */
export const INDEXED_TABLES = [
  'license',
  'org',
  'org_package_version',
  'upgrade_job',
  'audit_log',
] as const;

export interface IndexCost {
  table: string;
  tableBytes: number;
  indexBytes: number;
}

export async function indexCosts(db: Database): Promise<IndexCost[]> {
  const { rows } = await db.query<{ table: string; table_bytes: number; index_bytes: number }>(
    `SELECT t AS table, pg_relation_size(t::regclass)::bigint AS table_bytes,
            pg_indexes_size(t::regclass)::bigint AS index_bytes
       FROM unnest($1::text[]) t`,
    [INDEXED_TABLES],
  );
  return rows.map((row) => ({
    table: row.table,
    tableBytes: Number(row.table_bytes),
    indexBytes: Number(row.index_bytes),
  }));
}
