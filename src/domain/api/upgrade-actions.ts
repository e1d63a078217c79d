// The contract of the upgrade engine's calls (docs/api.md "Upgrades", the request calls included;
// docs/product.md "Confirmation texts"): activate, cancel, retry, refresh and purge, the Analyze
// stats, the detail reads with their job counts, and the Schedule Upgrade modal's preview. The
// server validates with these schemas and the screens read with them.
import { z } from 'zod';
import { nullableText } from './common';
import { upgradeItemSchema, upgradeSchema } from './upgrades';
import { LEFT_OUT_KINDS } from '../left-out';
import { previewWaveSchema } from './rollouts';
import { scheduleUpgradeSchema } from '../schedule';
import { columnFiltersSchema } from '../filter/columns';

/**
 * The cancel-comment modal's body (docs/product.md "Upgrade detail": Cancel asks for a
 * comment).
 */
export const CANCEL_COMMENT_REQUIRED = 'A comment is required to cancel';
export const cancelUpgradeSchema = z.object({
  comment: z
    .string({ error: CANCEL_COMMENT_REQUIRED })
    .trim()
    .min(1, CANCEL_COMMENT_REQUIRED)
    .max(2000),
});
export type CancelUpgradeInput = z.output<typeof cancelUpgradeSchema>;

/** Purge and Analyze name the selected upgrades. */
export const upgradeIdsSchema = z.object({
  upgradeIds: z
    .array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER), {
      error: 'Select at least one upgrade',
    })
    .min(1, 'Select at least one upgrade')
    .max(1000),
});
export type UpgradeIdsInput = z.output<typeof upgradeIdsSchema>;

/** Activate, Refresh and Retry take nothing but the id in the path (a browser may send no body). */
export const noBodySchema = z.object({}).strict().nullish();

/** What a change on an upgrade or a request answers: its id and status after the change. */
export const upgradeActionResultSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  message: z.string().optional(),
});
export type UpgradeActionResult = z.infer<typeof upgradeActionResultSchema>;

/** Schedule and Retry Failed answer the upgrade (a repeated transid answers the same one). */
export const scheduleResultSchema = z.object({
  id: z.number().int(),
  transid: z.string(),
  message: z.string().optional(),
});
export type ScheduleResult = z.infer<typeof scheduleResultSchema>;

/** Refresh runs in the background: the answer names the queued job. */
export const refreshResultSchema = z.object({ jobId: z.string() });

export const purgeResultSchema = z.object({ purged: z.number().int() });

/** Analyze: per package, the count of jobs per status (docs/product.md "Upgrades list"). */
export const upgradeStatsRowSchema = z.object({
  name: z.string(),
  status: z.string(),
  count: z.number().int(),
});
export type UpgradeStatsRow = z.infer<typeof upgradeStatsRowSchema>;

const jobCounts = upgradeItemSchema.pick({
  eligible_job_count: true,
  failed_job_count: true,
  invalid_job_count: true,
  canceled_job_count: true,
  pending_job_count: true,
  inprogress_job_count: true,
  succeeded_job_count: true,
  created_job_count: true,
}).shape;

/** GET /api/upgrades/{id}: the upgrade with its job counts (for the progress bar) and why it stopped. */
export const upgradeDetailSchema = upgradeSchema.extend({
  ...jobCounts,
  /** Why the upgrade stopped or failed (a tier with failures, Salesforce's refusal); null when fine. */
  message: nullableText,
});
export type UpgradeDetail = z.infer<typeof upgradeDetailSchema>;

/** GET /api/upgradeitems/{id}: a request, as listed, plus Salesforce's message when it failed. */
export const upgradeItemDetailSchema = upgradeItemSchema.extend({
  push_request_id: nullableText,
  message: nullableText,
});
export type UpgradeItemDetail = z.infer<typeof upgradeItemDetailSchema>;

/**
 * What the Schedule Upgrade modal's preview asks with: the versions, and optionally the start
 * (orgs in a maintenance window then are held). Its answer: what scheduling would do, nothing
 * created.
 */
export const schedulePreviewBodySchema = scheduleUpgradeSchema
  .pick({ versions: true, rollout: true })
  .extend({ scheduled_date: scheduleUpgradeSchema.shape.scheduled_date.optional() });

/**
 * The orgs of a filtered Orgs list, as a schedule's scope
 * (docs/product.md "Scheduling an upgrade"): its column filters (at least one: every org at once
 * is a group's upgrade) and the time zone its date filters are read in.
 */
export const ORG_FILTER_REQUIRED = 'Filter the Orgs list first: at least one column filter';
export const orgFilterScopeShape = {
  // A blank filter selects nothing out: it would stand for every org.
  filters: columnFiltersSchema.refine(
    (filters) => filters.some((filter) => filter.value.trim() !== ''),
    ORG_FILTER_REQUIRED,
  ),
  tz: z.string().min(1).max(64).optional(),
};
export const scheduleForOrgsSchema = scheduleUpgradeSchema.extend(orgFilterScopeShape);
export const previewForOrgsSchema = schedulePreviewBodySchema.extend(orgFilterScopeShape);

export const schedulePreviewSchema = z.object({
  /** One row per target version: how many orgs it will reach. */
  requests: z.array(
    z.object({
      package_id: z.string(),
      package_name: z.string(),
      version_id: z.string(),
      version_number: z.string(),
      orgs: z.number().int(),
    }),
  ),
  /** With a rollout plan: each wave's orgs, in order (docs/product.md "Staged rollouts"). */
  waves: z.array(previewWaveSchema).optional(),
  /** Orgs that get no push job at all (each counted once). */
  leftOutOrgs: z.number().int(),
  /**
   * One line per kind of reason (blacklisted, license not upgradeable, already current…), most
   * orgs first, with the orgs it covers: an org left out for two kinds is in both lines. At most
   * PREVIEW_ORGS_PER_REASON orgs are listed per line; `count` is the whole number.
   */
  leftOut: z.array(
    z.object({
      kind: z.enum(LEFT_OUT_KINDS),
      label: z.string(),
      count: z.number().int(),
      orgs: z.array(
        z.object({
          org_id: z.string(),
          org_name: nullableText,
          account_name: nullableText,
          /** What this kind of reason says about the org ('Relay Core, Relay Billing'). */
          detail: z.string(),
        }),
      ),
    }),
  ),
});
export type SchedulePreview = z.infer<typeof schedulePreviewSchema>;

/** The most orgs a preview line lists (its count covers all). */
export const PREVIEW_ORGS_PER_REASON = 500;

/** Why Schedule is off, and what a schedule that reaches nobody is refused with (409). */
export const NOTHING_TO_SCHEDULE =
  'Nothing to schedule: none of the selected orgs can be upgraded to the selected versions.';

/** The refusal's message: NOTHING_TO_SCHEDULE and, when orgs were left out, how many per reason. */
export function nothingToScheduleMessage(preview: Pick<SchedulePreview, 'leftOut'>): string {
  if (preview.leftOut.length === 0) return NOTHING_TO_SCHEDULE;
  const lines = preview.leftOut.map((line) => `${line.label}: ${line.count}`);
  return `${NOTHING_TO_SCHEDULE} Left out: ${lines.join('; ')}.`;
}

/** Whether a preview reaches at least one org. */
export function previewReachesAnyone(preview: Pick<SchedulePreview, 'requests'>): boolean {
  return preview.requests.some((request) => request.orgs > 0);
}

/** The 409 body of a schedule that reaches nobody: the message and the preview's reasons. */
export const nothingToScheduleSchema = z.object({
  message: z.string(),
  subject: z.string(),
  preview: schedulePreviewSchema,
});
