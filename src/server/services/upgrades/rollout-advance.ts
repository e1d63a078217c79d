// The monitor's step for a staged rollout (docs/product.md "Staged rollouts"): within the running
// wave, the next dependency-tier step goes out as for any upgrade; then the gate after that wave
// (domain/rollout-state.ts) halts the rollout, waits, or passes and starts the next wave. Runs
// under the upgrade's lock. Exactly once across crashes: a wave is marked Started (committed)
// before its requests are asked, every mark is a conditional UPDATE, and activation itself is
// crash-safe (start-requests.ts), so a restart at any point neither repeats nor skips a wave.
import {
  gateDecision,
  rolloutPlanSchema,
  type RolloutPlan,
  type WaveOutcome,
} from '../../../domain/rollout';
import { awaitingPersonMessage, rolloutStep, type WaveStatus } from '../../../domain/rollout-state';
import { planActivation } from '../../../domain/tiers';
import { MAINTENANCE_HOLD_MINUTES } from '../../../domain/eligibility';
import { writeAudit } from '../../db/repositories/audit-log';
import { findMaintenanceHolds } from '../../db/repositories/instances';
import { loadRequests, type RequestRow } from '../../db/repositories/upgrades/requests';
import {
  findUpgrade,
  replaceUpgradeMessage,
  setActiveUpgradeMessage,
} from '../../db/repositories/upgrades/upgrades';
import {
  findRolloutPlan,
  loadWaves,
  markWaveHalted,
  markWavePassed,
  markWaveStarted,
  waveJobCounts,
  waveOrgIds,
  wavesAlreadyRunning,
  type WaveRow,
} from '../../db/repositories/upgrades/waves';
import { upgradeFacts } from '../../db/repositories/upgrades/upgrade-facts';
import { emitWebhookEvent } from '../webhooks/emit';
import { startRequests, type LifecycleDeps } from './start-requests';
import { tiered } from './upgrade-requests';
import { withUpgradeLock } from './upgrade-lock';

/** The upgrade's rollout plan, or null when it was scheduled without one. */
export async function rolloutPlanOf(
  deps: Pick<LifecycleDeps, 'db'>,
  upgradeId: number,
): Promise<RolloutPlan | null> {
  const stored = await findRolloutPlan(deps.db, upgradeId);
  return stored === null ? null : rolloutPlanSchema.parse(stored);
}

/** Who the audit log names for what the gate decides on its own. */
export const GATE_ACTOR = 'pushboard (rollout gate)';

export const haltedMessage = (reason: string) =>
  `Rollout halted: ${reason}. Resume it with a comment, skip a wave, or cancel the upgrade.`;

/** The gate's input for a wave: its outcome, or an empty wave that ended when it started. */
export function outcomeOf(
  wave: WaveRow,
  counts: Awaited<ReturnType<typeof waveJobCounts>>,
): WaveOutcome {
  const found = counts.find((c) => c.wave === wave.wave);
  if (found) return found.outcome;
  return { total: 0, failed: 0, open: 0, endedAt: wave.started_at ?? new Date(0) };
}

export const waveStatus = (w: WaveRow): WaveStatus => ({
  wave: w.wave,
  state: w.state,
  startMode: w.start_mode,
  resumed: w.resumed_at !== null,
});

/** One monitor step of an Active rollout; answers whether anything changed. */
export async function advanceRollout(
  deps: LifecycleDeps,
  upgradeId: number,
  plan: RolloutPlan,
  now = new Date(),
): Promise<boolean> {
  return withUpgradeLock(deps.db, upgradeId, async () => {
    const { db } = deps;
    const upgrade = await findUpgrade(db, upgradeId);
    if (!upgrade || upgrade.status === 'Ready') return false;
    if (upgrade.status !== 'Active') return settleEndedWave(deps, upgradeId, plan, now);
    let changed = false;
    // Salesforce accepted a wave whose Started mark a crash lost: the wave is running.
    for (const wave of await wavesAlreadyRunning(db, upgradeId)) {
      changed = (await markWaveStarted(db, upgradeId, wave, null)) || changed;
    }
    const waves = await loadWaves(db, upgradeId);
    const requests = await loadRequests(db, upgradeId);
    const running = waves.find((w) => w.state === 'Started');
    if (running) {
      changed = (await startNextTier(deps, upgradeId, ofWave(requests, running.wave))) || changed;
    }
    const current = waves.find((w) => w.state !== 'Passed' && w.state !== 'Skipped');
    const counts = await waveJobCounts(db, upgradeId);
    const outcome = current ? outcomeOf(current, counts) : null;
    const step = rolloutStep(waves.map(waveStatus), outcome, plan, now);
    switch (step.kind) {
      case 'halt':
        return (await haltWave(deps, upgradeId, step.wave, step.reason)) || changed;
      case 'pass': {
        const next = step.next;
        const deferred = next.kind === 'start' ? await deferral(deps, upgradeId, next.wave) : null;
        const started = await db.transaction(async (tx) => {
          await markWavePassed(tx, upgradeId, step.wave);
          // The next wave's Started mark commits with the pass: after a crash the monitor
          // finds it Started and activates its requests.
          if (next.kind !== 'start' || deferred) return false;
          return markWaveStarted(tx, upgradeId, next.wave, null);
        });
        if (started && next.kind === 'start') {
          await startNextTier(deps, upgradeId, ofWave(requests, next.wave));
        } else if (deferred) {
          await replaceUpgradeMessage(db, upgradeId, deferred);
        } else if (next.kind === 'await-person') {
          await replaceUpgradeMessage(db, upgradeId, awaitingPersonMessage(next.wave));
        }
        publish(deps, upgradeId);
        return true;
      }
      case 'start': {
        const deferred = await deferral(deps, upgradeId, step.wave);
        if (deferred) return (await replaceUpgradeMessage(db, upgradeId, deferred)) || changed;
        if (await markWaveStarted(db, upgradeId, step.wave, null)) {
          await startNextTier(deps, upgradeId, ofWave(requests, step.wave));
          publish(deps, upgradeId);
          return true;
        }
        return changed;
      }
      case 'idle':
        if (step.message)
          return (await replaceUpgradeMessage(db, upgradeId, step.message)) || changed;
        return changed;
      case 'wait':
        return changed;
    }
  });
}

