// The upgrade engine's background jobs. 'fetch-upgrades' (Fetch Upgrades on the Admin page and
// the upgrade_monitor_interval_seconds schedule) finishes scheduling a crash interrupted, then
// reconciles every running request with Salesforce and starts the next activation steps.
// 'refresh-upgrade' (Refresh Status / Refresh Request) does the same for one upgrade or request.
import { findRequestUpgradeId } from '../../db/repositories/upgrades/requests';
import {
  activeUpgradeIds,
  replaceUpgradeMessage,
  unfinishedUpgrades,
  upgradeWorkInFlight,
} from '../../db/repositories/upgrades/upgrades';
import { errorMessage } from '../../jobs/job-errors';
import type { JobContext, JobDefinition } from '../../jobs/types';
import type { SalesforceGateway } from '../../salesforce/gateway';
import { advanceTiers, type LifecycleDeps } from './activate';
import { reconcileUpgrades, type ReconcileScope } from './reconcile';
import type { UpgradeScheduler } from './schedule';

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
    // Only `db`: on PGlite it is the transaction holding the one connection.
    idle: async (db) =>
      !(await upgradeWorkInFlight(db)) && (await unfinishedUpgrades(db)).length === 0,
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
        run: async (context) => advanceStep(deps, context, await activeUpgradeIds(deps.db)),
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
          // The screens stop their Refresh spinner on this
          // (docs/architecture.md "The upgrade monitor").
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
      const changed = await replaceUpgradeMessage(deps.db, id, message);
      context.error(error);
      if (changed) {
        deps.live.publish('upgrade', { ids: [id], message });
        deps.live.publish('fail', { subject: 'Activation Failed', message });
      }
    }
  }
}

async function upgradeOf(deps: UpgradeJobDeps, itemId: number | undefined) {
  if (itemId === undefined) return undefined;
  return findRequestUpgradeId(deps.db, itemId);
}
