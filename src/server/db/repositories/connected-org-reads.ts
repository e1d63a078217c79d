// Connected orgs as the screens see them: never a token column.
import type { ConnectedOrg } from '../../../domain';
import type { SqlClient } from '../database';
import { toJsonRow } from '../lists/list-query';

const SAFE_COLUMNS = `org_id, name, description, type, status, status_reason, instance_name,
  instance_url, namespace, active, refreshed_date`;

export async function listConnectedOrgViews(db: SqlClient): Promise<ConnectedOrg[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${SAFE_COLUMNS} FROM connected_org ORDER BY lower(name), org_id`,
  );
  return rows.map((row) => toJsonRow<ConnectedOrg>(row));
}

export async function findConnectedOrgView(
  db: SqlClient,
  orgId: string,
): Promise<ConnectedOrg | null> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${SAFE_COLUMNS} FROM connected_org WHERE org_id = $1`,
    [orgId],
  );
  return rows[0] ? toJsonRow<ConnectedOrg>(rows[0]) : null;
}