/**
 * The upgrade ended (Done, or Canceled) while a wave ran: once that wave's jobs have ended its
 * gate decides whether it passed or failed over the threshold, without soak (nothing follows).
 */
async function settleEndedWave(
  deps: LifecycleDeps,
  upgradeId: number,
  plan: RolloutPlan,
  now: Date,
): Promise<boolean> {
  const running = (await loadWaves(deps.db, upgradeId)).find((w) => w.state === 'Started');
  if (!running) return false;
  const outcome = outcomeOf(running, await waveJobCounts(deps.db, upgradeId));
  const rules = running.resumed_at
    ? { failureThresholdPercent: 100, soakMinutes: 0 }
    : { ...plan, soakMinutes: 0 };
  const decision = gateDecision(running.wave, outcome, rules, now);
  if (decision.kind === 'halt') return haltWave(deps, upgradeId, running.wave, decision.reason);
  if (decision.kind === 'wait') return false;
  const passed = await markWavePassed(deps.db, upgradeId, running.wave);
  if (passed) publish(deps, upgradeId);
  return passed;
}

const ofWave = (requests: readonly RequestRow[], wave: number) =>
  requests.filter((r) => r.wave === wave);

/**
 * Activates the wave's next dependency-tier step (its first, when the wave has just started).
 * A step that finished with failures holds the later ones, as for any upgrade: the gate decides
 * whether the failures halt the rollout.
 */
async function startNextTier(
  deps: LifecycleDeps,
  upgradeId: number,
  requests: readonly RequestRow[],
): Promise<boolean> {
  if (requests.length === 0) return false;
  const activation = planActivation(requests.map(tiered));
  if (activation.blocked) return false;
  if (activation.activate.length === 0 && activation.ineligible.length === 0) return false;
  await startRequests(deps, null, upgradeId, requests, activation);
  return true;
}

/**
 * Why a wave may not start now: some of its orgs are on instances in a Salesforce maintenance
 * window now or within MAINTENANCE_HOLD_MINUTES; the wave is deferred until the windows end.
 */
async function deferral(
  deps: Pick<LifecycleDeps, 'db'>,
  upgradeId: number,
  wave: number,
): Promise<string | null> {
  const now = new Date();
  const until = new Date(now.getTime() + MAINTENANCE_HOLD_MINUTES * 60_000);
  const holds = await findMaintenanceHolds(
    deps.db,
    await waveOrgIds(deps.db, upgradeId, wave),
    now,
    until,
  );
  if (holds.length === 0) return null;
  const last = holds.reduce((a, b) => (new Date(a.planned_end) > new Date(b.planned_end) ? a : b));
  const instances = [...new Set(holds.map((h) => h.instance_key))].join(', ');
  const end = new Date(last.planned_end).toISOString();
  return `Wave ${wave} is deferred: ${holds.length} of its orgs are on instances in a Salesforce maintenance window (${instances}) until ${end.slice(0, 10)} ${end.slice(11, 16)} UTC.`;
}

/** Halts the rollout at a wave: the state, the upgrade's message and an audit row commit together. */
async function haltWave(
  deps: LifecycleDeps,
  upgradeId: number,
  wave: number,
  reason: string,
): Promise<boolean> {
  const halted = await deps.db.transaction(async (tx) => {
    if (!(await markWaveHalted(tx, upgradeId, wave, reason))) return false;
    // An upgrade that has ended keeps its own message ('Complete with 4 failures').
    await setActiveUpgradeMessage(tx, upgradeId, haltedMessage(reason));
    await writeAudit(tx, {
      actor: GATE_ACTOR,
      action: 'upgrade.rollout.halt',
      targetType: 'upgrade',
      targetId: String(upgradeId),
      outcome: 'success',
      details: { wave, reason },
    });
    // Webhook receivers hear of it exactly when the halt commits.
    const facts = await upgradeFacts(tx, upgradeId);
    await emitWebhookEvent(tx, 'rollout.halted', { ...facts, wave, reason });
    return true;
  });
  if (!halted) return false;
  // Every open tab gets the notice (docs/product.md "Notices").
  deps.live.publish('alert', {
    subject: 'Rollout Halted',
    message: `Upgrade ${upgradeId}: ${reason}.`,
  });
  publish(deps, upgradeId);
  return true;
}

function publish(deps: LifecycleDeps, upgradeId: number): void {
  deps.live.publish('upgrade', { ids: [upgradeId] });
  deps.live.publish('upgrade-items', { ids: [upgradeId] });
  deps.live.publish('upgrades', { ids: [upgradeId] });
}
