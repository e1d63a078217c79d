// Stored Salesforce tokens as the SECRET_KEY rotation re-seals them: read in batches by primary
// key, and every write is a compare-and-set on the ciphertext that was read, so a token refreshed
// meanwhile (already sealed under the current key) is never overwritten with an older one.
import type { SqlClient } from '../database';

export interface SealedTokens {
  access_token_enc: string | null;
  refresh_token_enc: string | null;
}

/** A table that holds sealed tokens, its primary key, and the columns read besides them. */
export interface TokenTable {
  table: 'connected_org' | 'session';
  key: 'org_id' | 'id_hash';
  extra: readonly string[];
}

/** The next rows after key `after` that hold a token, in key order. */
export async function readSealedTokenBatch<R extends SealedTokens>(
  db: SqlClient,
  table: TokenTable,
  after: string,
  limit: number,
): Promise<R[]> {
  const columns = [table.key, ...table.extra, 'access_token_enc', 'refresh_token_enc'];
  const { rows } = await db.query<R>(
    `SELECT ${columns.join(', ')} FROM ${table.table}
      WHERE ${table.key} > $1 AND (access_token_enc IS NOT NULL OR refresh_token_enc IS NOT NULL)
      ORDER BY ${table.key} LIMIT $2`,
    [after, limit],
  );
  return rows;
}

/** Stores `next` in place of `read`; false when the row's tokens changed since they were read. */
export async function replaceSealedTokens(
  db: SqlClient,
  table: TokenTable,
  key: string,
  read: SealedTokens,
  next: SealedTokens,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE ${table.table} SET access_token_enc = $2, refresh_token_enc = $3
      WHERE ${table.key} = $1
        AND access_token_enc IS NOT DISTINCT FROM $4
        AND refresh_token_enc IS NOT DISTINCT FROM $5`,
    [
      key,
      next.access_token_enc,
      next.refresh_token_enc,
      read.access_token_enc,
      read.refresh_token_enc,
    ],
  );
  return rowCount > 0;
}

/**
 * Tokens no key opens are useless: drops them and marks the org Invalid, like a revoked grant, so
 * the operator sees it needs connecting again. 'already' when the org was Invalid before,
 * 'changed' when its tokens changed since they were read (then nothing is written).
 */
/** What an org whose tokens no configured key opens says why it is Invalid. */
export const UNREADABLE_TOKENS_REASON =
  'Its tokens were sealed with a key SECRET_KEY no longer lists: connect the org again.';

export async function markOrgTokensUnreadable(
  db: SqlClient,
  orgId: string,
  read: SealedTokens,
): Promise<'marked' | 'already' | 'changed'> {
  const { rows } = await db.query<{ was: string }>(
    `UPDATE connected_org AS c SET status = 'Invalid', access_token_enc = NULL,
       refresh_token_enc = NULL, updated_at = now(),
       status_reason = $4
       FROM (SELECT status AS was FROM connected_org WHERE org_id = $1 FOR UPDATE) AS before
      WHERE c.org_id = $1
        AND c.access_token_enc IS NOT DISTINCT FROM $2
        AND c.refresh_token_enc IS NOT DISTINCT FROM $3
      RETURNING before.was`,
    [orgId, read.access_token_enc, read.refresh_token_enc, UNREADABLE_TOKENS_REASON],
  );
  if (!rows[0]) return 'changed';
  return rows[0].was === 'Invalid' ? 'already' : 'marked';
}

/** Ends a session whose tokens no key opens; false when its tokens changed since they were read. */
export async function deleteSessionWithTokens(
  db: SqlClient,
  idHash: string,
  read: SealedTokens,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `DELETE FROM session WHERE id_hash = $1
        AND access_token_enc IS NOT DISTINCT FROM $2
        AND refresh_token_enc IS NOT DISTINCT FROM $3`,
    [idHash, read.access_token_enc, read.refresh_token_enc],
  );
  return rowCount > 0;
}
