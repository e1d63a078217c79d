// Re-seals stored tokens under the current SECRET_KEY after a rotation ('new,previous'), so the
// previous key can then be dropped. Batched by primary key; every row is written with a
// compare-and-set on the ciphertext it read, so a token refreshed meanwhile (already sealed under
// the current key) is never overwritten with an older one. Running it again finds nothing to do.
import type { Database, SqlClient } from '../../db/database';
import {
  UNREADABLE_TOKENS_REASON,
  deleteSessionWithTokens,
  markOrgTokensUnreadable,
  readSealedTokenBatch,
  replaceSealedTokens,
  type SealedTokens,
  type TokenTable,
} from '../../db/repositories/sealed-tokens';
import { UnreadableSecretError, type SecretBox } from '../../secrets';
import { emitWebhookEvent } from '../webhooks/emit';

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

/** `work` in a transaction of its own, or in the caller's when `db` is one already. */
function inTransaction<T>(db: SqlClient, work: (tx: SqlClient) => Promise<T>): Promise<T> {
  return 'transaction' in db ? (db as Database).transaction(work) : work(db);
}

/** Where a kind of token lives, and what to do with a row whose tokens no key opens. */
interface RekeyedTable<R extends SealedTokens> extends TokenTable {
  key: TokenTable['key'] & keyof R;
  /** Ends a row whose tokens no key opens: 'changed' when its tokens changed meanwhile. */
  lose(db: SqlClient, row: R): Promise<'lost' | 'changed'>;
}

/** Every row of `table` with a token, in key order and in batches. */
async function rekeyTable<R extends SealedTokens>(
  deps: RekeyDeps,
  table: RekeyedTable<R>,
): Promise<RekeyCounts> {
  const { db, secrets } = deps;
  const counts = emptyCounts();
  let after = '';
  for (;;) {
    deps.checkpoint?.();
    const rows = await readSealedTokenBatch<R>(db, table, after, deps.batchSize ?? 100);
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
      const replaced = await replaceSealedTokens(db, table, String(row[table.key]), row, {
        access_token_enc: access,
        refresh_token_enc: refresh,
      });
      if (!replaced) {
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
  return rekeyTable<UnreadableOrg & SealedTokens>(deps, {
    table: 'connected_org',
    key: 'org_id',
    extra: ['name', 'instance_url', 'type'],
    lose: async (db, row) => {
      // Tokens no key opens are useless: the org is marked Invalid, like a revoked grant, and
      // the 'connected_org.invalid' event commits with that change (docs/product.md "Webhooks").
      const lost = await inTransaction(db, async (tx) => {
        const marked = await markOrgTokensUnreadable(tx, row.org_id, row);
        if (marked === 'marked') {
          await emitWebhookEvent(tx, 'connected_org.invalid', {
            org_id: row.org_id,
            name: row.name,
            type: row.type,
            instance_url: row.instance_url,
            reason: UNREADABLE_TOKENS_REASON,
          });
        }
        return marked;
      });
      if (lost === 'marked') deps.onOrgUnreadable?.(row);
      return lost === 'changed' ? 'changed' : 'lost';
    },
  });
}

/** Every session's Salesforce tokens; a session whose tokens no key opens is ended. */
export function rekeySessions(deps: RekeyDeps): Promise<RekeyCounts> {
  return rekeyTable<{ id_hash: string } & SealedTokens>(deps, {
    table: 'session',
    key: 'id_hash',
    extra: [],
    lose: async (db, row) => {
      return (await deleteSessionWithTokens(db, row.id_hash, row)) ? 'lost' : 'changed';
    },
  });
}
