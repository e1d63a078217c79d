// sync_state: whether derived org data may be incomplete because a fetch stopped half-way.
import type { SqlClient } from '../database';

const DERIVATION_PENDING = 'derivation_pending';

/** Marks derived data as pending; answers whether it already was (an earlier fetch stopped). */
export async function beginDerivation(db: SqlClient): Promise<boolean> {
  const { rows } = await db.query<{ was: boolean | null }>(
    `WITH before AS (SELECT value FROM sync_state WHERE key = $1)
     INSERT INTO sync_state (key, value, updated_at) VALUES ($1, 'true', now())
     ON CONFLICT (key) DO UPDATE SET value = 'true', updated_at = now()
     RETURNING (SELECT (value)::text::boolean FROM before) AS was`,
    [DERIVATION_PENDING],
  );
  return rows[0]?.was === true;
}

/** Derived data is complete again. */
export async function endDerivation(db: SqlClient): Promise<void> {
  await db.query(`UPDATE sync_state SET value = 'false', updated_at = now() WHERE key = $1`, [
    DERIVATION_PENDING,
  ]);
}
