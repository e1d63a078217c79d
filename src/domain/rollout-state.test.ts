import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  awaitingPersonMessage,
  nextWave,
  rolloutStep,
  waveLabel,
  WAVE_STATES,
  type WaveStatus,
} from './rollout-state';
import type { WaveOutcome } from './rollout';

const plan = { failureThresholdPercent: 2, soakMinutes: 30 };
const now = new Date('2026-11-27T12:00:00Z');
const wave = (n: number, state: WaveStatus['state'], extra: Partial<WaveStatus> = {}) => ({
  wave: n,
  state,
  startMode: 'gate' as const,
  resumed: false,
  ...extra,
});
const ended = (failed: number, total: number, minutesAgo: number): WaveOutcome => ({
  total,
  failed,
  open: 0,
  endedAt: new Date(now.getTime() - minutesAgo * 60_000),
});

describe('rolloutStep', () => {
  it('does nothing before the first wave is activated', () => {
    const step = rolloutStep([wave(1, 'Waiting'), wave(2, 'Waiting')], null, plan, now);
    expect(step).toEqual({ kind: 'idle', message: null });
  });

  it('halts a running wave as soon as its failures cross the threshold', () => {
    const outcome = { total: 120, failed: 7, open: 40, endedAt: null };
    const step = rolloutStep([wave(1, 'Passed'), wave(2, 'Started')], outcome, plan, now);
    expect(step).toEqual({
      kind: 'halt',
      wave: 2,
      reason: 'Wave 2 failed on 7 of 120 orgs (5.8 %), over the 2 % threshold',
    });
  });

  it('waits for the wave to end, then for the soak time', () => {
    const running = { total: 100, failed: 0, open: 3, endedAt: null };
    const waves = [wave(1, 'Started'), wave(2, 'Waiting')];
    expect(rolloutStep(waves, running, plan, now)).toMatchObject({ kind: 'wait', until: null });
    expect(rolloutStep(waves, ended(0, 100, 10), plan, now)).toEqual({
      kind: 'wait',
      wave: 1,
      reason: 'Wave 1 is soaking',
      until: new Date(now.getTime() + 20 * 60_000),
    });
  });

  it('passes at exactly the threshold and starts the next waiting wave, skipping skipped ones', () => {
    const waves = [wave(1, 'Started'), wave(2, 'Skipped'), wave(3, 'Waiting')];
    expect(rolloutStep(waves, ended(2, 100, 30), plan, now)).toEqual({
      kind: 'pass',
      wave: 1,
      next: { kind: 'start', wave: 3 },
    });
  });

  it('leaves a person wave to a person, and says so', () => {
    const waves = [wave(1, 'Started'), wave(2, 'Waiting', { startMode: 'person' })];
    expect(rolloutStep(waves, ended(0, 10, 60), plan, now)).toEqual({
      kind: 'pass',
      wave: 1,
      next: { kind: 'await-person', wave: 2 },
    });
    const after = [wave(1, 'Passed'), wave(2, 'Waiting', { startMode: 'person' })];
    expect(rolloutStep(after, null, plan, now)).toEqual({
      kind: 'idle',
      message: awaitingPersonMessage(2),
    });
  });

  it('starts a gate wave found waiting after a passed one (a crash between the two writes)', () => {
    const waves = [wave(1, 'Passed'), wave(2, 'Waiting')];
    expect(rolloutStep(waves, null, plan, now)).toEqual({ kind: 'start', wave: 2 });
  });

  it('stays halted until a person resumes; a resumed wave passes once ended, without soak', () => {
    const halted = [wave(1, 'Halted'), wave(2, 'Waiting')];
    expect(rolloutStep(halted, ended(50, 100, 0), plan, now)).toEqual({
      kind: 'idle',
      message: null,
    });
    const resumed = [wave(1, 'Started', { resumed: true }), wave(2, 'Waiting')];
    expect(rolloutStep(resumed, ended(50, 100, 0), plan, now)).toEqual({
      kind: 'pass',
      wave: 1,
      next: { kind: 'start', wave: 2 },
    });
    const stillRunning = { total: 100, failed: 50, open: 1, endedAt: null };
    expect(rolloutStep(resumed, stillRunning, plan, now).kind).toBe('wait');
  });

  it('ends after the last wave', () => {
    expect(rolloutStep([wave(1, 'Started')], ended(0, 5, 31), plan, now)).toEqual({
      kind: 'pass',
      wave: 1,
      next: { kind: 'end' },
    });
    expect(rolloutStep([wave(1, 'Passed')], null, plan, now)).toEqual({
      kind: 'idle',
      message: null,
    });
  });

  it('never starts a wave before every earlier one has passed or been skipped', () => {
    const states = fc.constantFrom(...WAVE_STATES);
    fc.assert(
      fc.property(fc.array(states, { minLength: 1, maxLength: 6 }), (list) => {
        const waves = list.map((state, i) => wave(i + 1, state));
        const step = rolloutStep(waves, ended(0, 10, 60), plan, now);
        const started =
          step.kind === 'start'
            ? step.wave
            : step.kind === 'pass' && step.next.kind === 'start'
              ? step.next.wave
              : null;
        if (started === null) return;
        const passing = step.kind === 'pass' ? step.wave : null;
        for (const w of waves.filter((w) => w.wave < started && w.wave !== passing)) {
          expect(['Passed', 'Skipped']).toContain(w.state);
        }
        expect(waves.find((w) => w.wave === started)?.state).toBe('Waiting');
      }),
    );
  });
});

describe('nextWave and waveLabel', () => {
  it('finds no next wave after the last one', () => {
    expect(nextWave([wave(1, 'Started')], 1)).toEqual({ kind: 'end' });
  });

  it('names waves by group, share, filter and the rest', () => {
    const names = {
      group: () => 'Canary',
      column: (id: string) => (id === 'environment' ? 'Environment' : undefined),
    };
    expect(waveLabel({ kind: 'group', groupId: 4 }, names)).toBe('Group Canary');
    expect(waveLabel({ kind: 'group', groupId: 4 })).toBe('Group #4');
    expect(waveLabel({ kind: 'percent', percent: 10 })).toBe('10 % of the rest');
    expect(
      waveLabel({ kind: 'filter', filters: [{ id: 'environment', value: '"Sandbox"' }] }, names),
    ).toBe('Environment: "Sandbox"');
    expect(waveLabel({ kind: 'rest' })).toBe('The rest');
  });
});
