// Writing a scheduled upgrade: the upgrade, its requests with their planned orgs, and the orgs
// left out (each with its reasons in one sentence), and with a rollout plan the plan and its
// waves, in one transaction.
import { describeLeftOut } from '../../../domain/left-out';
import type { Database } from '../../db/database';
import { insertLeftOutOrgs } from '../../db/repositories/upgrades/blacklist-snapshot';
import { insertRequest, insertRequestPlan } from '../../db/repositories/upgrades/requests';
import { insertUpgrade, type NewUpgrade } from '../../db/repositories/upgrades/upgrades';
import { insertWaves, setRolloutPlan } from '../../db/repositories/upgrades/waves';
import type { RolloutPlan } from '../../../domain/rollout';
import { emitUpgradeScheduled } from '../webhooks/emit';
import { reachesAnyone, type SchedulePlan } from './plan';

/**
 * Writes a Ready upgrade for the plan. A plan that reaches nobody is never written: the callers
 * refuse it first. Answers null when the transid already names an upgrade (a double submit lost
 * the race), and then writes nothing.
 */
export async function writeUpgrade(
  db: Database,
  upgrade: NewUpgrade,
  plan: SchedulePlan,
  /** The rollout plan the waves came from (kept on the upgrade), when there is one. */
  rollout?: RolloutPlan,
): Promise<number | null> {
  if (!reachesAnyone(plan)) throw new Error('An upgrade that reaches no org is not written.');
  return db.transaction(async (tx) => {
    const id = await insertUpgrade(tx, upgrade);
    if (id === null) return null;
    for (const request of plan.requests) {
      const itemId = await insertRequest(tx, {
        upgradeId: id,
        packageOrgId: request.packageOrgId,
        packageId: request.version.package_id,
        versionId: request.version.version_id,
        scheduledStartTime: upgrade.startTime,
        totalJobCount: request.orgs.length,
        createdBy: upgrade.createdBy,
        wave: request.wave ?? null,
      });
      await insertRequestPlan(tx, itemId, request.orgs);
    }
    if (rollout && plan.waves) {
      await setRolloutPlan(tx, id, rollout);
      await insertWaves(
        tx,
        id,
        plan.waves.map((w) => ({ ...w, orgCount: w.orgIds.length })),
      );
    }
    await insertLeftOutOrgs(
      tx,
      id,
      plan.leftOut.map((o) => ({ orgId: o.orgId, reason: describeLeftOut(o.reasons) })),
    );
    await emitUpgradeScheduled(tx, id);
    return id;
  });
}
