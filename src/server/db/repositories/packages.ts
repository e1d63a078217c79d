// package, package_version and package_version_latest as the sync writes and reads them.
import type { SqlClient } from '../database';
import { column, lastPerKey } from './bulk';

export interface PackageRow {
  sfid: string;
  name: string;
  status: string | null;
  packageOrgId: string | null;
  /** The 033 MetadataPackage id. */
  packageId: string | null;
  dependencyTier: number | null;
  modifiedDate: string;
}

export interface PackageVersionRow {
  sfid: string;
  /** The 04t id. */
  versionId: string;
  packageId: string;
  name: string | null;
  versionNumber: string;
  versionSort: string;
  majorVersion: number | null;
  status: string | null;
  releaseDate: string | null;
  createdDate: string | null;
  modifiedDate: string;
}

export async function upsertPackages(
  db: SqlClient,
  sourceOrgId: string,
  page: readonly PackageRow[],
): Promise<void> {
  if (page.length === 0) return;
  const rows = lastPerKey(page, (row) => row.sfid);
  await db.query(
    `INSERT INTO package (sfid, source_org_id, name, status, package_org_id, package_id,
       dependency_tier, modified_date)
     SELECT u.sfid, $1, u.name, u.status, u.package_org_id, u.package_id, u.tier, u.modified
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::integer[],
       $8::timestamptz[]) AS u(sfid, name, status, package_org_id, package_id, tier, modified)
     ON CONFLICT (sfid) DO UPDATE SET source_org_id = EXCLUDED.source_org_id,
       name = EXCLUDED.name, status = EXCLUDED.status, package_org_id = EXCLUDED.package_org_id,
       package_id = EXCLUDED.package_id, dependency_tier = EXCLUDED.dependency_tier,
       modified_date = EXCLUDED.modified_date`,
    [
      sourceOrgId,
      column(rows, (r) => r.sfid),
      column(rows, (r) => r.name),
      column(rows, (r) => r.status),
      column(rows, (r) => r.packageOrgId),
      column(rows, (r) => r.packageId),
      column(rows, (r) => r.dependencyTier),
      column(rows, (r) => r.modifiedDate),
    ],
  );
}

/** The LMA package record ids already stored (versions may only reference these). */
export async function listPackageSfids(db: SqlClient): Promise<Set<string>> {
  const { rows } = await db.query<{ sfid: string }>('SELECT sfid FROM package');
  return new Set(rows.map((row) => row.sfid));
}

export async function upsertPackageVersions(
  db: SqlClient,
  sourceOrgId: string,
  page: readonly PackageVersionRow[],
): Promise<void> {
  if (page.length === 0) return;
  const rows = lastPerKey(
    lastPerKey(page, (row) => row.sfid),
    (row) => row.versionId,
  );
  await db.query(
    `INSERT INTO package_version (sfid, version_id, package_id, source_org_id, name, version_number,
       version_sort, major_version, status, release_date, created_date, modified_date)
     SELECT u.sfid, u.version_id, u.package_id, $1, u.name, u.number, u.sort, u.major, u.status,
       u.released, u.created, u.modified
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::integer[], $9::text[], $10::timestamptz[], $11::timestamptz[], $12::timestamptz[])
       AS u(sfid, version_id, package_id, name, number, sort, major, status, released, created,
            modified)
     ON CONFLICT (sfid) DO UPDATE SET version_id = EXCLUDED.version_id,
       package_id = EXCLUDED.package_id, source_org_id = EXCLUDED.source_org_id,
       name = EXCLUDED.name, version_number = EXCLUDED.version_number,
       version_sort = EXCLUDED.version_sort, major_version = EXCLUDED.major_version,
       status = EXCLUDED.status, release_date = EXCLUDED.release_date,
       created_date = EXCLUDED.created_date, modified_date = EXCLUDED.modified_date`,
    [
      sourceOrgId,
      column(rows, (r) => r.sfid),
      column(rows, (r) => r.versionId),
      column(rows, (r) => r.packageId),
      column(rows, (r) => r.name),
      column(rows, (r) => r.versionNumber),
      column(rows, (r) => r.versionSort),
      column(rows, (r) => r.majorVersion),
      column(rows, (r) => r.status),
      column(rows, (r) => r.releaseDate),
      column(rows, (r) => r.createdDate),
      column(rows, (r) => r.modifiedDate),
    ],
  );
}

