// Staged rollouts: an upgrade's eligible orgs split into ordered waves, and the gate that lets the
// next wave start or halts the rollout (docs/product.md "Staged rollouts"). Pure rules: the
// server decides which orgs a group or a filter selects, and these functions decide the rest, so
// the preview, the scheduler and the monitor cannot disagree.
import { z } from 'zod';
import { columnFilterSchema } from './filter/columns';
import { countNoun, formatPercent } from './format';

/** A wave's failure rate above this share of its orgs halts the rollout, unless the plan says. */
export const DEFAULT_FAILURE_THRESHOLD_PERCENT = 2;
/** How long a wave must have ended before the next one starts, unless the plan says. */
export const DEFAULT_SOAK_MINUTES = 30;
export const MAX_WAVES = 10;
/** A week: a longer soak is a rollout someone forgot, not a plan. */
export const MAX_SOAK_MINUTES = 7 * 24 * 60;

/** Which of the orgs still unplaced a wave takes. */
export const waveSelectorSchema = z.discriminatedUnion('kind', [
  /** The members of an org group. */
  z.object({ kind: z.literal('group'), groupId: z.number().int().positive() }),
  /** A stable sample of this share of the orgs not placed in an earlier wave. */
  z.object({ kind: z.literal('percent'), percent: z.number().gt(0).max(100) }),
  /** The orgs matching every column filter, in the Orgs list's filter language. */
  z.object({
    kind: z.literal('filter'),
    // A blank filter would take every org left: say which orgs.
    filters: z
      .array(columnFilterSchema)
      .min(1)
      .max(20)
      .refine((filters) => filters.every((f) => f.value.trim() !== ''), {
        message: 'Give each filter of the wave a value',
      }),
  }),
  /** Every org not placed in an earlier wave. */
  z.object({ kind: z.literal('rest') }),
]);
export type WaveSelector = z.infer<typeof waveSelectorSchema>;

export const waveSchema = z.object({
  selector: waveSelectorSchema,
  /**
   * 'gate': the wave starts by itself once the previous wave's gate passes; 'person': it then
   * waits for someone to start it. The first wave always waits for an activation (the policy).
   */
  start: z.enum(['gate', 'person']).default('gate'),
});
export type Wave = z.infer<typeof waveSchema>;

export const rolloutPlanSchema = z
  .object({
    waves: z.array(waveSchema).min(1).max(MAX_WAVES),
    failureThresholdPercent: z.number().min(0).max(100).default(DEFAULT_FAILURE_THRESHOLD_PERCENT),
    soakMinutes: z.number().int().min(0).max(MAX_SOAK_MINUTES).default(DEFAULT_SOAK_MINUTES),
    /** Another stable sample for the percentage waves; the same seed always picks the same orgs. */
    sampleSeed: z.string().max(100).default(''),
  })
  .superRefine((plan, ctx) => {
    plan.waves.forEach((wave, i) => {
      if (wave.selector.kind === 'rest' && i !== plan.waves.length - 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['waves', i, 'selector'],
          message: 'Only the last wave can take the rest',
        });
      }
    });
  });
export type RolloutPlan = z.output<typeof rolloutPlanSchema>;
export type RolloutPlanInput = z.input<typeof rolloutPlanSchema>;

/** Sandboxes first, then the rest. */
export function sandboxesFirstPlan(): RolloutPlanInput {
  return {
    waves: [
      { selector: { kind: 'filter', filters: [{ id: 'environment', value: '"Sandbox"' }] } },
      { selector: { kind: 'rest' } },
    ],
  };
}

/** A canary group, then 10 % of the others, then half of those left, then the rest. */
export function canaryPlan(canaryGroupId: number): RolloutPlanInput {
  return {
    waves: [
      { selector: { kind: 'group', groupId: canaryGroupId } },
      { selector: { kind: 'percent', percent: 10 } },
      { selector: { kind: 'percent', percent: 50 } },
      { selector: { kind: 'rest' } },
    ],
  };
}

