// Operator changes to connected_org rows: revoke, delete, activation and the Edit modal's fields.
import type { ConnectedOrgType } from './connected-orgs';
import type { SqlClient } from '../database';

/** The tokens are gone at Salesforce: forget them and show the org as needing a new connection,
 *  saying why on its row. */
export async function markConnectedOrgRevoked(
  db: SqlClient,
  orgId: string,
  reason: string,
): Promise<void> {
  await db.query(
    `UPDATE connected_org SET status = 'Invalid', access_token_enc = NULL, refresh_token_enc = NULL,
       status_reason = $2, updated_at = now()
     WHERE org_id = $1`,
    [orgId, reason],
  );
}

export async function deleteConnectedOrgs(db: SqlClient, orgIds: string[]): Promise<string[]> {
  const { rows } = await db.query<{ org_id: string }>(
    'DELETE FROM connected_org WHERE org_id = ANY($1::bpchar[]) RETURNING org_id',
    [orgIds],
  );
  return rows.map((row) => row.org_id);
}

export async function setConnectedOrgsActive(
  db: SqlClient,
  orgIds: string[],
  active: boolean,
): Promise<void> {
  await db.query(
    'UPDATE connected_org SET active = $2, updated_at = now() WHERE org_id = ANY($1::bpchar[])',
    [orgIds, active],
  );
}

export async function updateConnectedOrgFields(
  db: SqlClient,
  orgId: string,
  fields: { type: ConnectedOrgType; description: string | null },
): Promise<void> {
  await db.query(
    `UPDATE connected_org SET type = $2, description = $3, updated_at = now() WHERE org_id = $1`,
    [orgId, fields.type, fields.description],
  );
}

/** Which of these ids have a connected_org row, with what the change rules read. */
export async function findConnectedOrgStates(
  db: SqlClient,
  orgIds: string[],
): Promise<{ org_id: string; name: string; type: ConnectedOrgType; status: string }[]> {
  const { rows } = await db.query<{
    org_id: string;
    name: string;
    type: ConnectedOrgType;
    status: string;
  }>(
    'SELECT org_id, name, type, status FROM connected_org WHERE org_id = ANY($1::bpchar[]) FOR UPDATE',
    [orgIds],
  );
  return rows;
}
