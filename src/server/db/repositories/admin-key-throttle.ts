// admin_key_throttle rows: attempts with the admin access key per scope (a client address, or
// every address at once) in a window that starts with the scope's first attempt. An attempt is
// reserved before the key is compared, with an upsert that locks the scope's row and counts only
// while the scope is under its limit: however many guesses arrive at once, no more than the limit
// get past it.
import type { Database, SqlClient } from '../database';

export interface ThrottleScope {
  scope: string;
  /** Attempts a window allows in this scope. */
  max: number;
}

export type Reservation =
  /** Reserved in every scope; `attempts[i]` counts scope i's attempts with this one. */
  | { reserved: true; attempts: number[] }
  /** Refused: `scope` is at its limit until its window ends, `retryAfterSeconds` from now. */
  | { reserved: false; scope: string; retryAfterSeconds: number };

class ScopeFull extends Error {
  constructor(
    readonly scope: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`${scope} is at its limit`);
  }
}

/**
 * Reserves one attempt in each scope, in the order given (every caller passes the same order, so
 * two reservations never wait on each other's rows), all or none: when a scope is full, the
 * reservations already made in this call roll back with it.
 */
export async function reserveAttempt(
  db: Database,
  scopes: readonly ThrottleScope[],
  windowMinutes: number,
): Promise<Reservation> {
  try {
    const attempts = await db.transaction(async (tx) => {
      const counted: number[] = [];
      for (const { scope, max } of scopes) {
        const { rows } = await tx.query<{ attempts: number }>(
          `INSERT INTO admin_key_throttle AS t (scope, window_start, attempts)
           VALUES ($1, now(), 1)
           ON CONFLICT (scope) DO UPDATE SET
             window_start = CASE WHEN t.window_start > now() - make_interval(mins => $3)
                                 THEN t.window_start ELSE now() END,
             attempts = CASE WHEN t.window_start > now() - make_interval(mins => $3)
                             THEN t.attempts + 1 ELSE 1 END
           WHERE t.window_start <= now() - make_interval(mins => $3) OR t.attempts < $2
           RETURNING attempts`,
          [scope, max, windowMinutes],
        );
        const row = rows[0];
        if (!row) throw new ScopeFull(scope, await secondsLeft(tx, scope, windowMinutes));
        counted.push(row.attempts);
      }
      return counted;
    });
    return { reserved: true, attempts };
  } catch (error) {
    if (error instanceof ScopeFull)
      return { reserved: false, scope: error.scope, retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
}

async function secondsLeft(tx: SqlClient, scope: string, windowMinutes: number): Promise<number> {
  const { rows } = await tx.query<{ seconds: number }>(
    `SELECT greatest(1, ceil(extract(epoch FROM
        window_start + make_interval(mins => $2) - now())))::int AS seconds
     FROM admin_key_throttle WHERE scope = $1`,
    [scope, windowMinutes],
  );
  return rows[0]?.seconds ?? windowMinutes * 60;
}

/** Gives back an attempt reserved in each scope (the key was right: it counts against no one). */
export async function releaseAttempt(db: SqlClient, scopes: readonly string[]): Promise<void> {
  await db.query(
    `UPDATE admin_key_throttle SET attempts = attempts - 1
     WHERE scope = ANY($1::text[]) AND attempts > 0`,
    [scopes],
  );
}

/** Forgets scopes whose window ended (housekeeping; an ended window counts from 1 again anyway). */
export async function deleteEndedThrottleWindows(
  db: SqlClient,
  windowMinutes: number,
): Promise<void> {
  await db.query(
    `DELETE FROM admin_key_throttle WHERE window_start <= now() - make_interval(mins => $1)`,
    [windowMinutes],
  );
}
