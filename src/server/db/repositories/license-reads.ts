// Reads behind the license screen: one license with the names the list shows beside it.
import type { License } from '../../../domain';
import type { SqlClient } from '../database';
import { LICENSE_SOURCE } from '../lists/license-source';
import { toJsonRow } from '../lists/list-query';

/** The license as a row of the licenses list, or null when no license has this id. */
export async function findLicense(db: SqlClient, licenseId: string): Promise<License | null> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${LICENSE_SOURCE.select} FROM ${LICENSE_SOURCE.from} WHERE l.sfid = $1`,
    [licenseId],
  );
  return rows[0] ? toJsonRow<License>(rows[0]) : null;
}
