// Purge (spec §5 "Purge", §7 POST /api/upgrades/purge): deletes upgrade history here only — the
// upgrades with their requests, jobs, plans and left-out orgs (foreign keys cascade); nothing in
// Salesforce. All or nothing in one transaction: an unknown upgrade (404) or one still active
// (409, naming which) purges nothing. Active means Active, a request Pending or InProgress, or
// scheduling unfinished (planned orgs without a job), whose writer would otherwise lose its rows.
import type { Actor } from '../../actor';
import { ConflictError, NotFoundError } from '../../errors';
import { audited, type ManageDeps } from './manage-deps';

interface PurgeRow {
  id: number;
  status: string;
  running: boolean;
  scheduling: boolean;
}

export async function purgeUpgrades(
  deps: ManageDeps,
  actor: Actor,
  upgradeIds: readonly number[],
): Promise<{ purged: number }> {
  const ids = [...new Set(upgradeIds)].sort((a, b) => a - b);
  const target = { type: 'upgrade', id: ids.join(',') };
  return audited(deps, actor, 'upgrade.purge', target, { upgradeIds: ids }, async (record) => {
    const purged = await deps.db.transaction(async (tx) => {
      // Row locks: a concurrent activation or scheduling step waits, then finds nothing.
      const { rows } = await tx.query<PurgeRow>(
        `SELECT u.id::int AS id, u.status,
                EXISTS (SELECT 1 FROM upgrade_item i
                         WHERE i.upgrade_id = u.id AND i.status IN ('Pending', 'InProgress'))
                  AS running,
                (u.status = 'Ready' AND EXISTS (
                   SELECT 1 FROM upgrade_item i JOIN upgrade_item_plan p ON p.item_id = i.id
                    WHERE i.upgrade_id = u.id
                      AND NOT EXISTS (SELECT 1 FROM upgrade_job j
                                       WHERE j.item_id = i.id AND j.org_id = p.org_id)))
                  AS scheduling
           FROM upgrade u WHERE u.id = ANY($1::bigint[]) ORDER BY u.id FOR UPDATE OF u`,
        [ids],
      );
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
      const deleted = await tx.query(`DELETE FROM upgrade WHERE id = ANY($1::bigint[])`, [ids]);
      await record(tx, { purged: deleted.rowCount });
      return deleted.rowCount;
    });
    deps.live.publish('upgrades', { ids });
    return { purged };
  });
}
