// The rollout of an upgrade as the Upgrade detail's swimlanes read it (docs/api.md "Rollouts"):
// each wave with its job counts and what the gate reads, and the gate after the current wave
// decided by the same rule as the monitor (domain/rollout-state.ts), so the screen says what the
// monitor will do.
import type { Rollout, RolloutWave } from '../../../domain/api/rollouts';
import { rolloutStep } from '../../../domain/rollout-state';
import type { Database } from '../../db/database';
import { findUpgrade } from '../../db/repositories/upgrades/upgrades';
import { loadWaves, waveJobCounts, type WaveRow } from '../../db/repositories/upgrades/waves';
import { NotFoundError } from '../../errors';
import { outcomeOf, rolloutPlanOf, waveStatus } from './rollout-advance';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

export async function readRollout(
  db: Database,
  upgradeId: number,
  now = new Date(),
): Promise<Rollout | null> {
  const upgrade = await findUpgrade(db, upgradeId);
  if (!upgrade) throw new NotFoundError(`No upgrade ${upgradeId}.`);
  const plan = await rolloutPlanOf({ db }, upgradeId);
  if (!plan) return null;
  const waves = await loadWaves(db, upgradeId);
  const counts = await waveJobCounts(db, upgradeId);
  const current = waves.find((w) => w.state !== 'Passed' && w.state !== 'Skipped');
  const canceled = upgrade.status === 'Canceled';
  const step =
    upgrade.status === 'Active' && current
      ? rolloutStep(waves.map(waveStatus), outcomeOf(current, counts), plan, now)
      : null;
  const gate = !current
    ? null
    : current.state === 'Halted'
      ? { wave: current.wave, kind: 'halt' as const, reason: current.halt_reason, until: null }
      : step
        ? {
            wave: current.wave,
            kind: step.kind === 'start' ? ('wait' as const) : step.kind,
            reason:
              step.kind === 'halt' || step.kind === 'wait'
                ? step.reason
                : step.kind === 'idle'
                  ? step.message
                  : null,
            until: step.kind === 'wait' ? iso(step.until) : null,
          }
        : null;
  return {
    upgrade_id: upgradeId,
    state: rolloutState(upgrade.status, waves),
    failure_threshold_percent: plan.failureThresholdPercent,
    soak_minutes: plan.soakMinutes,
    gate,
    waves: waves.map((wave) => waveOf(wave, counts, canceled)),
  };
}

function rolloutState(status: string, waves: readonly WaveRow[]): Rollout['state'] {
  if (status === 'Canceled') return 'Canceled';
  if (status === 'Done' || status === 'Failed') return 'Done';
  if (status === 'Ready') return 'Not started';
  if (waves.some((w) => w.state === 'Halted')) return 'Halted';
  if (waves.some((w) => w.state === 'Started')) return 'Running';
  return waves.every((w) => w.state === 'Passed' || w.state === 'Skipped') ? 'Done' : 'Waiting';
}

function waveOf(
  wave: WaveRow,
  all: Awaited<ReturnType<typeof waveJobCounts>>,
  upgradeCanceled: boolean,
): RolloutWave {
  const found = all.find((c) => c.wave === wave.wave);
  const count = (status: string) => found?.counts[status] ?? 0;
  return {
    wave: wave.wave,
    label: wave.label,
    start_mode: wave.start_mode,
    state: upgradeCanceled && wave.state === 'Waiting' ? 'Canceled' : wave.state,
    org_count: wave.org_count,
    created_job_count: count('Created'),
    pending_job_count: count('Pending'),
    inprogress_job_count: count('InProgress'),
    succeeded_job_count: count('Succeeded'),
    failed_job_count: count('Failed'),
    canceled_job_count: count('Canceled'),
    invalid_job_count: count('Invalid'),
    ineligible_job_count: count('Ineligible'),
    pushed_org_count: found?.outcome.total ?? 0,
    failed_org_count: found?.outcome.failed ?? 0,
    started_at: iso(wave.started_at),
    started_by: wave.started_by,
    ended_at: wave.state === 'Waiting' ? null : iso(found?.outcome.endedAt ?? null),
    passed_at: iso(wave.passed_at),
    halted_at: iso(wave.halted_at),
    halt_reason: wave.halt_reason,
    resumed_at: iso(wave.resumed_at),
    resumed_by: wave.resumed_by,
    resume_comment: wave.resume_comment,
    skipped_at: iso(wave.skipped_at),
    skipped_by: wave.skipped_by,
    skip_comment: wave.skip_comment,
  };
}
