// Re-seals stored tokens under the current SECRET_KEY after a rotation ('new,previous'), so the
// previous key can then be dropped. Batched by primary key; every row is written with a
// compare-and-set on the ciphertext it read, so a token refreshed meanwhile (already sealed under
// the current key) is never overwritten with an older one. Running it again finds nothing to do.
import type { SqlClient } from '../../db/database';
import { UnreadableSecretError, type SecretBox } from '../../secrets';

export interface RekeyCounts {
  /** Tokens opened under a previous key and sealed again under the current one. */
  resealed: number;
  /** Tokens already under the current key. */
  current: number;
  /** Orgs and sessions whose tokens no configured key opens (org marked Invalid, session ended). */
  unreadable: number;
  /** Rows changed by someone else between our read and our write (they hold fresh tokens). */
  skipped: number;
}

export interface UnreadableOrg {
  org_id: string;
  name: string;
  instance_url: string;
  type: string;
}

export interface RekeyDeps {
  db: SqlClient;
  secrets: SecretBox;
  batchSize?: number;
  /** Between batches: throws to stop (job cancel). */
  checkpoint?: () => void;
  /** An org whose tokens no key opens was marked Invalid (once per transition). */
  onOrgUnreadable?: (org: UnreadableOrg) => void;
}

const emptyCounts = (): RekeyCounts => ({ resealed: 0, current: 0, unreadable: 0, skipped: 0 });

type Sealed = string | null;

/** What to store instead of `sealed`: the same value, a re-sealed one, or 'unreadable'. */
function reseal(
  secrets: SecretBox,
  sealed: Sealed,
  counts: RekeyCounts,
): Sealed | typeof UNREADABLE {
  if (sealed === null) return null;
  try {
    const opened = secrets.open(sealed);
    if (opened.current) {
      counts.current += 1;
      return sealed;
    }
    return secrets.encrypt(opened.plain);
  } catch (error) {
    if (error instanceof UnreadableSecretError) return UNREADABLE;
    throw error;
  }
}
const UNREADABLE = Symbol('unreadable');

interface TokenRow {
  access_token_enc: Sealed;
  refresh_token_enc: Sealed;
}

/** Where a kind of token lives, and what to do with a row whose tokens no key opens. */
interface TokenTable<R extends TokenRow> {
  table: string;
  key: string & keyof R;
  /** Columns read besides the key and the tokens. */
  extra: string[];
  /** Ends a row whose tokens no key opens: 'changed' when its tokens changed meanwhile. */
  lose(db: SqlClient, row: R): Promise<'lost' | 'changed'>;
}

/** Every row of `table` with a token, in key order and in batches. */
async function rekeyTable<R extends TokenRow>(
  deps: RekeyDeps,
  table: TokenTable<R>,
): Promise<RekeyCounts> {
  const { db, secrets } = deps;
  const counts = emptyCounts();
  const columns = [table.key, ...table.extra, 'access_token_enc', 'refresh_token_enc'];
  let after = '';
  for (;;) {
    deps.checkpoint?.();
    const { rows } = await db.query<R>(
      `SELECT ${columns.join(', ')} FROM ${table.table}
        WHERE ${table.key} > $1 AND (access_token_enc IS NOT NULL OR refresh_token_enc IS NOT NULL)
        ORDER BY ${table.key} LIMIT $2`,
      [after, deps.batchSize ?? 100],
    );
    if (rows.length === 0) return counts;
    for (const row of rows) {
      const seen = { ...counts };
      const access = reseal(secrets, row.access_token_enc, counts);
      const refresh = reseal(secrets, row.refresh_token_enc, counts);
      if (access === UNREADABLE || refresh === UNREADABLE) {
        Object.assign(counts, seen);
        if ((await table.lose(db, row)) === 'changed') counts.skipped += 1;
        else counts.unreadable += 1;
        continue;
      }
      if (access === row.access_token_enc && refresh === row.refresh_token_enc) continue;
      const { rowCount } = await db.query(
        `UPDATE ${table.table} SET access_token_enc = $2, refresh_token_enc = $3
          WHERE ${table.key} = $1
            AND access_token_enc IS NOT DISTINCT FROM $4
            AND refresh_token_enc IS NOT DISTINCT FROM $5`,
        [row[table.key], access, refresh, row.access_token_enc, row.refresh_token_enc],
      );
      if (rowCount === 0) {
        Object.assign(counts, seen);
        counts.skipped += 1;
      } else {
        counts.resealed += [
          [access, row.access_token_enc],
          [refresh, row.refresh_token_enc],
        ].filter(([next, before]) => next !== before).length;
      }
    }
    after = String(rows[rows.length - 1]?.[table.key] ?? after);
  }
}

/** Every connected org's access and refresh token. */
export function rekeyConnectedOrgs(deps: RekeyDeps): Promise<RekeyCounts> {
  return rekeyTable<UnreadableOrg & TokenRow>(deps, {
    table: 'connected_org',
    key: 'org_id',
    extra: ['name', 'instance_url', 'type'],
    lose: async (db, row) => {
      const lost = await markUnreadableOrg(db, row);
      if (lost === 'marked') deps.onOrgUnreadable?.(row);
      return lost === 'changed' ? 'changed' : 'lost';
    },
  });
}

/**
 * Tokens no key opens are useless: drop them and mark the org Invalid, like a revoked grant, so
 * the operator sees it needs connecting again. 'changed' when the tokens changed meanwhile.
 */
async function markUnreadableOrg(
  db: SqlClient,
  row: UnreadableOrg & TokenRow,
): Promise<'marked' | 'already' | 'changed'> {
  const { rows } = await db.query<{ was: string }>(
    `UPDATE connected_org AS c SET status = 'Invalid', access_token_enc = NULL,
       refresh_token_enc = NULL, updated_at = now(),
       status_reason = 'Its tokens were sealed with a key SECRET_KEY no longer lists: connect the org again.'
       FROM (SELECT status AS was FROM connected_org WHERE org_id = $1 FOR UPDATE) AS before
      WHERE c.org_id = $1
        AND c.access_token_enc IS NOT DISTINCT FROM $2
        AND c.refresh_token_enc IS NOT DISTINCT FROM $3
      RETURNING before.was`,
    [row.org_id, row.access_token_enc, row.refresh_token_enc],
  );
  if (!rows[0]) return 'changed';
  return rows[0].was === 'Invalid' ? 'already' : 'marked';
}

/** Every session's Salesforce tokens; a session whose tokens no key opens is ended. */
export function rekeySessions(deps: RekeyDeps): Promise<RekeyCounts> {
  return rekeyTable<{ id_hash: string } & TokenRow>(deps, {
    table: 'session',
    key: 'id_hash',
    extra: [],
    lose: async (db, row) => {
      const { rowCount } = await db.query(
        `DELETE FROM session WHERE id_hash = $1
            AND access_token_enc IS NOT DISTINCT FROM $2
            AND refresh_token_enc IS NOT DISTINCT FROM $3`,
        [row.id_hash, row.access_token_enc, row.refresh_token_enc],
      );
      return rowCount === 0 ? 'changed' : 'lost';
    },
  });
}
