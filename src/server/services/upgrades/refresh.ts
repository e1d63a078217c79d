// Refresh (POST /api/upgrades/refresh/:id and /api/upgradeitems/refresh/:id,
// docs/api.md "Upgrades"): the monitor's work for one upgrade or request, now, as a background job.
// The job's row and its audit row ('upgrade.refresh' / 'upgradeitem.refresh' on the upgrade or
// request) commit together.
import type { Actor } from '../../actor';
import type { SqlClient } from '../../db/database';
import { requestExists } from '../../db/repositories/upgrades/requests';
import { upgradeExists } from '../../db/repositories/upgrades/upgrades';
import { AppError, NotFoundError } from '../../errors';
import type { JobEngine } from '../../jobs/engine';

export interface RefreshDeps {
  db: SqlClient;
  /** Undefined when this process runs no job engine. */
  jobs: Pick<JobEngine, 'start'> | undefined;
}

export async function startRefresh(
  deps: RefreshDeps,
  actor: Actor,
  kind: 'upgrade' | 'item',
  id: number,
): Promise<{ jobId: string }> {
  const table = kind === 'upgrade' ? 'upgrade' : 'upgrade_item';
  const found =
    kind === 'upgrade' ? await upgradeExists(deps.db, id) : await requestExists(deps.db, id);
  if (!found) {
    throw new NotFoundError(kind === 'upgrade' ? `No upgrade ${id}.` : `No upgrade request ${id}.`);
  }
  if (!deps.jobs) throw new AppError(503, 'Unavailable', 'No background job engine runs here.');
  const jobId = await deps.jobs.start(
    'refresh-upgrade',
    kind === 'upgrade' ? { upgradeId: id } : { itemId: id },
    actor.username,
    {
      audit: {
        action: kind === 'upgrade' ? 'upgrade.refresh' : 'upgradeitem.refresh',
        targetType: table,
        targetId: String(id),
      },
    },
  );
  return { jobId };
}
