// The Schedule Upgrade form (docs/product.md "Schedule Upgrade" and "Constants and limits"): what
// is required, the default start, and the version selection the server receives.
import { z } from 'zod';
import { KEY_PREFIXES, toId18 } from './ids';
import { rolloutPlanSchema } from './rollout';

/** The default start is this many minutes from now… */
export const SCHEDULE_LEAD_MINUTES = 15;

/** …on this step of minutes, which is also the time picker's step. */
export const SCHEDULE_STEP_MINUTES = 5;

/** The message when the description is missing or blank. */
export const DESCRIPTION_REQUIRED = 'Description is required';

/** The message when no version is selected. */
export const VERSION_REQUIRED = 'Select at least one version';

/** The option that deselects a package in the version picker. */
export const NONE_OPTION = 'NONE';

const STEP_MS = SCHEDULE_STEP_MINUTES * 60_000;

/** Rounds an instant up to the next whole step (an instant already on a step stays). */
export function roundUpToStep(instant: Date, stepMinutes = SCHEDULE_STEP_MINUTES): Date {
  const step = stepMinutes * 60_000;
  return new Date(Math.ceil(instant.getTime() / step) * step);
}

/** The default start of a new upgrade: now plus 15 minutes, rounded up to a 5-minute step. */
export function defaultScheduleStart(now: Date): Date {
  return roundUpToStep(
    new Date(now.getTime() + SCHEDULE_LEAD_MINUTES * 60_000),
    SCHEDULE_STEP_MINUTES,
  );
}

/** Whether an instant lies on the scheduler's 5-minute grid. */
export function isOnScheduleStep(instant: Date): boolean {
  return instant.getTime() % STEP_MS === 0;
}

/** The selected versions without NONE markers and repeats, in selection order. */
export function dropNoneSelections(selected: readonly string[]): string[] {
  return [...new Set(selected.filter((id) => id !== NONE_OPTION))];
}

/** 'Select None' is offered only when more than one package is listed. */
export function offersSelectNone(packageCount: number): boolean {
  return packageCount > 1;
}

const packageVersionId = z.string().transform((value, ctx) => {
  const id = toId18(value, KEY_PREFIXES.packageVersion);
  if (id === null) {
    ctx.addIssue({ code: 'custom', message: `'${value}' is not a package version id (04t…)` });
    return z.NEVER;
  }
  return id;
});

/** The body of a schedule request (single org or group), validated the same way in the server and the form. */
export const scheduleUpgradeSchema = z.object({
  versions: z
    .array(z.string(), { error: VERSION_REQUIRED })
    .transform(dropNoneSelections)
    .pipe(z.array(packageVersionId).min(1, VERSION_REQUIRED)),
  scheduled_date: z.iso
    .datetime({ offset: true, error: 'The start must be a date and time' })
    .transform((value) => new Date(value)),
  description: z
    .string({ error: DESCRIPTION_REQUIRED })
    .trim()
    .min(1, DESCRIPTION_REQUIRED)
    .max(2000),
  transid: z.string().trim().min(1).max(100),
  /** A staged rollout (docs/product.md "Staged rollouts"); without it every org goes at once. */
  rollout: rolloutPlanSchema.optional(),
});

/** A validated schedule request: 18-character version ids, a Date start and a trimmed description. */
export type ScheduleUpgradeInput = z.output<typeof scheduleUpgradeSchema>;

/** The form's field names. */
export type ScheduleField = keyof z.input<typeof scheduleUpgradeSchema>;

/** Validation of the form: the parsed value, or one message per field for the UI to show under it. */
export type ScheduleValidation =
  | { readonly ok: true; readonly value: ScheduleUpgradeInput }
  | { readonly ok: false; readonly errors: Partial<Record<ScheduleField | 'form', string>> };

/** Validates the schedule form or request body and reports the first problem of each field ('form' for the whole). */
export function validateSchedule(input: unknown): ScheduleValidation {
  const result = scheduleUpgradeSchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: Partial<Record<ScheduleField | 'form', string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    const key =
      typeof field === 'string' && field in scheduleUpgradeSchema.shape
        ? (field as ScheduleField)
        : 'form';
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}
