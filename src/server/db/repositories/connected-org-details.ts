// What the org monitor learns about a connected org from its own Organization record.
import type { SqlClient } from '../database';

export interface ConnectedOrgDetails {
  name: string;
  division: string | null;
  namespace: string | null;
  instanceName: string | null;
}

/** Stores the org's current name, division, namespace and instance; true when any changed. */
export async function updateConnectedOrgDetails(
  db: SqlClient,
  orgId: string,
  details: ConnectedOrgDetails,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE connected_org SET name = $2, division = $3, namespace = $4, instance_name = $5,
       updated_at = now()
     WHERE org_id = $1
       AND (name, division, namespace, instance_name) IS DISTINCT FROM ($2, $3, $4, $5)`,
    [orgId, details.name, details.division, details.namespace, details.instanceName],
  );
  return rowCount > 0;
}

/** A Refresh re-read the org from Salesforce just now. */
export async function markConnectedOrgRefreshed(db: SqlClient, orgId: string): Promise<void> {
  await db.query('UPDATE connected_org SET refreshed_date = now() WHERE org_id = $1', [orgId]);
}
