// The demo's staged rollout (docs/product.md "Staged rollouts"): the orgs it is planned for, and
// the sync_state row that says it was seeded, with the failure it rehearses, so a restarted
// simulator (which forgets its failure rules) is told again.
import type { SqlClient } from '../database';

const SEEDED = 'demo_rollout';

export interface DemoRolloutRecord {
  upgradeId: number;
  versionId: string;
  /** The edition whose orgs the demo version fails on. */
  edition: string;
}

export async function findDemoRollout(db: SqlClient): Promise<DemoRolloutRecord | null> {
  const { rows } = await db.query<{ value: DemoRolloutRecord }>(
    `SELECT value FROM sync_state WHERE key = $1`,
    [SEEDED],
  );
  return rows[0]?.value ?? null;
}

export async function markDemoRolloutSeeded(
  db: SqlClient,
  record: DemoRolloutRecord,
): Promise<void> {
  await db.query(`INSERT INTO sync_state (key, value) VALUES ($1, $2)`, [
    SEEDED,
    JSON.stringify(record),
  ]);
}

export interface DemoRolloutCandidate {
  org_id: string;
  edition: string;
  version_id: string;
}

/**
 * The upgradeable orgs (license Active or Trial, below the latest version) of the package that
 * has most of them and a connected packaging org, with the package's latest version: at most
 * `limit`, in org order.
 */
export async function demoRolloutCandidates(
  db: SqlClient,
  limit: number,
): Promise<DemoRolloutCandidate[]> {
  const { rows } = await db.query<DemoRolloutCandidate>(
    `WITH upgradeable AS (
       SELECT v.org_id, v.package_id, l.version_id
         FROM org_package_version v
         JOIN package p ON p.sfid = v.package_id AND p.package_org_id IS NOT NULL
         JOIN package_version pv ON pv.version_id = v.version_id
         JOIN package_version_latest l ON l.package_id = v.package_id
         JOIN package_version lv ON lv.version_id = l.version_id
        WHERE v.license_status IN ('Active', 'Trial') AND pv.version_sort < lv.version_sort),
     busiest AS (
       SELECT package_id FROM upgradeable GROUP BY package_id ORDER BY count(*) DESC, package_id
        LIMIT 1)
     SELECT trim(u.org_id) AS org_id, coalesce(o.edition, '') AS edition,
            trim(u.version_id) AS version_id
       FROM upgradeable u JOIN busiest b ON b.package_id = u.package_id
       JOIN org o ON o.org_id = u.org_id
      WHERE o.edition IS NOT NULL
      ORDER BY u.org_id LIMIT $1`,
    [limit],
  );
  return rows;
}
