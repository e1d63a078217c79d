// connected_org rows: the orgs Pushboard holds tokens for. Tokens are stored only sealed.
import type { ConnectedOrgStatus } from '../../../domain/statuses';
import type { SqlClient } from '../database';

export type ConnectedOrgType = 'Package' | 'Licenses' | 'Accounts';
export type { ConnectedOrgStatus };

export interface ConnectedOrgRow {
  org_id: string;
  name: string;
  description: string | null;
  division: string | null;
  namespace: string | null;
  instance_name: string | null;
  instance_url: string;
  login_url: string;
  type: ConnectedOrgType;
  status: ConnectedOrgStatus;
  /** Why it is not Connected (shown on its row); null once it works again. */
  status_reason: string | null;
  active: boolean;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  refreshed_date: string | null;
}

export interface ConnectedOrgInput {
  orgId: string;
  name: string;
  description?: string | null;
  division?: string | null;
  namespace?: string | null;
  instanceName?: string | null;
  instanceUrl: string;
  loginUrl: string;
  type: ConnectedOrgType;
  status: ConnectedOrgStatus;
  accessTokenEnc: string | null;
  refreshTokenEnc: string | null;
  createdBy?: string | null;
}

export async function findConnectedOrg(
  db: SqlClient,
  orgId: string,
): Promise<ConnectedOrgRow | undefined> {
  const { rows } = await db.query<ConnectedOrgRow>(
    'SELECT * FROM connected_org WHERE org_id = $1',
    [orgId],
  );
  return rows[0];
}

export async function listConnectedOrgs(
  db: SqlClient,
  filter: { type?: ConnectedOrgType; activeOnly?: boolean } = {},
): Promise<ConnectedOrgRow[]> {
  const { rows } = await db.query<ConnectedOrgRow>(
    `SELECT * FROM connected_org
     WHERE ($1::text IS NULL OR type = $1) AND (NOT $2::boolean OR active)
     ORDER BY name, org_id`,
    [filter.type ?? null, filter.activeOnly ?? false],
  );
  return rows;
}

/** Inserts or updates an org after a (re)connect; `active` is only set on first insert. */
export async function upsertConnectedOrg(db: SqlClient, org: ConnectedOrgInput): Promise<void> {
  await db.query(
    `INSERT INTO connected_org (org_id, name, description, division, namespace, instance_name,
       instance_url, login_url, type, status, access_token_enc, refresh_token_enc, refreshed_date, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now(), $13)
     ON CONFLICT (org_id) DO UPDATE SET
       name = EXCLUDED.name, division = EXCLUDED.division, namespace = EXCLUDED.namespace,
       instance_name = EXCLUDED.instance_name, instance_url = EXCLUDED.instance_url,
       login_url = EXCLUDED.login_url, type = EXCLUDED.type, status = EXCLUDED.status,
       status_reason = NULL,
       description = COALESCE(EXCLUDED.description, connected_org.description),
       access_token_enc = EXCLUDED.access_token_enc, refresh_token_enc = EXCLUDED.refresh_token_enc,
       refreshed_date = now(), updated_at = now()`,
    [
      org.orgId,
      org.name,
      org.description ?? null,
      org.division ?? null,
      org.namespace ?? null,
      org.instanceName ?? null,
      org.instanceUrl,
      org.loginUrl,
      org.type,
      org.status,
      org.accessTokenEnc,
      org.refreshTokenEnc,
      org.createdBy ?? null,
    ],
  );
}

/** A refreshed access token; a working refresh proves the connection, so it is Connected again
 *  unless it was deliberately marked otherwise (Unprotected stays Unprotected). */
export async function saveRefreshedToken(
  db: SqlClient,
  orgId: string,
  accessTokenEnc: string,
): Promise<void> {
  await db.query(
    `UPDATE connected_org SET access_token_enc = $2, refreshed_date = now(), updated_at = now(),
       status = CASE WHEN status = 'Unprotected' THEN status ELSE 'Connected' END,
       status_reason = NULL
     WHERE org_id = $1`,
    [orgId, accessTokenEnc],
  );
}

/** The refresh token no longer works (invalid_grant) or was revoked; `reason` says which, on the
 *  org's row. Returns whether the status changed, so the caller raises the alert once, not on
 *  every attempt (the first reason stays). */
export async function markConnectedOrgInvalid(
  db: SqlClient,
  orgId: string,
  reason: string,
  options: { dropRefreshToken?: boolean } = {},
): Promise<boolean> {
  const { rows } = await db.query<{ was: string }>(
    `UPDATE connected_org AS c SET status = 'Invalid', access_token_enc = NULL,
       refresh_token_enc = CASE WHEN $2 THEN NULL ELSE c.refresh_token_enc END, updated_at = now(),
       status_reason = CASE WHEN before.was = 'Invalid' THEN coalesce(c.status_reason, $3) ELSE $3 END
     FROM (SELECT status AS was FROM connected_org WHERE org_id = $1 FOR UPDATE) AS before
     WHERE c.org_id = $1
     RETURNING before.was`,
    [orgId, options.dropRefreshToken ?? false, reason],
  );
  return rows[0] !== undefined && rows[0].was !== 'Invalid';
}
