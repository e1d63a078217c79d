// A person's decisions on a staged rollout (docs/product.md "Staged rollouts"): resume a halted
// rollout, skip a wave that has not started, start a wave the plan left to a person. Each is
// audited, under the upgrade's lock, and changes a wave only from the state it expects. Aborting
// is the upgrade's Cancel (cancel.ts): what has not started is canceled, nothing that has.
import { activationPermission } from '../../../domain/policy';
import type { UpgradeActionResult } from '../../../domain/api/upgrade-actions';
import { planActivation } from '../../../domain/tiers';
import type { Actor } from '../../actor';
import { cancelUnstartedJobs } from '../../db/repositories/upgrades/jobs';
import { loadRequests, markRequestsCanceled } from '../../db/repositories/upgrades/requests';
import { findUpgrade, replaceUpgradeMessage } from '../../db/repositories/upgrades/upgrades';
import {
  loadWaves,
  markWaveResumed,
  markWaveSkipped,
  markWaveStarted,
  type WaveRow,
} from '../../db/repositories/upgrades/waves';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { audited } from '../audit/audited';
import { policyActor } from './activate';
import { cancelInSalesforce } from './cancel';
import { advanceRollout, rolloutPlanOf } from './rollout-advance';
import { startRequests, type LifecycleDeps } from './start-requests';
import { tiered } from './upgrade-requests';
import { withUpgradeLock } from './upgrade-lock';

/** The rollout's waves, or 404/409 when the upgrade has none or is not running. */
async function runningRollout(deps: LifecycleDeps, upgradeId: number) {
  const upgrade = await findUpgrade(deps.db, upgradeId);
  if (!upgrade) throw new NotFoundError(`No upgrade ${upgradeId}.`);
  const plan = await rolloutPlanOf(deps, upgradeId);
  if (!plan) throw new ConflictError(`Upgrade ${upgradeId} was scheduled without a rollout plan.`);
  if (upgrade.status !== 'Active' && upgrade.status !== 'Ready') {
    throw new ConflictError(`The upgrade is ${upgrade.status}: its rollout has ended.`);
  }
  return { upgrade, plan, waves: await loadWaves(deps.db, upgradeId) };
}

function waveOf(waves: readonly WaveRow[], wave: number): WaveRow {
  const found = waves.find((w) => w.wave === wave);
  if (!found) throw new NotFoundError(`The rollout has no wave ${wave}.`);
  return found;
}

/** POST /api/upgrades/{id}/rollout/resume */
export async function resumeRollout(
  deps: LifecycleDeps,
  actor: Actor,
  upgradeId: number,
  comment: string,
): Promise<UpgradeActionResult> {
  const target = { type: 'upgrade', id: String(upgradeId) };
  return audited(deps.db, actor, 'upgrade.rollout.resume', target, { comment }, (record) =>
    withUpgradeLock(deps.db, upgradeId, async () => {
      const { waves } = await runningRollout(deps, upgradeId);
      const halted = waves.find((w) => w.state === 'Halted');
      if (!halted) throw new ConflictError('The rollout is not halted.');
      await deps.db.transaction(async (tx) => {
        await markWaveResumed(tx, upgradeId, halted.wave, actor.username, comment);
        await replaceUpgradeMessage(tx, upgradeId, null);
        await record(tx, { wave: halted.wave });
      });
      publish(deps, upgradeId, actor.username);
      return { id: upgradeId, status: 'Active', message: resumedMessage(halted.wave) };
    }),
  ).then(async (result) => {
    // The gate may pass at once (the wave has ended): the next wave need not wait a cycle.
    await advanceAfter(deps, upgradeId);
    return result;
  });
}

const resumedMessage = (wave: number) =>
  `Resumed: the next wave starts once wave ${wave} has ended.`;

