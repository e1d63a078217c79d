// The contract of staged rollouts (docs/product.md "Staged rollouts", docs/api.md "Rollouts"): the
// rollout of an upgrade as the Upgrade detail's swimlanes read it, the Schedule Upgrade preview's
// waves, and the bodies of resume, skip and start. Abort is the upgrade's Cancel.
import { z } from 'zod';
import { isoTime, nullableText } from './common';
import { WAVE_STATES } from '../rollout-state';

/** A wave as shown: its state (Canceled when the upgrade was canceled before it started). */
export const WAVE_DISPLAY_STATES = [...WAVE_STATES, 'Canceled'] as const;
export type WaveDisplayState = (typeof WAVE_DISPLAY_STATES)[number];

const count = z.number().int().min(0);

export const rolloutWaveSchema = z.object({
  wave: z.number().int().min(1),
  label: z.string(),
  start_mode: z.enum(['gate', 'person']),
  state: z.enum(WAVE_DISPLAY_STATES),
  /** Orgs planned in this wave. */
  org_count: count,
  /** Its jobs by status (a stepped upgrade has several jobs per org). */
  created_job_count: count,
  pending_job_count: count,
  inprogress_job_count: count,
  succeeded_job_count: count,
  failed_job_count: count,
  canceled_job_count: count,
  invalid_job_count: count,
  ineligible_job_count: count,
  /**
   * What the gate counts: orgs with a job to push (any status but Ineligible, so a waiting wave
   * counts its planned orgs), and those of them with a Failed job.
   */
  pushed_org_count: count,
  failed_org_count: count,
  started_at: isoTime,
  started_by: nullableText,
  /** When its last job ended; null while one is open or before it started. */
  ended_at: isoTime,
  passed_at: isoTime,
  halted_at: isoTime,
  halt_reason: nullableText,
  resumed_at: isoTime,
  resumed_by: nullableText,
  resume_comment: nullableText,
  skipped_at: isoTime,
  skipped_by: nullableText,
  skip_comment: nullableText,
});
export type RolloutWave = z.infer<typeof rolloutWaveSchema>;

export const ROLLOUT_STATES = [
  'Not started',
  'Running',
  'Halted',
  'Waiting',
  'Done',
  'Canceled',
] as const;

/** GET /api/upgrades/{id}/rollout: null for an upgrade scheduled without a plan. */
export const rolloutSchema = z.object({
  upgrade_id: z.number().int(),
  state: z.enum(ROLLOUT_STATES),
  failure_threshold_percent: z.number(),
  soak_minutes: z.number().int(),
  /** The gate after the current wave, in a sentence ('Wave 2 is soaking'), or why it halted. */
  gate: z
    .object({
      wave: z.number().int(),
      kind: z.enum(['wait', 'halt', 'pass', 'idle']),
      reason: nullableText,
      until: isoTime,
    })
    .nullable(),
  waves: z.array(rolloutWaveSchema),
});
export type Rollout = z.infer<typeof rolloutSchema>;

export const RESUME_COMMENT_REQUIRED = 'A comment is required to resume a halted rollout';
export const SKIP_COMMENT_REQUIRED = 'A comment is required to skip a wave';

const comment = (message: string) => z.string({ error: message }).trim().min(1, message).max(2000);

/** POST /api/upgrades/{id}/rollout/resume */
export const resumeRolloutSchema = z.object({ comment: comment(RESUME_COMMENT_REQUIRED) });
/** POST /api/upgrades/{id}/rollout/waves/{wave}/skip */
export const skipWaveSchema = z.object({ comment: comment(SKIP_COMMENT_REQUIRED) });

export const waveParams = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  wave: z.coerce.number().int().min(1).max(100),
});

/** One wave of the Schedule Upgrade preview: its orgs (the first few named) and who is held. */
export const previewWaveSchema = z.object({
  wave: z.number().int(),
  label: z.string(),
  start_mode: z.enum(['gate', 'person']),
  orgs: count,
  /** Orgs of the first wave held to this one by a Salesforce maintenance window at the start. */
  held_from_previous: count,
  sample: z.array(
    z.object({ org_id: z.string(), org_name: nullableText, account_name: nullableText }),
  ),
});
export type PreviewWave = z.infer<typeof previewWaveSchema>;

/** The most orgs a preview wave names. */
export const PREVIEW_ORGS_PER_WAVE = 20;