/**
 * package_version_latest for every package in one statement (docs/product.md "Upgrade available"):
 * latest = highest version_sort among Verified/Pre-Release; latest limited = highest among the four
 * release statuses, or the highest of any status when none has one. Returns the packages written.
 */
export async function recomputeLatestVersions(db: SqlClient): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO package_version_latest (package_id, version_id, version_number, version_sort,
       limited_version_id, limited_version_number, limited_version_sort)
     SELECT p.sfid, l.version_id, l.version_number, l.version_sort,
       ll.version_id, ll.version_number, ll.version_sort
     FROM package p
     LEFT JOIN LATERAL (
       SELECT version_id, version_number, version_sort FROM package_version v
       WHERE v.package_id = p.sfid AND v.status IN ('Verified', 'Pre-Release')
       ORDER BY v.version_sort DESC LIMIT 1) l ON true
     LEFT JOIN LATERAL (
       SELECT version_id, version_number, version_sort FROM package_version v
       WHERE v.package_id = p.sfid
       ORDER BY (v.status IS NOT NULL) DESC, v.version_sort DESC LIMIT 1) ll ON true
     ON CONFLICT (package_id) DO UPDATE SET version_id = EXCLUDED.version_id,
       version_number = EXCLUDED.version_number, version_sort = EXCLUDED.version_sort,
       limited_version_id = EXCLUDED.limited_version_id,
       limited_version_number = EXCLUDED.limited_version_number,
       limited_version_sort = EXCLUDED.limited_version_sort
     WHERE (package_version_latest.version_id, package_version_latest.limited_version_id)
       IS DISTINCT FROM (EXCLUDED.version_id, EXCLUDED.limited_version_id)`,
  );
  return rowCount;
}

/** A package whose subscribers one packaging org answers for. */
export interface SubscriberPackage {
  sfid: string;
  name: string;
  /** The 033 id PackageSubscriber.MetadataPackageId holds. */
  packageId: string;
}

/** Packages of a packaging org whose subscribers are fetched (Inactive ones are skipped). */
export async function listSubscriberPackages(
  db: SqlClient,
  packageOrgId: string,
): Promise<SubscriberPackage[]> {
  const { rows } = await db.query<SubscriberPackage>(
    `SELECT sfid, name, package_id AS "packageId" FROM package
     WHERE package_org_id = $1 AND package_id IS NOT NULL AND status IS DISTINCT FROM 'Inactive'
     ORDER BY dependency_tier NULLS LAST, name`,
    [packageOrgId],
  );
  return rows;
}

/** 04t id → package sfid of every stored version (subscriber rows must reference one of them). */
export async function listVersionPackages(db: SqlClient): Promise<Map<string, string>> {
  const { rows } = await db.query<{ version_id: string; package_id: string }>(
    'SELECT version_id, package_id FROM package_version',
  );
  return new Map(rows.map((row) => [row.version_id, row.package_id]));
}

/** A packaging org the LMA lists that Pushboard holds no connection for (ALERT_PREAUTH_ORG). */
export interface UnauthorizedPackagingOrg {
  org_id: string;
  package_names: string;
}

/** Packaging orgs of active packages without any connected_org row. */
export async function findUnauthorizedPackagingOrgs(
  db: SqlClient,
): Promise<UnauthorizedPackagingOrg[]> {
  const { rows } = await db.query<UnauthorizedPackagingOrg>(
    `SELECT p.package_org_id AS org_id, string_agg(DISTINCT p.name, ', ') AS package_names
     FROM package p
     WHERE p.package_org_id IS NOT NULL AND p.status IS DISTINCT FROM 'Inactive'
       AND NOT EXISTS (SELECT 1 FROM connected_org c WHERE c.org_id = p.package_org_id)
     GROUP BY p.package_org_id ORDER BY p.package_org_id`,
  );
  return rows.map((row) => ({ ...row, org_id: row.org_id.trim() }));
}
