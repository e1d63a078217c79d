// One writer per upgrade at a time: scheduling (and its resume), activation and the monitor's
// tier step all change an upgrade's requests against Salesforce, and two of them at once could
// activate a request twice or create a job twice. Across processes a PostgreSQL advisory lock
// decides; inside one process a promise chain does, because PGlite has one session, in which
// advisory locks are re-entrant and so exclude nothing. The chains are per database, so every
// service of the process (HTTP routes, background jobs) shares them.
import type { Database } from '../../db/database';
import { acquireUpgradeLock, releaseUpgradeLock } from '../../db/repositories/upgrades/locks';

const chains = new WeakMap<Database, Map<number, Promise<unknown>>>();

export async function withUpgradeLock<T>(
  db: Database,
  upgradeId: number,
  fn: () => Promise<T>,
): Promise<T> {
  let locks = chains.get(db);
  if (!locks) chains.set(db, (locks = new Map<number, Promise<unknown>>()));
  const previous = locks.get(upgradeId) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(() =>
      db.withConnection(async (client) => {
        await acquireUpgradeLock(client, upgradeId);
        try {
          return await fn();
        } finally {
          await releaseUpgradeLock(client, upgradeId);
        }
      }),
    );
  locks.set(upgradeId, run);
  try {
    return await run;
  } finally {
    if (locks.get(upgradeId) === run) locks.delete(upgradeId);
  }
}
