// Activating an upgrade or one of its requests (docs/product.md "Upgrade actions",
// "Activation policy" and "Activation and dependency tiers"). Requests go out in dependency-tier
// order, stepped versions of one package one step at a time (domain/tiers.ts): activating the
// upgrade sets the first step's push requests Pending in Salesforce and records the later ones as
// waiting; the monitor starts each next step once the previous one finished without failures
// (advanceTiers). Under the upgrade's lock, so a double click or two operators activate once; local
// rows change only for the requests Salesforce accepted, in one transaction, and the live events
// follow it.
import {
  activationPermission,
  activatorPermission,
  type Actor as PolicyActor,
} from '../../../domain/policy';
import { canActivateRequest, canActivateUpgrade } from '../../../domain/actions';
import { planActivation, type ActivationPlan } from '../../../domain/tiers';
import { progressFromCounts, requestProgress } from '../../../domain/progress';
import type { UpgradeActionResult } from '../../../domain/api/upgrade-actions';
import type { Actor } from '../../actor';
import { countJobsByStatus } from '../../db/repositories/upgrades/jobs';
import {
  findRequestUpgradeId,
  loadRequests,
  type RequestRow,
} from '../../db/repositories/upgrades/requests';
import {
  findUpgrade,
  markUpgradeActivated,
  replaceUpgradeMessage,
  setActiveUpgradeMessage,
} from '../../db/repositories/upgrades/upgrades';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { audited, type AuditRecorder } from '../audit/audited';
import { loadWaves, markWaveStarted } from '../../db/repositories/upgrades/waves';
import { advanceRollout, rolloutPlanOf } from './rollout-advance';
import { INELIGIBLE_REQUEST, startRequests, type LifecycleDeps } from './start-requests';
import { tiered } from './upgrade-requests';
import { withUpgradeLock } from './upgrade-lock';
import { emitUpgradeActivated } from '../webhooks/emit';

/** The same rules without the policy and read-only parts, to tell a 409 from a 403. */
const STATE_ONLY: PolicyActor = {
  username: null,
  read_only: false,
  enforce_activation_policy: false,
};

export const policyActor = (actor: Actor, deps: LifecycleDeps): PolicyActor => ({
  username: actor.username,
  read_only: actor.readOnly,
  enforce_activation_policy: deps.enforceActivationPolicy,
  auth_method: actor.authMethod,
});

/**
 * Refuses (403, audited as denied by `audited`) someone who may activate nothing at all, e.g. an
 * admin access key session, before the upgrade's state is read: the answer does not depend on it.
 */
function requireActivator(actor: Actor, deps: LifecycleDeps): void {
  const allowed = activatorPermission(policyActor(actor, deps));
  if (!allowed.allowed) throw new ForbiddenError(allowed.reason);
}

/** POST /api/upgrades/activate/:id */
export async function activateUpgrade(
  deps: LifecycleDeps,
  actor: Actor,
  upgradeId: number,
): Promise<UpgradeActionResult> {
  const { db } = deps;
  if (!(await findUpgrade(db, upgradeId))) throw new NotFoundError(`No upgrade ${upgradeId}.`);
  const target = { type: 'upgrade', id: String(upgradeId) };
  return audited(db, actor, 'upgrade.activate', target, {}, (record) => {
    requireActivator(actor, deps);
    return withUpgradeLock(db, upgradeId, async () => {
      const upgrade = await findUpgrade(db, upgradeId);
      if (!upgrade) throw new NotFoundError(`No upgrade ${upgradeId}.`);
      const rollout = await rolloutPlanOf(deps, upgradeId);
      const progress = progressFromCounts(await countJobsByStatus(db, upgradeId, !!rollout));
      const state = canActivateUpgrade(STATE_ONLY, upgrade, progress);
      if (!state.allowed) throw new ConflictError(state.reason);
      const policy = activationPermission(policyActor(actor, deps), upgrade.created_by);
      if (!policy.allowed) throw new ForbiddenError(policy.reason);
      const all = await loadRequests(db, upgradeId);
      // A staged rollout's activation starts its first wave; the gate starts the others.
      const requests = rollout ? all.filter((r) => r.wave === 1) : all;
      if (rollout && requests.length === 0) {
        await startEmptyFirstWave(deps, actor.username, upgradeId, record);
      } else {
        const plan = planActivation(requests.map(tiered));
        if (plan.blocked) throw new ConflictError(`${plan.blocked}.`);
        const withWave: AuditRecorder | undefined = rollout
          ? async (tx, details, outcome) => {
              await markWaveStarted(tx, upgradeId, 1, actor.username);
              await record(tx, details, outcome);
            }
          : record;
        await startRequests(deps, actor.username, upgradeId, requests, plan, withWave);
      }
      const after = await findUpgrade(db, upgradeId);
      return { id: upgradeId, status: after?.status ?? 'Active' };
    });
  });
}

