import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assignWaves,
  canaryPlan,
  gateDecision,
  rolloutPlanSchema,
  sampleRank,
  sandboxesFirstPlan,
  type RolloutPlan,
  type WaveOutcome,
} from './rollout';

interface Org {
  readonly orgId: string;
  readonly sandbox: boolean;
  readonly groups: readonly number[];
}

const orgIdArb = fc.stringMatching(/^[0-9A-Za-z]{12}$/).map((tail) => `00D${tail}AAA`);
const orgsArb = fc.uniqueArray(
  fc.record({ orgId: orgIdArb, sandbox: fc.boolean(), groups: fc.subarray([1, 2, 3]) }),
  { selector: (o) => o.orgId, maxLength: 300 },
);
const selectorArb = fc.oneof(
  fc.record({ kind: fc.constant('group' as const), groupId: fc.constantFrom(1, 2, 3) }),
  fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: 1, max: 100 }) }),
  fc.constant({
    kind: 'filter' as const,
    filters: [{ id: 'environment', value: '"Sandbox"' }],
  }),
);
const planArb = fc
  .tuple(fc.array(selectorArb, { minLength: 1, maxLength: 5 }), fc.boolean(), fc.string())
  .map(([selectors, rest, seed]) =>
    rolloutPlanSchema.parse({
      waves: [...selectors, ...(rest ? [{ kind: 'rest' }] : [])].map((selector) => ({
        selector,
      })),
      sampleSeed: seed,
    }),
  );

/** What the server answers for groups and filters, here from the org's own fields. */
const selects = (selector: RolloutPlan['waves'][number]['selector'], _: number, org: Org) =>
  selector.kind === 'group' ? org.groups.includes(selector.groupId) : org.sandbox;

describe('assignWaves', () => {
  it('places every eligible org exactly once, in a wave or left out', () => {
    fc.assert(
      fc.property(orgsArb, planArb, (orgs, plan) => {
        const { waves, leftOut } = assignWaves(orgs, plan, selects);
        const placed = [...waves.flat(), ...leftOut].map((o) => o.orgId);
        expect([...placed].sort()).toEqual(orgs.map((o) => o.orgId).sort());
        if (plan.waves.at(-1)!.selector.kind === 'rest') expect(leftOut).toEqual([]);
      }),
    );
  });

  it('places the same orgs the same way whatever order they come in', () => {
    fc.assert(
      fc.property(orgsArb, planArb, fc.integer(), (orgs, plan, shift) => {
        const turned = orgs.map((_, i) => orgs[(i + Math.abs(shift)) % orgs.length]!);
        const ids = (w: ReturnType<typeof assignWaves<Org>>) =>
          w.waves.map((wave) => wave.map((o) => o.orgId).sort());
        expect(ids(assignWaves(turned, plan, selects))).toEqual(
          ids(assignWaves(orgs, plan, selects)),
        );
      }),
    );
  });

  it('takes a percentage of the orgs left, rounded up, and a larger one only adds orgs', () => {
    fc.assert(
      fc.property(
        orgsArb,
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 1, max: 100 }),
        (orgs, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const wave = (percent: number) =>
            assignWaves(
              orgs,
              {
                waves: [{ selector: { kind: 'percent', percent }, start: 'gate' }],
                sampleSeed: '',
              },
              selects,
            ).waves[0]!.map((o) => o.orgId);
          const small = wave(low);
          const large = wave(high);
          expect(small).toHaveLength(Math.ceil((orgs.length * low) / 100));
          expect(large).toEqual(expect.arrayContaining(small));
        },
      ),
    );
  });

  it('a group or filter wave takes only unplaced orgs it selects', () => {
    const orgs: Org[] = [
      { orgId: '00D000000000001AAA', sandbox: true, groups: [1] },
      { orgId: '00D000000000002AAA', sandbox: true, groups: [] },
      { orgId: '00D000000000003AAA', sandbox: false, groups: [1] },
      { orgId: '00D000000000004AAA', sandbox: false, groups: [] },
    ];
    const plan = rolloutPlanSchema.parse(canaryPlan(1));
    const { waves } = assignWaves(orgs, plan, selects);
    expect(waves[0]!.map((o) => o.orgId)).toEqual(['00D000000000001AAA', '00D000000000003AAA']);
    expect(waves.flat()).toHaveLength(4);
    const sandboxes = assignWaves(orgs, rolloutPlanSchema.parse(sandboxesFirstPlan()), selects);
    expect(sandboxes.waves.map((w) => w.map((o) => o.orgId))).toEqual([
      ['00D000000000001AAA', '00D000000000002AAA'],
      ['00D000000000003AAA', '00D000000000004AAA'],
    ]);
  });
});

