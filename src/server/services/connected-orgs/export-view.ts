// What Export shows about a connection (spec §2 "Export opens a URL in a popup window of 540x600").
// The predecessor handed the org's token to the browser here (domain.md); Pushboard shows what an
// operator needs instead — which org, how and by whom it is connected, and how to connect it again —
// and reads only columns that hold no secret.
import type { SqlClient } from '../../db/database';
import { CONNECT_SCOPE } from './connect-flow';

export interface ConnectionExport {
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
  scopes: string;
  has_refresh_token: boolean;
}

/** The connected org with this instance URL (and type), without any token column. */
export async function findConnectionExport(
  db: SqlClient,
  where: { instanceUrl: string; type: string } | { orgId: string },
): Promise<ConnectionExport | null> {
  const byOrg = 'orgId' in where;
  const { rows } = await db.query<Omit<ConnectionExport, 'scopes'>>(
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
  const row = rows[0];
  return row ? { ...row, scopes: CONNECT_SCOPE } : null;
}
