// Reads behind the org screens: one org, its installed versions and its groups.
import type { InstalledVersionRow, Org, OrgGroup } from '../../../domain';
import type { SqlClient } from '../database';
import { toJsonRow } from '../lists/list-query';
import { ORG_SOURCE } from '../lists/org-sources';

export async function findOrg(
  db: SqlClient,
  orgId: string,
): Promise<(Org & { features: string[] }) | null> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${ORG_SOURCE.select}, o.features FROM ${ORG_SOURCE.from} WHERE o.org_id = $1`,
    [orgId],
  );
  return rows[0] ? toJsonRow(rows[0]) : null;
}

/** The org's installed packages with each package's latest and latest limited versions. */
export async function listInstalledVersions(
  db: SqlClient,
  orgId: string,
): Promise<InstalledVersionRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT v.org_id, v.package_id, p.name AS package_name, p.dependency_tier,
       v.version_id, pv.version_number, pv.version_sort, pv.status AS version_status,
       lt.version_id AS latest_version_id, lt.version_number AS latest_version_number,
       lt.version_sort AS latest_version_sort, lt.limited_version_id AS latest_limited_version_id,
       lt.limited_version_sort AS latest_limited_version_sort, v.license_status, v.install_date,
       v.status
     FROM org_package_version v
       JOIN package p ON p.sfid = v.package_id
       JOIN package_version pv ON pv.version_id = v.version_id
       LEFT JOIN package_version_latest lt ON lt.package_id = v.package_id
     WHERE v.org_id = $1
     ORDER BY p.dependency_tier NULLS LAST, p.name`,
    [orgId],
  );
  return rows.map((row) => toJsonRow<InstalledVersionRow>(row));
}

export const ORG_GROUP_SELECT = `g.id, g.name, g.type, g.description, g.created_date, g.created_by,
  (SELECT count(*)::int FROM org_group_member c WHERE c.org_group_id = g.id) AS member_count`;

/** The groups an org belongs to. */
export async function listGroupsOfOrg(db: SqlClient, orgId: string): Promise<OrgGroup[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${ORG_GROUP_SELECT} FROM org_group g
     WHERE g.id IN (SELECT m.org_group_id FROM org_group_member m WHERE m.org_id = $1)
     ORDER BY g.name`,
    [orgId],
  );
  return rows.map((row) => toJsonRow<OrgGroup>(row));
}

/** Names and account names of orgs by id; ids Pushboard does not know are left out. */
export async function findOrgNames(
  db: SqlClient,
  orgIds: readonly string[],
): Promise<Map<string, { org_name: string | null; account_name: string | null }>> {
  const { rows } = await db.query<{
    org_id: string;
    org_name: string | null;
    account_name: string | null;
  }>(`SELECT org_id, name AS org_name, account_name FROM org WHERE org_id = ANY($1::bpchar[])`, [
    orgIds,
  ]);
  return new Map(rows.map(({ org_id, ...names }) => [org_id.trim(), names]));
}
