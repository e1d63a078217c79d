// oauth_state rows: one per pending authorization-code flow (sign-in or connecting an org). Each
// nonce is used at most once, expires quickly, and keeps the flow's PKCE code verifier on the
// server.
import type { SqlClient } from '../database';

export type OAuthOperation = 'login' | 'connect';

export interface PendingOAuth {
  return_to: string;
  details: unknown;
  code_verifier: string | null;
}

export async function insertOAuthState(
  db: SqlClient,
  state: {
    nonce: string;
    operation: OAuthOperation;
    returnTo: string;
    codeVerifier: string;
    details?: object;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO oauth_state (nonce, operation, return_to, details, code_verifier)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      state.nonce,
      state.operation,
      state.returnTo,
      JSON.stringify(state.details ?? {}),
      state.codeVerifier,
    ],
  );
}

/** Deletes and answers the pending flow, if it exists and is younger than `ttlMinutes`. */
export async function takeOAuthState(
  db: SqlClient,
  nonce: string,
  operation: OAuthOperation,
  ttlMinutes: number,
): Promise<PendingOAuth | undefined> {
  const { rows } = await db.query<PendingOAuth>(
    `DELETE FROM oauth_state WHERE nonce = $1 AND operation = $2
       AND created_at > now() - make_interval(mins => $3)
     RETURNING return_to, details, code_verifier`,
    [nonce, operation, ttlMinutes],
  );
  return rows[0];
}

/** Forgets abandoned flows older than `ttlMinutes`. */
export async function deleteStaleOAuthStates(db: SqlClient, ttlMinutes: number): Promise<void> {
  await db.query(`DELETE FROM oauth_state WHERE created_at < now() - make_interval(mins => $1)`, [
    ttlMinutes,
  ]);
}
