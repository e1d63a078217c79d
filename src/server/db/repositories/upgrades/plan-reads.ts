// What scheduling plans from (nothing here is written): the selected versions with their packages
// and packaging orgs, the orgs the whitelist and the blacklist hold, and the versions candidate
// orgs have installed. The eligibility rules themselves are the domain's.
import type { SqlClient } from '../../database';
import { SqlBuilder } from '../../lists/sql-builder';
import { blacklistedSql, type BlacklistSettings } from '../blacklist';

export interface TargetVersion {
  version_id: string;
  version_number: string;
  version_sort: string;
  package_id: string;
  package_name: string;
  package_org_id: string | null;
  dependency_tier: number | null;
}

export interface TargetVersionRow extends TargetVersion {
  /** The packaging org has a connection to push through. */
  connected: boolean;
}

/** The versions among `versionIds` that are known, with their packages (ids trimmed). */
export async function findTargetVersions(
  db: SqlClient,
  versionIds: readonly string[],
): Promise<TargetVersionRow[]> {
  const { rows } = await db.query<TargetVersionRow>(
    `SELECT pv.version_id, pv.version_number, pv.version_sort, pv.package_id,
            p.name AS package_name, p.package_org_id, p.dependency_tier,
            (c.org_id IS NOT NULL) AS connected
       FROM package_version pv JOIN package p ON p.sfid = pv.package_id
       LEFT JOIN connected_org c ON c.org_id = p.package_org_id AND c.type = 'Package'
      WHERE pv.version_id = ANY($1::bpchar[])`,
    [versionIds],
  );
  return rows.map((row) => ({
    ...row,
    version_id: row.version_id.trim(),
    package_id: row.package_id.trim(),
    package_org_id: row.package_org_id?.trim() ?? null,
  }));
}

export async function orgExists(db: SqlClient, orgId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM org WHERE org_id = $1`, [orgId]);
  return rows.length > 0;
}

/** Members of any Whitelist Group (trimmed). */
export async function whitelistGroupOrgIds(db: SqlClient): Promise<string[]> {
  const { rows } = await db.query<{ org_id: string }>(
    `SELECT DISTINCT m.org_id FROM org_group_member m JOIN org_group g ON g.id = m.org_group_id
      WHERE g.type = 'Whitelist Group'`,
  );
  return rows.map((r) => r.org_id.trim());
}

/** Of the given orgs, those the blacklist holds (trimmed), by the shared blacklist SQL. */
export async function blacklistedOrgIds(
  db: SqlClient,
  orgIds: readonly string[],
  settings: BlacklistSettings,
): Promise<string[]> {
  const builder = new SqlBuilder();
  const ids = builder.param(orgIds);
  const { rows } = await db.query<{ org_id: string }>(
    `SELECT c.org_id FROM unnest(${ids}::bpchar[]) AS c(org_id)
       LEFT JOIN org o ON o.org_id = c.org_id
      WHERE ${blacklistedSql(builder, { orgId: 'c.org_id', accountId: 'o.account_id' }, settings)}`,
    builder.params,
  );
  return rows.map((r) => r.org_id.trim());
}

/** An org's installed version of a package, its license and the package's latest limited one. */
export interface InstalledRow {
  org_id: string;
  package_id: string;
  version_id: string;
  version_number: string | null;
  version_sort: string | null;
  license_status: string | null;
  limited_version_id: string | null;
}

/** What the given orgs have installed of the given packages. */
export async function findInstalledVersions(
  db: SqlClient,
  orgIds: readonly string[],
  packageIds: readonly string[],
): Promise<InstalledRow[]> {
  const { rows } = await db.query<InstalledRow>(
    `SELECT v.org_id, v.package_id, v.version_id, pv.version_number, pv.version_sort,
            v.license_status, l.limited_version_id
       FROM org_package_version v
       LEFT JOIN package_version pv ON pv.version_id = v.version_id
       LEFT JOIN package_version_latest l ON l.package_id = v.package_id
      WHERE v.org_id = ANY($1::bpchar[]) AND v.package_id = ANY($2::bpchar[])`,
    [orgIds, packageIds],
  );
  return rows;
}
