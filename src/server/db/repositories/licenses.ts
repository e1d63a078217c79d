// license rows (sfLma__License__c), written a page at a time by the sync.
import type { SqlClient } from '../database';
import { arrayLiteral, insertOrUpsert, lastPerKey, type WriteMode } from './bulk';

export interface LicenseRow {
  sfid: string;
  name: string | null;
  orgId: string | null;
  accountId: string | null;
  instance: string | null;
  type: string | null;
  isSandbox: boolean;
  status: string | null;
  edition: string | null;
  installDate: string | null;
  /** YYYY-MM-DD */
  expiration: string | null;
  usedLicenseCount: number | null;
  packageId: string | null;
  versionId: string | null;
  modifiedDate: string;
}

const INSERT = `INSERT INTO license (sfid, source_org_id, name, org_id, account_id, instance, type,
       is_sandbox, status, edition, install_date, expiration, used_license_count, package_id,
       version_id, modified_date)
     SELECT u.sfid, $1, u.name, u.org_id, u.account_id, u.instance, u.type, u.is_sandbox, u.status,
       u.edition, u.install_date, u.expiration, u.used, u.package_id, u.version_id, u.modified
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[],
       $6::text[], $7::text[], $8::boolean[], $9::text[],
       $10::text[], $11::timestamptz[], $12::date[], $13::integer[],
       $14::text[], $15::text[], $16::timestamptz[])
       AS u(sfid, name, org_id, account_id, instance, type, is_sandbox, status, edition,
            install_date, expiration, used, package_id, version_id, modified)`;

const UPSERT = `${INSERT}
     ON CONFLICT (sfid) DO UPDATE SET
       source_org_id = EXCLUDED.source_org_id, name = EXCLUDED.name, org_id = EXCLUDED.org_id,
       account_id = EXCLUDED.account_id, instance = EXCLUDED.instance, type = EXCLUDED.type,
       is_sandbox = EXCLUDED.is_sandbox, status = EXCLUDED.status, edition = EXCLUDED.edition,
       install_date = EXCLUDED.install_date, expiration = EXCLUDED.expiration,
       used_license_count = EXCLUDED.used_license_count, package_id = EXCLUDED.package_id,
       version_id = EXCLUDED.version_id, modified_date = EXCLUDED.modified_date
     WHERE (license.source_org_id, license.name, license.org_id, license.account_id,
            license.instance, license.type, license.is_sandbox, license.status, license.edition,
            license.install_date, license.expiration, license.used_license_count,
            license.package_id, license.version_id, license.modified_date)
       IS DISTINCT FROM
           (EXCLUDED.source_org_id, EXCLUDED.name, EXCLUDED.org_id, EXCLUDED.account_id,
            EXCLUDED.instance, EXCLUDED.type, EXCLUDED.is_sandbox, EXCLUDED.status,
            EXCLUDED.edition, EXCLUDED.install_date, EXCLUDED.expiration,
            EXCLUDED.used_license_count, EXCLUDED.package_id, EXCLUDED.version_id,
            EXCLUDED.modified_date)`;

/**
 * Inserts or updates one page; unchanged rows are not rewritten (no dead tuples on a re-read).
 * 'fresh': the page of a first load, inserted as new rows (see insertOrUpsert).
 */
export async function upsertLicenses(
  db: SqlClient,
  sourceOrgId: string,
  page: readonly LicenseRow[],
  mode: WriteMode = 'upsert',
): Promise<void> {
  if (page.length === 0) return;
  const rows = lastPerKey(page, (row) => row.sfid);
  const params = [
    sourceOrgId,
    arrayLiteral(rows, (r) => r.sfid),
    arrayLiteral(rows, (r) => r.name),
    arrayLiteral(rows, (r) => r.orgId),
    arrayLiteral(rows, (r) => r.accountId),
    arrayLiteral(rows, (r) => r.instance),
    arrayLiteral(rows, (r) => r.type),
    arrayLiteral(rows, (r) => r.isSandbox),
    arrayLiteral(rows, (r) => r.status),
    arrayLiteral(rows, (r) => r.edition),
    arrayLiteral(rows, (r) => r.installDate),
    arrayLiteral(rows, (r) => r.expiration),
    arrayLiteral(rows, (r) => r.usedLicenseCount),
    arrayLiteral(rows, (r) => r.packageId),
    arrayLiteral(rows, (r) => r.versionId),
    arrayLiteral(rows, (r) => r.modifiedDate),
  ];
  const upsert = () => db.query(UPSERT, params);
  if (mode === 'fresh') await insertOrUpsert(db, () => db.query(INSERT, params), upsert);
  else await upsert();
}
