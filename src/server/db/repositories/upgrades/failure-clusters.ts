// Failure clusters (docs/product.md "Failure clusters"): the Failed jobs of an upgrade, of one of
// its requests or of every upgrade of a package, grouped by upgrade_job.failure_key (the hash of the
// normalised error, written with the message). Each read is an aggregate over the partial index
// upgrade_job_failure_idx (migration 0017) plus the org rows of the jobs it counts; nothing matches
// patterns over messages. A job is "seen" when it ended (its last change when Salesforce gave no
// end time).
import type { SqlClient } from '../../database';
import type { Scope } from '../../lists/sql-builder';

/** The failed jobs of one upgrade, or of one of its requests. */
export interface ClusterScope {
  upgradeId: number;
  itemId?: number | undefined;
}

const SEEN = 'coalesce(j.end_time, j.modified_date)';

/** The WHERE clause of a scope's Failed jobs, with its parameters from $1. */
function where(scope: ClusterScope): { sql: string; params: unknown[] } {
  return scope.itemId === undefined
    ? { sql: `j.upgrade_id = $1 AND j.status = 'Failed'`, params: [scope.upgradeId] }
    : {
        sql: `j.upgrade_id = $1 AND j.item_id = $2 AND j.status = 'Failed'`,
        params: [scope.upgradeId, scope.itemId],
      };
}

export interface UnkeyedFailure {
  id: number;
  message: string | null;
}

/** Failed jobs without a cluster key yet (failed before keys were written), at most `limit`. */
export async function findUnkeyedFailures(
  db: SqlClient,
  target: { upgradeId: number } | { packageId: string },
  limit: number,
): Promise<UnkeyedFailure[]> {
  const { rows } = await db.query<UnkeyedFailure>(
    'upgradeId' in target
      ? `SELECT j.id::int AS id, j.message FROM upgrade_job j
          WHERE j.upgrade_id = $1 AND j.status = 'Failed' AND j.failure_key IS NULL LIMIT $2`
      : `SELECT j.id::int AS id, j.message FROM upgrade_item i
           JOIN upgrade_job j ON j.upgrade_id = i.upgrade_id AND j.item_id = i.id
          WHERE i.package_id = $1 AND j.status = 'Failed' AND j.failure_key IS NULL LIMIT $2`,
    ['upgradeId' in target ? target.upgradeId : target.packageId, limit],
  );
  return rows;
}

/** Writes cluster keys by job id. */
export async function writeFailureKeys(
  db: SqlClient,
  keys: readonly { id: number; key: string }[],
): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `UPDATE upgrade_job j SET failure_key = k.key
       FROM unnest($1::bigint[], $2::text[]) AS k(id, key)
      WHERE j.id = k.id AND j.failure_key IS NULL`,
    [keys.map((k) => k.id), keys.map((k) => k.key)],
  );
}

export interface ClusterRow {
  key: string;
  count: number;
  orgs: number;
  first_seen: Date | string;
  last_seen: Date | string;
  /** The newest job of the cluster, whose message stands for it. */
  sample_job_id: number;
}

/** The scope's clusters, largest first, at most `limit`, and how many failed jobs it has. */
export async function findClusters(
  db: SqlClient,
  scope: ClusterScope,
  limit: number,
): Promise<{ clusters: ClusterRow[]; failed: number; clusterCount: number }> {
  const w = where(scope);
  const { rows } = await db.query<ClusterRow & { failed: number; cluster_count: number }>(
    `WITH c AS (
       SELECT j.failure_key AS key, count(*)::int AS count,
              count(DISTINCT j.org_id)::int AS orgs,
              min(${SEEN}) AS first_seen, max(${SEEN}) AS last_seen,
              max(j.id)::int AS sample_job_id
         FROM upgrade_job j WHERE ${w.sql} GROUP BY j.failure_key
     )
     SELECT c.*, sum(c.count) OVER ()::int AS failed, count(*) OVER ()::int AS cluster_count
       FROM c ORDER BY c.count DESC, c.last_seen DESC, c.key LIMIT $${w.params.length + 1}`,
    [...w.params, limit],
  );
  return {
    clusters: rows.map(({ failed: _f, cluster_count: _c, ...row }) => row),
    failed: rows[0]?.failed ?? 0,
    clusterCount: rows[0]?.cluster_count ?? 0,
  };
}

export interface ClusterBreakdownRow {
  key: string;
  /** 'edition' or 'instance'. */
  kind: string;
  value: string | null;
  count: number;
}

