import { describe, expect, it } from 'vitest';
import { canaryPlan, sandboxesFirstPlan } from '../../../../domain';
import {
  addWave,
  ALL_AT_ONCE,
  CHOOSE_GROUP,
  checkDraft,
  ENTER_NUMBER,
  moveWave,
  waveDraft,
  wavesOf,
  type RolloutDraft,
} from './rolloutDraft';

const context = { now: Date.UTC(2026, 10, 27), timeZone: 'UTC' };
const staged = (over: Partial<RolloutDraft>): RolloutDraft => ({
  ...ALL_AT_ONCE,
  mode: 'staged',
  ...over,
});

describe('rolloutDraft', () => {
  it('turns the presets into rows and back into the same plan with the default gate', () => {
    const sandboxes = checkDraft(staged({ waves: wavesOf(sandboxesFirstPlan()) }), context);
    expect(sandboxes).toEqual({
      ok: true,
      plan: {
        waves: [
          {
            selector: { kind: 'filter', filters: [{ id: 'environment', value: '"Sandbox"' }] },
            start: 'gate',
          },
          { selector: { kind: 'rest' }, start: 'gate' },
        ],
        failureThresholdPercent: 2,
        soakMinutes: 30,
        sampleSeed: '',
      },
    });
    const canary = checkDraft(staged({ waves: wavesOf(canaryPlan(4)), soak: 0 }), context);
    expect(canary.ok && canary.plan.waves.map((w) => w.selector)).toEqual(
      canaryPlan(4).waves.map((w) => w.selector),
    );
    expect(canary.ok && canary.plan.soakMinutes).toBe(0);
  });

  it('reports empty inputs apart from the schema and filter messages', () => {
    const check = checkDraft(
      staged({
        waves: [
          waveDraft({ kind: 'group' }),
          waveDraft({ kind: 'percent', percent: 150 }),
          waveDraft({ kind: 'filter', column: 'environment', expression: '(Sandbox' }),
        ],
        soak: '',
      }),
      context,
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.missing).toEqual({
      'waves.0.selector.groupId': CHOOSE_GROUP,
      soakMinutes: ENTER_NUMBER,
    });
    expect(check.errors['waves.1.selector.percent']).toMatch(/100/);
    expect(check.errors['waves.2.selector.expression']).toBeTruthy();
    // The schema's "expected number" for the empty inputs is not repeated.
    expect(check.errors['waves.0.selector.groupId']).toBeUndefined();
    expect(check.errors.soakMinutes).toBeUndefined();
  });

  it("shows the schema's rule on the rest wave beside that wave", () => {
    const check = checkDraft(
      staged({ waves: [waveDraft({ kind: 'rest' }), waveDraft({ kind: 'percent' })] }),
      context,
    );
    expect(!check.ok && check.errors).toEqual({
      'waves.0.selector': 'Only the last wave can take the rest',
    });
  });

  it('adds a wave before the rest and moves waves', () => {
    const [a, rest] = wavesOf(sandboxesFirstPlan());
    const added = addWave([a!, rest!]);
    expect(added.map((w) => w.kind)).toEqual(['filter', 'percent', 'rest']);
    expect(moveWave(added, 0, 1).map((w) => w.kind)).toEqual(['percent', 'filter', 'rest']);
    expect(moveWave(added, 0, -1)).toEqual(added);
    expect(checkDraft(staged({ waves: [] }), context).ok).toBe(false);
  });
});