/**
 * An org's place in the stable sample: FNV-1a of the seed and the org id. The 15-character form
 * of an id is hashed, so an org keeps its place whichever spelling a source gave.
 */
export function sampleRank(orgId: string, seed = ''): number {
  let hash = 0x811c9dc5;
  const text = `${seed}\u0000${orgId.slice(0, 15)}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The orgs of each wave, and the eligible orgs no wave took. */
export interface WaveAssignment<O> {
  readonly waves: readonly (readonly O[])[];
  readonly leftOut: readonly O[];
}

/**
 * Places each eligible org in the first wave that takes it. A group or filter wave takes the
 * unplaced orgs `selects` says it selects; a percentage wave the given share of the unplaced
 * orgs (rounded up, so a wave of a few orgs is never empty), lowest sample rank first; the rest
 * wave every unplaced org. Re-planning the same orgs with the same plan places them the same
 * way, and a larger percentage only adds orgs to its wave.
 */
export function assignWaves<O extends { readonly orgId: string }>(
  eligible: readonly O[],
  plan: Pick<RolloutPlan, 'waves' | 'sampleSeed'>,
  selects: (selector: WaveSelector, waveIndex: number, org: O) => boolean,
): WaveAssignment<O> {
  let unplaced = [...eligible];
  const waves = plan.waves.map(({ selector }, index) => {
    let taken: O[];
    if (selector.kind === 'rest') taken = unplaced;
    else if (selector.kind === 'percent') {
      const count = Math.ceil((unplaced.length * selector.percent) / 100);
      const ranked = unplaced
        .map((org) => ({ org, rank: sampleRank(org.orgId, plan.sampleSeed) }))
        .sort((a, b) => a.rank - b.rank || compareText(a.org.orgId, b.org.orgId));
      taken = ranked.slice(0, count).map((r) => r.org);
    } else taken = unplaced.filter((org) => selects(selector, index, org));
    const placed = new Set(taken);
    unplaced = unplaced.filter((org) => !placed.has(org));
    return taken;
  });
  return { waves, leftOut: unplaced };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What the gate reads of a wave: its jobs by outcome and when its last job ended. */
export interface WaveOutcome {
  /** The wave's jobs that are pushed (not Ineligible). */
  readonly total: number;
  readonly failed: number;
  /** Jobs not yet ended (Created, Pending, InProgress). */
  readonly open: number;
  /** When the last of its jobs ended; null while any is open. */
  readonly endedAt: Date | null;
}

export type GateDecision =
  | { readonly kind: 'pass' }
  | { readonly kind: 'wait'; readonly until: Date | null; readonly reason: string }
  | { readonly kind: 'halt'; readonly reason: string };

/**
 * The gate after wave `waveNumber` (1-based). It halts as soon as the wave's failures are over
 * the threshold's share of its whole size, even before the wave ends: the jobs still open can
 * only add failures. Otherwise it waits for the wave to end and the soak time to pass. Only
 * Failed jobs count: an Invalid org or a Canceled job says nothing about the version.
 */
export function gateDecision(
  waveNumber: number,
  outcome: WaveOutcome,
  plan: Pick<RolloutPlan, 'failureThresholdPercent' | 'soakMinutes'>,
  now: Date,
): GateDecision {
  const threshold = plan.failureThresholdPercent;
  if (outcome.total > 0 && outcome.failed * 100 > threshold * outcome.total) {
    return {
      kind: 'halt',
      reason:
        `Wave ${waveNumber} failed on ${outcome.failed} of ${countNoun(outcome.total, 'org')} ` +
        `(${formatPercent((outcome.failed * 100) / outcome.total)}), over the ` +
        `${formatPercent(threshold)} threshold`,
    };
  }
  if (outcome.open > 0 || !outcome.endedAt) {
    return { kind: 'wait', until: null, reason: `Wave ${waveNumber} is still running` };
  }
  const until = new Date(outcome.endedAt.getTime() + plan.soakMinutes * 60_000);
  if (now < until) {
    return { kind: 'wait', until, reason: `Wave ${waveNumber} is soaking` };
  }
  return { kind: 'pass' };
}
