// Purge (docs/product.md "Purge"; POST /api/upgrades/purge in docs/api.md "Upgrades"): deletes
// upgrade history here only — the upgrades with their requests, jobs, plans and left-out orgs
// (foreign keys cascade); nothing in Salesforce. All or nothing in one transaction: an unknown
// upgrade (404) or one still active (409, naming which) purges nothing. Active means Active, a
// request Pending or InProgress, or scheduling unfinished (planned orgs without a job), whose
// writer would otherwise lose its rows.
import type { Actor } from '../../actor';
import { deleteUpgrades, lockUpgradesForPurge } from '../../db/repositories/upgrades/upgrades';
import { ConflictError, NotFoundError } from '../../errors';
import { audited, type ManageDeps } from './manage-deps';

export async function purgeUpgrades(
  deps: ManageDeps,
  actor: Actor,
  upgradeIds: readonly number[],
): Promise<{ purged: number }> {
  const ids = [...new Set(upgradeIds)].sort((a, b) => a - b);
  const target = { type: 'upgrade', id: ids.join(',') };
  return audited(deps, actor, 'upgrade.purge', target, { upgradeIds: ids }, async (record) => {
    const purged = await deps.db.transaction(async (tx) => {
      const rows = await lockUpgradesForPurge(tx, ids);
      const known = new Set(rows.map((r) => r.id));
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length > 0) {
        throw new NotFoundError(`No upgrade ${missing.join(', ')}; nothing was purged.`);
      }
      const active = rows.filter((r) => r.status === 'Active' || r.running || r.scheduling);
      if (active.length > 0) {
        const names = active.map((r) => r.id).join(', ');
        throw new ConflictError(
          `Upgrade ${names} ${active.length === 1 ? 'is' : 'are'} still active (running or being scheduled) and cannot be purged; nothing was purged. Cancel ${active.length === 1 ? 'it' : 'them'} or wait until done.`,
        );
      }
      const deleted = await deleteUpgrades(tx, ids);
      await record(tx, { purged: deleted });
      return deleted;
    });
    deps.live.publish('upgrades', { ids });
    return { purged };
  });
}