/** POST /api/upgrades/{id}/rollout/waves/{wave}/skip */
export async function skipWave(
  deps: LifecycleDeps,
  actor: Actor,
  upgradeId: number,
  wave: number,
  comment: string,
): Promise<UpgradeActionResult> {
  const target = { type: 'upgrade', id: String(upgradeId) };
  return audited(deps.db, actor, 'upgrade.rollout.skip', target, { wave, comment }, (record) =>
    withUpgradeLock(deps.db, upgradeId, async () => {
      const { waves } = await runningRollout(deps, upgradeId);
      const skipped = waveOf(waves, wave);
      if (skipped.state !== 'Waiting') {
        throw new ConflictError(
          `Wave ${wave} is ${skipped.state.toLowerCase()}: only a wave that has not started can be skipped.`,
        );
      }
      if (wave === 1) {
        throw new ConflictError('The first wave cannot be skipped: cancel the upgrade instead.');
      }
      const requests = (await loadRequests(deps.db, upgradeId)).filter(
        (r) => r.wave === wave && r.status === 'Created',
      );
      // Salesforce first: a refusal leaves everything here as it was.
      for (const request of requests) {
        await cancelInSalesforce(deps, {
          id: request.id,
          status: request.status,
          push_request_id: request.push_request_id,
          package_org_id: request.package_org_id,
        });
      }
      const ids = requests.map((r) => r.id);
      await deps.db.transaction(async (tx) => {
        await markRequestsCanceled(tx, ids);
        await cancelUnstartedJobs(tx, ids);
        await markWaveSkipped(tx, upgradeId, wave, actor.username, comment);
        await record(tx, { canceledRequests: ids });
      });
      publish(deps, upgradeId, actor.username);
      return { id: upgradeId, status: 'Active', message: `Wave ${wave} skipped.` };
    }),
  ).then(async (result) => {
    await advanceAfter(deps, upgradeId);
    return result;
  });
}

/** POST /api/upgrades/{id}/rollout/waves/{wave}/start */
export async function startWave(
  deps: LifecycleDeps,
  actor: Actor,
  upgradeId: number,
  wave: number,
): Promise<UpgradeActionResult> {
  const target = { type: 'upgrade', id: String(upgradeId) };
  return audited(deps.db, actor, 'upgrade.rollout.start', target, { wave }, (record) =>
    withUpgradeLock(deps.db, upgradeId, async () => {
      const { upgrade, waves } = await runningRollout(deps, upgradeId);
      if (upgrade.status !== 'Active') {
        throw new ConflictError('Activate the upgrade first: its activation starts wave 1.');
      }
      const started = waveOf(waves, wave);
      const before = waves.filter((w) => w.wave < wave);
      if (started.state !== 'Waiting' || before.some((w) => !DONE.has(w.state))) {
        throw new ConflictError(
          `Wave ${wave} can start only when it is waiting and every wave before it has passed its gate or been skipped.`,
        );
      }
      const policy = activationPermission(policyActor(actor, deps), upgrade.created_by);
      if (!policy.allowed) throw new ForbiddenError(policy.reason);
      const requests = (await loadRequests(deps.db, upgradeId)).filter((r) => r.wave === wave);
      const plan = planActivation(requests.map(tiered));
      if (plan.blocked || requests.length === 0) {
        await deps.db.transaction(async (tx) => {
          await markWaveStarted(tx, upgradeId, wave, actor.username);
          await record(tx, { accepted: [] });
        });
        publish(deps, upgradeId, actor.username);
      } else {
        await startRequests(deps, actor.username, upgradeId, requests, plan, async (tx, d, o) => {
          await markWaveStarted(tx, upgradeId, wave, actor.username);
          await record(tx, d, o);
        });
      }
      return { id: upgradeId, status: 'Active', message: `Wave ${wave} started.` };
    }),
  );
}

const DONE = new Set(['Passed', 'Skipped']);

/** Runs the monitor's step now; its failure is the monitor's to report, not the person's. */
async function advanceAfter(deps: LifecycleDeps, upgradeId: number): Promise<void> {
  const plan = await rolloutPlanOf(deps, upgradeId);
  if (plan) await advanceRollout(deps, upgradeId, plan).catch(() => undefined);
}

function publish(deps: LifecycleDeps, upgradeId: number, by: string | null): void {
  deps.live.publish('upgrade', { ids: [upgradeId], ...(by ? { by } : {}) });
  deps.live.publish('upgrades', { ids: [upgradeId] });
  deps.live.publish('upgrade-items', { ids: [upgradeId] });
  deps.live.publish('upgrade-jobs', { ids: [upgradeId] });
}
