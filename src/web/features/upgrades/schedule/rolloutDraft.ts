// The Schedule Upgrade modal's rollout plan while it is edited
// (docs/product.md "Staged rollouts"): a list of waves as the inputs hold them (a NumberInput may
// be empty, a group not chosen yet), turned into the plan the server takes and checked with the
// same rolloutPlanSchema, so the modal shows the server's own messages beside each field.
import {
  compileFilter,
  DEFAULT_FAILURE_THRESHOLD_PERCENT,
  DEFAULT_SOAK_MINUTES,
  FilterSyntaxError,
  MAX_WAVES,
  ORG_LIST,
  rolloutPlanSchema,
  type FilterContext,
  type RolloutPlan,
  type RolloutPlanInput,
  type Wave,
  type WaveSelector,
} from '../../../../domain';

export type WaveKind = WaveSelector['kind'];

export interface WaveDraft {
  /** Identifies the row while waves move up and down. */
  readonly key: string;
  readonly kind: WaveKind;
  readonly groupId: number | null;
  /** What the NumberInput holds: a number, or '' while empty. */
  readonly percent: number | string;
  /** The Orgs list column the filter reads, and its expression in the filter language. */
  readonly column: string | null;
  readonly expression: string;
  readonly start: Wave['start'];
}

export interface RolloutDraft {
  readonly mode: 'all' | 'staged';
  readonly waves: readonly WaveDraft[];
  readonly threshold: number | string;
  readonly soak: number | string;
}

/** A problem per field, keyed by the plan path ('waves.1.selector.percent', 'soakMinutes'). */
export type PlanErrors = Readonly<Record<string, string>>;

export const CHOOSE_GROUP = 'Choose a group';
export const CHOOSE_COLUMN = 'Choose a column';
export const ENTER_EXPRESSION = 'Enter an expression';
export const ENTER_NUMBER = 'Enter a number';

let nextKey = 0;
const newKey = () => `wave-${++nextKey}`;

export function waveDraft(over: Partial<Omit<WaveDraft, 'key'>> = {}): WaveDraft {
  return {
    key: newKey(),
    kind: 'percent',
    groupId: null,
    percent: 10,
    column: null,
    expression: '',
    start: 'gate',
    ...over,
  };
}

/** The modal's starting point: every org at once, the default gate ready for a staged plan. */
export const ALL_AT_ONCE: RolloutDraft = {
  mode: 'all',
  waves: [],
  threshold: DEFAULT_FAILURE_THRESHOLD_PERCENT,
  soak: DEFAULT_SOAK_MINUTES,
};

/** The waves of a preset (or any plan) as editable rows; a filter wave keeps its first filter. */
export function wavesOf(plan: RolloutPlanInput): WaveDraft[] {
  return plan.waves.map(({ selector, start }) => {
    const base = { start: start ?? 'gate', kind: selector.kind };
    switch (selector.kind) {
      case 'group':
        return waveDraft({ ...base, groupId: selector.groupId });
      case 'percent':
        return waveDraft({ ...base, percent: selector.percent });
      case 'filter':
        return waveDraft({
          ...base,
          column: selector.filters[0]?.id ?? null,
          expression: selector.filters[0]?.value ?? '',
        });
      case 'rest':
        return waveDraft(base);
    }
  });
}

/** A new wave goes before a last 'rest' wave (only the last may take the rest). */
export function addWave(waves: readonly WaveDraft[]): WaveDraft[] {
  const last = waves.at(-1);
  if (last?.kind === 'rest') return [...waves.slice(0, -1), waveDraft(), last];
  return [...waves, waveDraft()];
}

export function moveWave(waves: readonly WaveDraft[], index: number, by: -1 | 1): WaveDraft[] {
  const to = index + by;
  if (to < 0 || to >= waves.length) return [...waves];
  const moved = [...waves];
  [moved[index], moved[to]] = [moved[to]!, moved[index]!];
  return moved;
}

export const canAddWave = (waves: readonly WaveDraft[]) => waves.length < MAX_WAVES;

function selectorOf(wave: WaveDraft): unknown {
  switch (wave.kind) {
    case 'group':
      return { kind: 'group', groupId: wave.groupId ?? undefined };
    case 'percent':
      return { kind: 'percent', percent: wave.percent === '' ? undefined : Number(wave.percent) };
    case 'filter':
      return { kind: 'filter', filters: [{ id: wave.column ?? '', value: wave.expression }] };
    case 'rest':
      return { kind: 'rest' };
  }
}

const numberOrUndefined = (value: number | string) => (value === '' ? undefined : Number(value));

export type PlanCheck =
  | { readonly ok: true; readonly plan: RolloutPlan }
  | {
      readonly ok: false;
      /** The schema's messages and the filter language's: shown as the user types. */
      readonly errors: PlanErrors;
      /** Inputs still empty: shown once the user tries to schedule. */
      readonly missing: PlanErrors;
    };

/**
 * The plan the draft stands for, checked with rolloutPlanSchema and each filter expression with
 * the filter language (the server would refuse it with 400). Empty inputs are reported apart, so
 * a wave just added does not shout before it is filled in.
 */
export function checkDraft(draft: RolloutDraft, context: FilterContext): PlanCheck {
  const missing: Record<string, string> = {};
  const errors: Record<string, string> = {};
  draft.waves.forEach((wave, i) => {
    const at = `waves.${i}.selector`;
    if (wave.kind === 'group' && wave.groupId === null) missing[`${at}.groupId`] = CHOOSE_GROUP;
    if (wave.kind === 'percent' && wave.percent === '') missing[`${at}.percent`] = ENTER_NUMBER;
    if (wave.kind === 'filter') {
      const column = ORG_LIST.columns.find((c) => c.id === wave.column);
      if (!column) missing[`${at}.column`] = CHOOSE_COLUMN;
      else if (wave.expression.trim() === '') missing[`${at}.expression`] = ENTER_EXPRESSION;
      else {
        try {
          compileFilter(wave.expression, column, context);
        } catch (error) {
          errors[`${at}.expression`] =
            error instanceof FilterSyntaxError || error instanceof Error
              ? error.message
              : String(error);
        }
      }
    }
  });
  if (draft.threshold === '') missing.failureThresholdPercent = ENTER_NUMBER;
  if (draft.soak === '') missing.soakMinutes = ENTER_NUMBER;

  const parsed = rolloutPlanSchema.safeParse({
    waves: draft.waves.map((wave) => ({ selector: selectorOf(wave), start: wave.start })),
    failureThresholdPercent: numberOrUndefined(draft.threshold),
    soakMinutes: numberOrUndefined(draft.soak),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      // An empty input's own message says it better than "expected number": the schema's
      // words about a selector (or a number) still being filled in wait for it.
      const filling = Object.keys(missing).some(
        (m) => m === key || (key.includes('.selector.') && m.startsWith(selectorPath(key))),
      );
      if (filling) continue;
      errors[key] ??= issue.message;
    }
  }
  if (parsed.success && Object.keys(errors).length === 0 && Object.keys(missing).length === 0) {
    return { ok: true, plan: parsed.data };
  }
  return { ok: false, errors, missing };
}

/** 'waves.1.selector.filters.0.id' → 'waves.1.selector.' */
const selectorPath = (key: string) => key.slice(0, key.indexOf('.selector.') + '.selector.'.length);

/** The message of a field, or of the part of the plan it belongs to (a selector, a wave). */
export function errorAt(errors: PlanErrors, ...paths: string[]): string | undefined {
  for (const path of paths) if (errors[path]) return errors[path];
  return undefined;
}
