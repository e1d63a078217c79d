// Orgs the upgrade plan accepts, for tests: an Active or Trial license, a version below the
// package's latest (and not its limited latest), a connected packaging org, and untouched by the
// earlier tests of the file (no plan, job or blacklist row, in no group), so each test starts clean.
import type { SqlClient } from '../../../db/database';

export interface UpgradeCandidate {
  org_id: string;
  package_id: string;
  /** The package's latest version. */
  target: string;
  /** The version the org has now. */
  installed: string;
  package_org_id: string;
}

export interface CandidateQuery {
  limit: number;
  offset?: number;
  packageId?: string | undefined;
  /** 'package' (the default) keeps one package's orgs together; 'org' mixes the packages. */
  order?: 'package' | 'org';
}

export async function upgradeCandidates(
  db: SqlClient,
  { limit, offset = 0, packageId, order = 'package' }: CandidateQuery,
): Promise<UpgradeCandidate[]> {
  const { rows } = await db.query<UpgradeCandidate>(
    `SELECT v.org_id, v.package_id, l.version_id AS target, v.version_id AS installed,
            p.package_org_id
       FROM org_package_version v
       JOIN package p ON p.sfid = v.package_id
       JOIN package_version pv ON pv.version_id = v.version_id
       JOIN package_version_latest l ON l.package_id = v.package_id
       JOIN package_version lv ON lv.version_id = l.version_id
      WHERE v.license_status IN ('Active', 'Trial') AND pv.version_sort < lv.version_sort
        AND v.version_id <> coalesce(l.limited_version_id, '')
        AND NOT EXISTS (SELECT 1 FROM upgrade_item_plan x WHERE x.org_id = v.org_id)
        AND NOT EXISTS (SELECT 1 FROM upgrade_job j WHERE j.org_id = v.org_id)
        AND NOT EXISTS (SELECT 1 FROM upgrade_blacklist x WHERE x.org_id = v.org_id)
        AND NOT EXISTS (SELECT 1 FROM org_group_member m WHERE m.org_id = v.org_id)
        AND ($3::text IS NULL OR v.package_id = $3)
        AND p.package_org_id IS NOT NULL
      ORDER BY ${order === 'org' ? 'v.org_id' : 'v.package_id, v.org_id'} LIMIT $1 OFFSET $2`,
    [limit, offset, packageId ?? null],
  );
  return rows;
}
