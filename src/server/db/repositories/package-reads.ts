// Reads behind the package and package version screens.
import type { Package, PackageVersion } from '../../../domain';
import type { SqlClient } from '../database';
import { toJsonRow } from '../lists/list-query';
import { SqlBuilder } from '../lists/sql-builder';

const PACKAGE_SELECT = `p.sfid, p.name, p.package_org_id, c.name AS package_org_name, p.package_id,
  p.dependency_tier, p.status,
  (SELECT count(*)::int FROM package_version cv WHERE cv.package_id = p.sfid) AS version_count,
  lt.version_number AS latest_version_number, lt.version_id AS latest_version_id`;

const PACKAGE_FROM = `package p
  LEFT JOIN connected_org c ON c.org_id = p.package_org_id
  LEFT JOIN package_version_latest lt ON lt.package_id = p.sfid`;

export async function listPackages(db: SqlClient): Promise<Package[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${PACKAGE_SELECT} FROM ${PACKAGE_FROM} ORDER BY p.dependency_tier NULLS LAST, p.name`,
  );
  return rows.map((row) => toJsonRow<Package>(row));
}

export async function findPackage(db: SqlClient, sfid: string): Promise<Package | null> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${PACKAGE_SELECT} FROM ${PACKAGE_FROM} WHERE p.sfid = $1`,
    [sfid],
  );
  return rows[0] ? toJsonRow<Package>(rows[0]) : null;
}

const VERSION_SELECT = `v.version_id, v.sfid, v.version_number, v.version_sort, v.name,
  v.package_id, p.name AS package_name, p.package_org_id, v.status, v.created_date, v.release_date,
  lt.version_number AS latest_version_number, lt.version_id AS latest_version_id,
  lt.version_sort AS latest_version_sort, lt.limited_version_id AS latest_limited_version_id,
  lt.limited_version_sort AS latest_limited_version_sort, p.dependency_tier,
  (SELECT count(*)::int FROM org_package_version ov WHERE ov.version_id = v.version_id)
    AS customer_count`;

const VERSION_FROM = `package_version v JOIN package p ON p.sfid = v.package_id
  LEFT JOIN package_version_latest lt ON lt.package_id = v.package_id`;

export interface PackageVersionFilter {
  packageIds?: readonly string[] | undefined;
  packageOrgIds?: readonly string[] | undefined;
  statuses?: readonly string[] | undefined;
}

export async function listPackageVersions(
  db: SqlClient,
  filter: PackageVersionFilter,
): Promise<PackageVersion[]> {
  const b = new SqlBuilder();
  const where: string[] = [];
  if (filter.packageIds) where.push(`v.package_id = ANY(${b.param(filter.packageIds)}::bpchar[])`);
  if (filter.packageOrgIds)
    where.push(`p.package_org_id = ANY(${b.param(filter.packageOrgIds)}::bpchar[])`);
  if (filter.statuses) where.push(`v.status = ANY(${b.param(filter.statuses)}::text[])`);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${VERSION_SELECT} FROM ${VERSION_FROM}
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY p.name, v.version_sort DESC`,
    b.params,
  );
  return rows.map((row) => toJsonRow<PackageVersion>(row));
}

export async function findPackageVersion(
  db: SqlClient,
  versionId: string,
): Promise<PackageVersion | null> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${VERSION_SELECT} FROM ${VERSION_FROM} WHERE v.version_id = $1`,
    [versionId],
  );
  return rows[0] ? toJsonRow<PackageVersion>(rows[0]) : null;
}
