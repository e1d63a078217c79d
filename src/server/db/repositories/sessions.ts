// Server-side sessions. The browser holds a random opaque id; only its SHA-256 is stored, so a
// database leak does not hand out live sessions. A session ends after `idleHours` without a
// request (sliding) or `maxHours` after sign-in (absolute), whichever comes first: expires_at
// never passes created_at + maxHours, so every reader of the row (HTTP, the live channel, the
// clean-up) honours both.
import { createHash, randomBytes } from 'node:crypto';
import type { SqlClient } from '../database';

export interface SessionRow {
  id_hash: string;
  username: string;
  display_name: string | null;
  user_id: string | null;
  org_id: string | null;
  read_only: boolean;
  auth_method: 'salesforce' | 'admin-key';
  instance_url: string | null;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  csrf_token: string;
  permissions_checked_at: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface NewSession {
  username: string;
  displayName: string | null;
  userId?: string | null;
  orgId?: string | null;
  readOnly: boolean;
  authMethod: SessionRow['auth_method'];
  instanceUrl?: string | null;
  accessTokenEnc?: string | null;
  refreshTokenEnc?: string | null;
}

export const hashSessionId = (id: string): string => createHash('sha256').update(id).digest('hex');

/** Creates a session; returns the opaque id for the cookie (never stored as such). */
export async function createSession(
  db: SqlClient,
  session: NewSession,
  idleHours: number,
  maxHours: number = idleHours,
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO session (id_hash, username, display_name, user_id, org_id, read_only, auth_method,
       instance_url, access_token_enc, refresh_token_enc, csrf_token, permissions_checked_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now(), now() + make_interval(secs => $12))`,
    [
      hashSessionId(id),
      session.username,
      session.displayName,
      session.userId ?? null,
      session.orgId ?? null,
      session.readOnly,
      session.authMethod,
      session.instanceUrl ?? null,
      session.accessTokenEnc ?? null,
      session.refreshTokenEnc ?? null,
      randomBytes(24).toString('base64url'),
      Math.min(idleHours, maxHours) * 3600,
    ],
  );
  return id;
}

/**
 * The live (not expired) session for a cookie id. With `maxHours`, a session older than that is
 * refused too, so lowering SESSION_MAX_HOURS ends longer sessions at once.
 */
export async function findSession(
  db: SqlClient,
  id: string,
  maxHours?: number,
): Promise<SessionRow | undefined> {
  const { rows } =
    maxHours === undefined
      ? await db.query<SessionRow>(
          'SELECT * FROM session WHERE id_hash = $1 AND expires_at > now()',
          [hashSessionId(id)],
        )
      : await db.query<SessionRow>(
          `SELECT * FROM session WHERE id_hash = $1 AND expires_at > now()
             AND created_at > now() - make_interval(secs => $2)`,
          [hashSessionId(id), maxHours * 3600],
        );
  return rows[0];
}

/** Slides the idle timeout forward, never past the absolute end (created_at + maxHours). */
export async function touchSession(
  db: SqlClient,
  idHash: string,
  idleHours: number,
  maxHours: number,
): Promise<void> {
  await db.query(
    `UPDATE session SET last_seen_at = now(),
       expires_at = LEAST(now() + make_interval(secs => $2),
                          created_at + make_interval(secs => $3))
     WHERE id_hash = $1`,
    [idHash, idleHours * 3600, maxHours * 3600],
  );
}

export async function updateSessionPermissions(
  db: SqlClient,
  idHash: string,
  readOnly: boolean,
  accessTokenEnc?: string,
): Promise<void> {
  await db.query(
    `UPDATE session SET read_only = $2, permissions_checked_at = now(),
       access_token_enc = COALESCE($3, access_token_enc) WHERE id_hash = $1`,
    [idHash, readOnly, accessTokenEnc ?? null],
  );
}

export async function deleteSession(db: SqlClient, idHash: string): Promise<void> {
  await db.query('DELETE FROM session WHERE id_hash = $1', [idHash]);
}

/** Ends every session of a user (logout everywhere); answers the ended sessions' hashes. */
export async function deleteSessionsOf(db: SqlClient, username: string): Promise<string[]> {
  const { rows } = await db.query<{ id_hash: string }>(
    'DELETE FROM session WHERE username = $1 RETURNING id_hash',
    [username],
  );
  return rows.map((row) => row.id_hash);
}

export async function deleteExpiredSessions(db: SqlClient): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM session WHERE expires_at <= now()');
  return rowCount;
}

/** Ends every session opened one way (e.g. every Salesforce sign-in); answers how many. */
export async function deleteSessionsSignedInWith(
  db: SqlClient,
  authMethod: SessionRow['auth_method'],
): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM session WHERE auth_method = $1', [authMethod]);
  return rowCount;
}
