// The upgrade engine's background jobs. 'fetch-upgrades' (Fetch Upgrades on the Admin page and
// the upgrade_monitor_interval_seconds schedule) finishes scheduling a crash interrupted, then
// reconciles every running request with Salesforce and starts the next activation steps.
// 'refresh-upgrade' (Refresh Status / Refresh Request) does the same for one upgrade or request.
import { errorMessage } from '../../jobs/job-errors';
import type { JobContext, JobDefinition } from '../../jobs/types';
import type { SalesforceGateway } from '../../salesforce/gateway';
import { advanceTiers, type LifecycleDeps } from './activate';
import { reconcileUpgrades, type ReconcileScope } from './reconcile';
import type { UpgradeScheduler } from './schedule';
import { unfinishedUpgrades } from './upgrade-store';

export interface UpgradeJobDeps extends LifecycleDeps {
  gateway: SalesforceGateway;
  scheduler: Pick<UpgradeScheduler, 'unfinished' | 'resume'>;
}

export interface RefreshUpgradeParams {
  upgradeId?: number;
  itemId?: number;
}

export function upgradeJobDefinitions(deps: UpgradeJobDeps): JobDefinition[] {
  const fetchUpgrades: JobDefinition = {
    type: 'fetch-upgrades',
    name: () => 'Fetch Upgrades',
    // The monitor runs every few seconds; with no upgrade running and no scheduling to finish it
    // would only add 'Fetch Upgrades' to the job history every interval.
    idle: async (db) => {
      const { rows } = await db.query<{ busy: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM upgrade WHERE status = 'Active')
             OR EXISTS (SELECT 1 FROM upgrade_item WHERE status IN ('Pending', 'InProgress'))
             OR EXISTS (SELECT 1 FROM upgrade_item WHERE activation_requested_at IS NOT NULL)
             AS busy`,
      );
      // Only `db`: on PGlite it is the transaction holding the one connection.
      return !rows[0]?.busy && (await unfinishedUpgrades(db)).length === 0;
    },
    steps: () => [
      {
        name: 'Resuming interrupted scheduling',
        run: async (context) => {
          const unfinished = await deps.scheduler.unfinished();
          for (const id of unfinished) {
            context.throwIfCanceled();
            try {
              const written = await deps.scheduler.resume(id);
              if (written > 0)
                context.result(`Upgrade ${id}: created ${written} missing push jobs`);
            } catch (error) {
              context.error(error);
            }
          }
        },
      },
      {
        name: 'Reading push requests and jobs',
        run: async (context) => reconcileStep(deps, context, {}),
      },
      {
        name: 'Starting the next activation steps',
        run: async (context) => advanceStep(deps, context, await activeUpgrades(deps)),
      },
    ],
  };
  const refreshUpgrade: JobDefinition<RefreshUpgradeParams> = {
    type: 'refresh-upgrade',
    name: (params) =>
      params.itemId !== undefined
        ? `Refresh upgrade request ${params.itemId}`
        : `Refresh upgrade ${params.upgradeId ?? ''}`.trim(),
    steps: () => [
      {
        name: 'Reading push requests and jobs',
        run: async (context, params) => {
          const scope: ReconcileScope =
            params.itemId !== undefined
              ? { itemIds: [params.itemId] }
              : { upgradeIds: params.upgradeId !== undefined ? [params.upgradeId] : [] };
          await reconcileStep(deps, context, scope);
          const upgradeId = params.upgradeId ?? (await upgradeOf(deps, params.itemId));
          if (upgradeId !== undefined) await advanceStep(deps, context, [upgradeId]);
          // The screens stop their Refresh spinner on this (domain.md §2.7).
          deps.live.publish('upgrade-jobs', { ids: upgradeId !== undefined ? [upgradeId] : [] });
        },
      },
    ],
  };
  return [fetchUpgrades, refreshUpgrade];
}

async function reconcileStep(
  deps: UpgradeJobDeps,
  context: JobContext,
  scope: ReconcileScope,
): Promise<void> {
  const result = await reconcileUpgrades(deps, scope, context.signal);
  context.result(
    `Read ${result.requests} push requests; ${result.jobs} jobs changed in ${result.upgradeIds.length} upgrades`,
  );
}

/** Starts the next steps; a Salesforce refusal is recorded on the upgrade and announced. */
async function advanceStep(
  deps: UpgradeJobDeps,
  context: JobContext,
  upgradeIds: readonly number[],
): Promise<void> {
  for (const id of upgradeIds) {
    context.throwIfCanceled();
    try {
      if (await advanceTiers(deps, id)) context.result(`Upgrade ${id}: activation moved on`);
    } catch (error) {
      const message = `Activating the next step failed: ${errorMessage(error)}`;
      const { rowCount } = await deps.db.query(
        `UPDATE upgrade SET message = $2 WHERE id = $1 AND message IS DISTINCT FROM $2`,
        [id, message],
      );
      context.error(error);
      if (rowCount > 0) {
        deps.live.publish('upgrade', { ids: [id], message });
        deps.live.publish('fail', { subject: 'Activation Failed', message });
      }
    }
  }
}

async function activeUpgrades(deps: UpgradeJobDeps): Promise<number[]> {
  const { rows } = await deps.db.query<{ id: number }>(
    `SELECT id::int AS id FROM upgrade WHERE status = 'Active' ORDER BY id`,
  );
  return rows.map((r) => r.id);
}

async function upgradeOf(deps: UpgradeJobDeps, itemId: number | undefined) {
  if (itemId === undefined) return undefined;
  const { rows } = await deps.db.query<{ upgrade_id: number }>(
    `SELECT upgrade_id::int AS upgrade_id FROM upgrade_item WHERE id = $1`,
    [itemId],
  );
  return rows[0]?.upgrade_id;
}
