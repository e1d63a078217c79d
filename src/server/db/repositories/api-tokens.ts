// api_token rows: personal API tokens, kept as a hash of their secret (migration 0019).
import type { SqlClient } from '../database';

export interface ApiTokenRow {
  id: number;
  username: string;
  display_name: string | null;
  name: string;
  scope: 'read' | 'operate';
  auth_method: 'salesforce' | 'admin-key';
  hint: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_by: string | null;
}

const COLUMNS = `id::int AS id, username, display_name, name, scope, auth_method, hint,
  created_at, expires_at, last_used_at, revoked_at, revoked_by`;

export interface NewApiToken {
  username: string;
  displayName: string | null;
  name: string;
  scope: 'read' | 'operate';
  authMethod: 'salesforce' | 'admin-key';
  secretHash: string;
  hint: string;
  expiresAt: Date;
}

export async function insertApiToken(db: SqlClient, token: NewApiToken): Promise<ApiTokenRow> {
  const { rows } = await db.query<ApiTokenRow>(
    `INSERT INTO api_token (username, display_name, name, scope, auth_method, secret_hash, hint,
       expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [
      token.username,
      token.displayName,
      token.name,
      token.scope,
      token.authMethod,
      token.secretHash,
      token.hint,
      token.expiresAt.toISOString(),
    ],
  );
  return rows[0]!;
}

/** The token with this secret hash, whatever its state (the caller says why it is refused). */
export async function findApiTokenByHash(
  db: SqlClient,
  secretHash: string,
): Promise<ApiTokenRow | undefined> {
  const { rows } = await db.query<ApiTokenRow>(
    `SELECT ${COLUMNS} FROM api_token WHERE secret_hash = $1`,
    [secretHash],
  );
  return rows[0];
}

/** Notes a use; at most once a minute per token, so a busy script does not write on every call. */
export async function touchApiToken(db: SqlClient, id: number): Promise<void> {
  await db.query(
    `UPDATE api_token SET last_used_at = now()
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [id],
  );
}

/** One user's tokens (usernames compare without regard to case), or everyone's; newest first. */
export async function listApiTokens(db: SqlClient, username?: string): Promise<ApiTokenRow[]> {
  const { rows } = await db.query<ApiTokenRow>(
    `SELECT ${COLUMNS} FROM api_token
      WHERE $1::text IS NULL OR lower(username) = lower($1::text)
      ORDER BY created_at DESC, id DESC`,
    [username ?? null],
  );
  return rows;
}

/**
 * Revokes a token not yet revoked, of `owner` when given; answers the row (revoked now or
 * before), or undefined when there is no such token (of that owner).
 */
export async function revokeApiToken(
  db: SqlClient,
  id: number,
  by: string,
  owner?: string,
): Promise<ApiTokenRow | undefined> {
  const { rows } = await db.query<ApiTokenRow>(
    `UPDATE api_token SET revoked_at = coalesce(revoked_at, now()),
            revoked_by = coalesce(revoked_by, $2)
      WHERE id = $1 AND ($3::text IS NULL OR lower(username) = lower($3::text))
      RETURNING ${COLUMNS}`,
    [id, by, owner ?? null],
  );
  return rows[0];
}
