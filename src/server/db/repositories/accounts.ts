// account rows: the customers licenses point at (many orgs may share one account).
import type { SqlClient } from '../database';
import { arrayLiteral, insertOrUpsert, lastPerKey, type WriteMode } from './bulk';

export interface AccountRow {
  accountId: string;
  accountName: string;
  modifiedDate: string;
}

const INSERT = `INSERT INTO account (account_id, account_name, source_org_id, modified_date)
     SELECT u.account_id, u.account_name, $1, u.modified
     FROM unnest($2::text[], $3::text[], $4::timestamptz[])
       AS u(account_id, account_name, modified)`;

const UPSERT = `${INSERT}
     ON CONFLICT (account_id) DO UPDATE SET account_name = EXCLUDED.account_name,
       source_org_id = EXCLUDED.source_org_id, modified_date = EXCLUDED.modified_date
     WHERE (account.account_name, account.source_org_id, account.modified_date)
       IS DISTINCT FROM (EXCLUDED.account_name, EXCLUDED.source_org_id, EXCLUDED.modified_date)`;

/** 'fresh': the page of a first load, inserted as new rows (see insertOrUpsert). */
export async function upsertAccounts(
  db: SqlClient,
  sourceOrgId: string,
  page: readonly AccountRow[],
  mode: WriteMode = 'upsert',
): Promise<void> {
  if (page.length === 0) return;
  const rows = lastPerKey(page, (row) => row.accountId);
  const params = [
    sourceOrgId,
    arrayLiteral(rows, (r) => r.accountId),
    arrayLiteral(rows, (r) => r.accountName),
    arrayLiteral(rows, (r) => r.modifiedDate),
  ];
  const upsert = () => db.query(UPSERT, params);
  if (mode === 'fresh') await insertOrUpsert(db, () => db.query(INSERT, params), upsert);
  else await upsert();
}

/**
 * Accounts the source org's licenses name that are not stored yet: an incremental read of
 * accounts only returns recently modified ones, but a new license may point at an old account.
 */
export async function findMissingAccountIds(db: SqlClient, sourceOrgId: string): Promise<string[]> {
  const { rows } = await db.query<{ account_id: string }>(
    `SELECT DISTINCT l.account_id FROM license l
     WHERE l.source_org_id = $1 AND l.account_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM account a WHERE a.account_id = l.account_id)
     ORDER BY l.account_id`,
    [sourceOrgId],
  );
  return rows.map((row) => row.account_id);
}
