// What a running rollout does next (docs/product.md "Staged rollouts"): the monitor reads each
// wave's state and the current wave's outcome, and this decides whether to halt, wait, or pass
// the gate and start the next wave. Pure, so the monitor, the Upgrade detail's swimlanes and the
// tests read the same rules. Waves move Waiting → Started → Passed (or Halted, then Started again
// when a person resumes), or Waiting → Skipped.
import { gateDecision, type RolloutPlan, type WaveOutcome, type WaveSelector } from './rollout';

export const WAVE_STATES = ['Waiting', 'Started', 'Passed', 'Halted', 'Skipped'] as const;
export type WaveState = (typeof WAVE_STATES)[number];

export interface WaveStatus {
  readonly wave: number;
  readonly state: WaveState;
  readonly startMode: 'gate' | 'person';
  /** A person resumed the wave after a halt: its failure threshold no longer holds the rollout. */
  readonly resumed: boolean;
}

export type NextWave =
  | { readonly kind: 'start'; readonly wave: number }
  | { readonly kind: 'await-person'; readonly wave: number }
  | { readonly kind: 'end' };

export type RolloutStep =
  /** Nothing to do now: before the first activation, halted, waiting for a person, or done. */
  | { readonly kind: 'idle'; readonly message: string | null }
  /** A wave that should be running is not (after a crash between the gate and the start). */
  | { readonly kind: 'start'; readonly wave: number }
  | { readonly kind: 'halt'; readonly wave: number; readonly reason: string }
  | {
      readonly kind: 'wait';
      readonly wave: number;
      readonly reason: string;
      readonly until: Date | null;
    }
  | { readonly kind: 'pass'; readonly wave: number; readonly next: NextWave };

/** The sentence an upgrade shows while a wave waits for a person to start it. */
export const awaitingPersonMessage = (wave: number) =>
  `Wave ${wave} waits for someone to start it.`;

/**
 * What follows `wave`: the first later wave not skipped, if it is still waiting; the rollout ends
 * when no wave follows. (A later wave already started cannot happen: waves start one at a time.)
 */
export function nextWave(waves: readonly WaveStatus[], wave: number): NextWave {
  const next = [...waves]
    .sort((a, b) => a.wave - b.wave)
    .find((w) => w.wave > wave && w.state !== 'Skipped');
  if (!next || next.state !== 'Waiting') return { kind: 'end' };
  return next.startMode === 'person'
    ? { kind: 'await-person', wave: next.wave }
    : { kind: 'start', wave: next.wave };
}

/**
 * The rollout's next step. The current wave is the first neither Passed nor Skipped; a Waiting
 * one waits for its start (wave 1: the upgrade's
 * activation; a 'person' wave: someone's start) or, a 'gate' wave, is started now. A resumed
 * wave passes once it has ended: the person who resumed has looked at its failures and soak.
 */
export function rolloutStep(
  waves: readonly WaveStatus[],
  outcome: WaveOutcome | null,
  plan: Pick<RolloutPlan, 'failureThresholdPercent' | 'soakMinutes'>,
  now: Date,
): RolloutStep {
  const ordered = [...waves].sort((a, b) => a.wave - b.wave);
  // Waves go one at a time: the current one is the first neither passed nor skipped.
  const current = ordered.find((w) => w.state !== 'Passed' && w.state !== 'Skipped');
  if (!current) return { kind: 'idle', message: null };
  if (current.state === 'Waiting') {
    if (current.wave === ordered[0]?.wave) return { kind: 'idle', message: null };
    if (current.startMode === 'person') {
      return { kind: 'idle', message: awaitingPersonMessage(current.wave) };
    }
    return { kind: 'start', wave: current.wave };
  }
  if (current.state === 'Halted' || !outcome) return { kind: 'idle', message: null };
  const rules = current.resumed ? { failureThresholdPercent: 100, soakMinutes: 0 } : plan;
  const decision = gateDecision(current.wave, outcome, rules, now);
  if (decision.kind === 'halt')
    return { kind: 'halt', wave: current.wave, reason: decision.reason };
  if (decision.kind === 'wait') {
    return { kind: 'wait', wave: current.wave, reason: decision.reason, until: decision.until };
  }
  return { kind: 'pass', wave: current.wave, next: nextWave(ordered, current.wave) };
}

/** How a wave is named on the swimlanes and in the preview. */
export function waveLabel(
  selector: WaveSelector,
  names: {
    /** The org group's name, when the server knows it. */
    readonly group?: (groupId: number) => string | undefined;
    /** The Orgs list's label of a filter column. */
    readonly column?: (columnId: string) => string | undefined;
  } = {},
): string {
  switch (selector.kind) {
    case 'group':
      return `Group ${names.group?.(selector.groupId) ?? `#${selector.groupId}`}`;
    case 'percent':
      return `${selector.percent} % of the rest`;
    case 'filter':
      return selector.filters.map((f) => `${names.column?.(f.id) ?? f.id}: ${f.value}`).join(', ');
    case 'rest':
      return 'The rest';
  }
}