/** POST /api/upgradeitems/activate/:id */
export async function activateRequest(
  deps: LifecycleDeps,
  actor: Actor,
  itemId: number,
): Promise<UpgradeActionResult> {
  const { db } = deps;
  const upgradeId = await findRequestUpgradeId(db, itemId);
  if (upgradeId === undefined) throw new NotFoundError(`No upgrade request ${itemId}.`);
  const target = { type: 'upgrade_item', id: String(itemId) };
  return audited(db, actor, 'upgradeitem.activate', target, {}, (record) => {
    requireActivator(actor, deps);
    return withUpgradeLock(db, upgradeId, async () => {
      const upgrade = await findUpgrade(db, upgradeId);
      const requests = await loadRequests(db, upgradeId);
      const item = requests.find((r) => r.id === itemId);
      if (!upgrade || !item) throw new NotFoundError(`No upgrade request ${itemId}.`);
      if (upgrade.status !== 'Ready' && upgrade.status !== 'Active') {
        throw new ConflictError(`The upgrade of this request is ${upgrade.status}.`);
      }
      const progress = requestProgress({
        status: item.status,
        job_count: item.job_count,
        total_job_count: item.total_job_count,
        eligible_job_count: item.eligible_job_count,
        pending_job_count: 0,
        inprogress_job_count: 0,
        succeeded_job_count: 0,
        failed_job_count: 0,
        canceled_job_count: 0,
        invalid_job_count: 0,
      });
      const state = canActivateRequest(STATE_ONLY, item, progress);
      if (!state.allowed) throw new ConflictError(state.reason);
      const policy = activationPermission(policyActor(actor, deps), item.created_by);
      if (!policy.allowed) throw new ForbiddenError(policy.reason);
      const sameWave = await requestsOfRunningWave(deps, upgradeId, requests, item);
      const plan = planActivation(sameWave.map(tiered));
      if (plan.blocked && item.eligible_job_count > 0) throw new ConflictError(`${plan.blocked}.`);
      const waiting = plan.waiting.find((w) => w.id === itemId);
      // An earlier step still running holds the request back; after a step with failures the
      // later ones wait for a person, and activating one by hand is that person's decision.
      if (waiting && !waiting.afterFailure) {
        throw new ConflictError(`${waiting.reason}; this request goes out after it.`);
      }
      const only: ActivationPlan<number> = {
        activate: item.eligible_job_count > 0 ? [itemId] : [],
        ineligible: item.eligible_job_count > 0 ? [] : [itemId],
        waiting: [],
        blocked: null,
      };
      await startRequests(deps, actor.username, upgradeId, requests, only, record);
      const [after] = await loadRequests(db, upgradeId).then((all) =>
        all.filter((r) => r.id === itemId),
      );
      const status = after?.status ?? item.status;
      return status === 'Ineligible'
        ? { id: itemId, status, message: INELIGIBLE_REQUEST }
        : { id: itemId, status };
    });
  });
}

/**
 * The monitor's step: for an Active upgrade, activates the next step's requests when every
 * earlier step finished without failures, and writes why the upgrade is held when one did not.
 * Answers whether anything changed.
 */
export async function advanceTiers(deps: LifecycleDeps, upgradeId: number): Promise<boolean> {
  // A staged rollout moves wave by wave, each wave tier by tier (rollout-advance.ts).
  const rollout = await rolloutPlanOf(deps, upgradeId);
  if (rollout) return advanceRollout(deps, upgradeId, rollout);
  return withUpgradeLock(deps.db, upgradeId, async () => {
    const upgrade = await findUpgrade(deps.db, upgradeId);
    if (upgrade?.status !== 'Active') return false;
    const requests = await loadRequests(deps.db, upgradeId);
    const plan = planActivation(requests.map(tiered));
    if (plan.blocked) return false;
    const failedGate = plan.waiting.find((w) => w.afterFailure);
    const held = failedGate ? heldMessage(requests, failedGate.reason, plan) : null;
    if (plan.activate.length === 0 && plan.ineligible.length === 0) {
      return replaceUpgradeMessage(deps.db, upgradeId, held);
    }
    await startRequests(deps, null, upgradeId, requests, plan);
    if (held) await setActiveUpgradeMessage(deps.db, upgradeId, held);
    return true;
  });
}

function heldMessage(
  requests: readonly RequestRow[],
  reason: string,
  plan: ActivationPlan<number>,
): string {
  const errors = requests.reduce((sum, r) => sum + r.error_job_count, 0);
  const waiting = plan.waiting.length;
  return `${reason} (${errors} failed job${errors === 1 ? '' : 's'}), so the ${waiting} request${
    waiting === 1 ? '' : 's'
  } of the later steps were not activated. Retry the failed jobs, activate the waiting requests one by one, or cancel the upgrade.`;
}

/**
 * The requests a request is activated among: all of the upgrade's, or in a staged rollout those of
 * its wave, which must be running: a later wave's requests go out when the gate starts it.
 */
async function requestsOfRunningWave(
  deps: LifecycleDeps,
  upgradeId: number,
  requests: readonly RequestRow[],
  item: RequestRow,
): Promise<readonly RequestRow[]> {
  if (item.wave === null) return requests;
  const wave = (await loadWaves(deps.db, upgradeId)).find((w) => w.wave === item.wave);
  if (wave?.state !== 'Started') {
    throw new ConflictError(
      `This request belongs to wave ${item.wave} of the rollout, which is ${
        wave?.state.toLowerCase() ?? 'unknown'
      }; its requests go out when the wave starts.`,
    );
  }
  return requests.filter((r) => r.wave === item.wave);
}

/**
 * A rollout whose first wave reached no org: activating it starts that empty wave, which passes
 * its gate at once, so the monitor goes on with the second.
 */
async function startEmptyFirstWave(
  deps: LifecycleDeps,
  by: string | null,
  upgradeId: number,
  record: AuditRecorder,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await markWaveStarted(tx, upgradeId, 1, by);
    await markUpgradeActivated(tx, upgradeId, by);
    await emitUpgradeActivated(tx, upgradeId);
    await record(tx, { accepted: [], wave: 1 }, 'success');
  });
  deps.live.publish('upgrade', { ids: [upgradeId], ...(by ? { by } : {}) });
  deps.live.publish('upgrades', { ids: [upgradeId] });
}

export { INELIGIBLE_REQUEST, type LifecycleDeps };