describe('sampleRank', () => {
  it('ranks an org by its 15-character id, and another seed ranks differently', () => {
    expect(sampleRank('00D000000000001AAA')).toBe(sampleRank('00D000000000001'));
    const ids = Array.from({ length: 50 }, (_, i) => `00D0000000000${String(i).padStart(2, '0')}`);
    const order = (seed: string) =>
      [...ids].sort((a, b) => sampleRank(a, seed) - sampleRank(b, seed));
    expect(order('x')).not.toEqual(order('y'));
    expect(order('x')).toEqual(order('x'));
  });
});

describe('rolloutPlanSchema', () => {
  it('fills the defaults and refuses a rest wave before the last', () => {
    const plan = rolloutPlanSchema.parse({ waves: [{ selector: { kind: 'rest' } }] });
    expect(plan).toMatchObject({ failureThresholdPercent: 2, soakMinutes: 30, sampleSeed: '' });
    expect(plan.waves[0]!.start).toBe('gate');
    const bad = rolloutPlanSchema.safeParse({
      waves: [{ selector: { kind: 'rest' } }, { selector: { kind: 'percent', percent: 10 } }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['waves', 0, 'selector']);
    expect(rolloutPlanSchema.safeParse({ waves: [] }).success).toBe(false);
    expect(
      rolloutPlanSchema.safeParse({ waves: [{ selector: { kind: 'percent', percent: 0 } }] })
        .success,
    ).toBe(false);
  });
});

describe('gateDecision', () => {
  const plan = { failureThresholdPercent: 2, soakMinutes: 30 };
  const now = new Date('2026-11-27T12:00:00Z');
  const outcome = (o: Partial<WaveOutcome>): WaveOutcome => ({
    total: 120,
    failed: 0,
    open: 0,
    endedAt: new Date('2026-11-27T11:00:00Z'),
    ...o,
  });

  it('halts once failures are over the threshold, even while the wave runs', () => {
    expect(gateDecision(2, outcome({ failed: 7, open: 50, endedAt: null }), plan, now)).toEqual({
      kind: 'halt',
      reason: 'Wave 2 failed on 7 of 120 orgs (5.8 %), over the 2 % threshold',
    });
  });

  it('passes at the threshold exactly, after the soak', () => {
    // 2 % of 100 is 2 failures: at, not over.
    expect(gateDecision(1, outcome({ total: 100, failed: 2 }), plan, now).kind).toBe('pass');
    expect(gateDecision(1, outcome({ total: 100, failed: 3 }), plan, now).kind).toBe('halt');
  });

  it('waits for open jobs, then for the soak time', () => {
    expect(gateDecision(1, outcome({ open: 1, endedAt: null }), plan, now)).toMatchObject({
      kind: 'wait',
      until: null,
    });
    const ended = new Date('2026-11-27T11:45:00Z');
    expect(gateDecision(1, outcome({ endedAt: ended }), plan, now)).toEqual({
      kind: 'wait',
      until: new Date('2026-11-27T12:15:00Z'),
      reason: 'Wave 1 is soaking',
    });
  });

  it('more failures never lift a halt, and no failures never halt', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.nat(),
        fc.integer({ min: 0, max: 100 }),
        fc.nat(),
        (total, f, threshold, open) => {
          const failed = f % total;
          const decide = (n: number) =>
            gateDecision(
              1,
              outcome({ total, failed: n, open: open % 2, endedAt: open % 2 ? null : now }),
              { ...plan, failureThresholdPercent: threshold },
              now,
            ).kind;
          if (decide(failed) === 'halt') expect(decide(failed + 1)).toBe('halt');
          if (threshold < 100) expect(decide(total)).toBe('halt');
          expect(decide(0)).not.toBe('halt');
        },
      ),
    );
  });
});

describe('a filter wave', () => {
  it('needs a value in each of its filters', () => {
    const plan = (value: string) =>
      rolloutPlanSchema.safeParse({
        waves: [{ selector: { kind: 'filter', filters: [{ id: 'edition', value }] } }],
      });
    expect(plan('"Enterprise Edition"').success).toBe(true);
    const blank = plan('  ');
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('Give each filter of the wave a value');
  });
});
