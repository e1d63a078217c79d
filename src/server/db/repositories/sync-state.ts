// sync_state: whether derived org data may be incomplete because a fetch stopped half-way, and
// the day it was last complete on.
import type { SqlClient } from '../database';

const DERIVATION_PENDING = 'derivation_pending';
const DERIVED_ON = 'derived_on';

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

/** Derived data is complete again, every org as of `day` (UTC, YYYY-MM-DD). */
export async function endDerivation(db: SqlClient, day: string): Promise<void> {
  await db.query(
    `INSERT INTO sync_state (key, value, updated_at)
     VALUES ($1, 'false', now()), ($2, to_jsonb($3::text), now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [DERIVATION_PENDING, DERIVED_ON, day],
  );
}

/** The day the last complete derivation judged license expiry by, if any completed. */
export async function lastDerivationDay(db: SqlClient): Promise<string | undefined> {
  const { rows } = await db.query<{ day: string }>(
    "SELECT value #>> '{}' AS day FROM sync_state WHERE key = $1",
    [DERIVED_ON],
  );
  return rows[0]?.day;
}