/** Per cluster, its failed jobs counted by the org's edition and by its instance. */
export async function findClusterBreakdown(
  db: SqlClient,
  scope: ClusterScope,
  keys: readonly string[],
): Promise<ClusterBreakdownRow[]> {
  if (keys.length === 0) return [];
  const w = where(scope);
  const { rows } = await db.query<ClusterBreakdownRow>(
    `SELECT j.failure_key AS key,
            CASE WHEN GROUPING(o.edition) = 0 THEN 'edition' ELSE 'instance' END AS kind,
            CASE WHEN GROUPING(o.edition) = 0 THEN o.edition ELSE o.instance END AS value,
            count(*)::int AS count
       FROM upgrade_job j LEFT JOIN org o ON o.org_id = j.org_id
      WHERE ${w.sql} AND j.failure_key = ANY($${w.params.length + 1}::text[])
      GROUP BY GROUPING SETS ((j.failure_key, o.edition), (j.failure_key, o.instance))
      ORDER BY 1, 2, 4 DESC, 3`,
    [...w.params, keys],
  );
  return rows;
}

export interface ClusterSampleRow {
  key: string;
  org_id: string;
  org_name: string | null;
}

/** Per cluster, the orgs of its newest `perCluster` failed jobs. */
export async function findClusterSamples(
  db: SqlClient,
  scope: ClusterScope,
  keys: readonly string[],
  perCluster: number,
): Promise<ClusterSampleRow[]> {
  if (keys.length === 0) return [];
  const w = where(scope);
  const n = w.params.length;
  // One short index walk per cluster (LATERAL), not a window over every failed job.
  const { rows } = await db.query<ClusterSampleRow>(
    `SELECT k.key, s.org_id, o.name AS org_name
       FROM unnest($${n + 1}::text[]) AS k(key)
       CROSS JOIN LATERAL (
         SELECT j.org_id, j.id FROM upgrade_job j
          WHERE ${w.sql} AND j.failure_key = k.key ORDER BY j.org_id LIMIT $${n + 2}
       ) s
       LEFT JOIN org o ON o.org_id = s.org_id
      ORDER BY k.key, s.org_id`,
    [...w.params, keys, perCluster],
  );
  return rows.map((r) => ({ ...r, org_id: r.org_id.trim() }));
}

/** The messages of some jobs, by id. */
export async function findJobMessages(
  db: SqlClient,
  jobIds: readonly number[],
): Promise<Map<number, string | null>> {
  if (jobIds.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; message: string | null }>(
    `SELECT id::int AS id, message FROM upgrade_job WHERE id = ANY($1::bigint[])`,
    [jobIds],
  );
  return new Map(rows.map((r) => [r.id, r.message]));
}

/** The distinct orgs of one cluster of the scope. */
export async function findClusterOrgIds(
  db: SqlClient,
  scope: ClusterScope,
  key: string,
): Promise<string[]> {
  const w = where(scope);
  const { rows } = await db.query<{ org_id: string }>(
    `SELECT DISTINCT j.org_id FROM upgrade_job j
      WHERE ${w.sql} AND j.failure_key = $${w.params.length + 1} ORDER BY j.org_id`,
    [...w.params, key],
  );
  return rows.map((r) => r.org_id.trim());
}

export interface PackageClusterRow {
  key: string;
  upgrades: number;
  orgs: number;
  jobs: number;
  last_seen: Date | string;
  last_upgrade_id: number;
  sample_job_id: number;
}

/** A package's clusters across all its upgrades, those hitting most upgrades first. */
export async function findPackageClusters(
  db: SqlClient,
  packageId: string,
  limit: number,
): Promise<PackageClusterRow[]> {
  const { rows } = await db.query<PackageClusterRow>(
    `SELECT j.failure_key AS key, count(DISTINCT j.upgrade_id)::int AS upgrades,
            count(DISTINCT j.org_id)::int AS orgs, count(*)::int AS jobs,
            max(${SEEN}) AS last_seen, max(j.upgrade_id)::int AS last_upgrade_id,
            max(j.id)::int AS sample_job_id
       FROM upgrade_item i
       JOIN upgrade_job j ON j.upgrade_id = i.upgrade_id AND j.item_id = i.id
      WHERE i.package_id = $1 AND j.status = 'Failed'
      GROUP BY j.failure_key
      ORDER BY upgrades DESC, last_seen DESC, key LIMIT $2`,
    [packageId, limit],
  );
  return rows;
}

/** The jobs list's scope narrowed to one cluster's Failed jobs (its export). */
export function failureClusterScope(key: string): Scope {
  return (b) => `j.status = 'Failed' AND j.failure_key = ${b.param(key)}`;
}
