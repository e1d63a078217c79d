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

/** A connection as Export shows it: who connected it and when, never a token column. */
export interface ConnectionExportRow {
  org_id: string;
  name: string;
  type: string;
  instance_url: string;
  instance_name: string | null;
  namespace: string | null;
  status: string;
  active: boolean;
  login_host: string;
  connected_by: string | null;
  connected_at: string | null;
  last_refreshed: string | null;
  has_refresh_token: boolean;
}

/**
 * The connected org with this instance URL (and type), or with this id. Reads only columns that
 * hold no secret: whether a refresh token exists is all Export says about the tokens.
 */
export async function findConnectionExportRow(
  db: SqlClient,
  where: { instanceUrl: string; type: string } | { orgId: string },
): Promise<ConnectionExportRow | null> {
  const byOrg = 'orgId' in where;
  const { rows } = await db.query<ConnectionExportRow>(
    `SELECT org_id, name, type, instance_url, instance_name, namespace, status, active,
       login_url AS login_host, created_by AS connected_by,
       to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS connected_at,
       to_char(refreshed_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_refreshed,
       refresh_token_enc IS NOT NULL AS has_refresh_token
     FROM connected_org
     WHERE ${byOrg ? 'org_id = $1' : "rtrim(instance_url, '/') = $1 AND type = $2"}
     ORDER BY org_id LIMIT 1`,
    byOrg ? [where.orgId] : [where.instanceUrl.replace(/\/+$/, ''), where.type],
  );
  return rows[0] ?? null;
}

/** The connected org at this instance URL (a trailing slash on either side does not matter). */
export async function findConnectedOrgByInstanceUrl(
  db: SqlClient,
  instanceUrl: string,
): Promise<{ org_id: string; instance_url: string } | null> {
  const { rows } = await db.query<{ org_id: string; instance_url: string }>(
    `SELECT org_id, instance_url FROM connected_org WHERE rtrim(instance_url, '/') = $1
     ORDER BY org_id LIMIT 1`,
    [instanceUrl.replace(/\/+$/, '')],
  );
  return rows[0] ?? null;
}
