// What the Upgrade detail's swimlanes read from a rollout (docs/product.md "Staged rollouts"):
// the words and colours of a wave's state, its failure line, and which person's decision a wave
// offers now. Pure, so the rules are tested without drawing.
import {
  countNoun,
  type Rollout,
  type RolloutWave,
  type WaveDisplayState,
} from '../../../../domain';

/** Started reads as Running on the lanes. */
export const WAVE_STATE_TEXT: Record<WaveDisplayState, string> = {
  Waiting: 'Waiting',
  Started: 'Running',
  Passed: 'Passed',
  Halted: 'Halted',
  Skipped: 'Skipped',
  Canceled: 'Canceled',
};

export const WAVE_STATE_COLOR: Record<WaveDisplayState, string> = {
  Waiting: 'gray',
  Started: 'blue',
  Passed: 'green',
  Halted: 'red',
  Skipped: 'yellow',
  Canceled: 'gray',
};

/**
 * "12 of 120 orgs failed (1.0 %)": what the gate counts; null before the wave started (its jobs
 * exist from the schedule on, so a waiting wave would read "0 of 120").
 */
export function failureLine(
  wave: Pick<RolloutWave, 'state' | 'failed_org_count' | 'pushed_org_count'>,
) {
  if (wave.pushed_org_count === 0 || wave.state === 'Waiting' || wave.state === 'Skipped') {
    return null;
  }
  const share = (wave.failed_org_count * 100) / wave.pushed_org_count;
  return `${wave.failed_org_count} of ${countNoun(wave.pushed_org_count, 'org')} failed (${share.toFixed(1)} %)`;
}

export interface WaveDecisions {
  resume: boolean;
  skip: boolean;
  start: boolean;
}

const ENDED: readonly Rollout['state'][] = ['Done', 'Canceled'];

/**
 * Which decisions a wave offers: Resume on a Halted wave; Skip on a Waiting wave other than the
 * first; Start on a Waiting wave left to a person once every wave before it Passed or was
 * Skipped. None once the rollout has ended. The server checks again (and the policy).
 */
export function waveDecisions(rollout: Rollout, wave: RolloutWave): WaveDecisions {
  if (ENDED.includes(rollout.state)) return { resume: false, skip: false, start: false };
  const first = Math.min(...rollout.waves.map((w) => w.wave));
  const before = rollout.waves.filter((w) => w.wave < wave.wave);
  const waiting = wave.state === 'Waiting';
  return {
    resume: wave.state === 'Halted',
    skip: waiting && wave.wave !== first,
    start:
      waiting &&
      wave.wave !== first &&
      wave.start_mode === 'person' &&
      before.every((w) => w.state === 'Passed' || w.state === 'Skipped'),
  };
}
