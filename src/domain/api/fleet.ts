// The fleet at a glance (docs/product.md "Home page", "Package detail", "Upgrade detail",
// "Org detail"): the home page's tiles, a package's adoption and its history, an upgrade's timeline
// and an org's version history. Answers only: every signed-in user may read them.
import { z } from 'zod';
import { failureItemSchema } from './failure-clusters';
import { isoTime, nullableText } from './common';

/** How far behind the latest version counts as "behind" unless the caller says (1–50). */
export const DEFAULT_VERSIONS_BEHIND = 2;
/** Days of version counts the adoption history shows. */
export const ADOPTION_HISTORY_DAYS = 90;
/** Licenses expiring within this many days need attention on the home page. */
export const EXPIRING_LICENSE_DAYS = 30;
/** The home page's failures look back this many hours. */
export const RECENT_FAILURE_HOURS = 24;

const count = z.number().int();

/** An upgrade still running, with its job counts (the progress bar's). */
export const homeUpgradeSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  status: z.string(),
  start_time: isoTime,
  eligible_job_count: count,
  created_job_count: count,
  pending_job_count: count,
  inprogress_job_count: count,
  succeeded_job_count: count,
  failed_job_count: count,
  canceled_job_count: count,
  invalid_job_count: count,
  /** A staged rollout's waves (0 without a plan), the first not yet passed, and whether halted. */
  wave_count: count,
  current_wave: z.number().int().nullable(),
  halted: z.boolean(),
  /** Why it is held or halted, as the Upgrade detail says it. */
  message: nullableText,
});
export type HomeUpgrade = z.infer<typeof homeUpgradeSchema>;

export const homeFailureSchema = z.object({
  upgrade_id: z.number().int(),
  description: z.string(),
  failed: count,
});

/** The errors that failed most jobs lately, across upgrades (docs/product.md "Failure clusters"). */
export const homeFailureClusterSchema = z.object({
  key: z.string(),
  failed: count,
  upgrades: count,
  /** The newest upgrade it failed in: its Failures tab lists the cluster with its actions. */
  latest_upgrade_id: z.number().int(),
  errors: z.array(failureItemSchema),
});

export const homeConnectedOrgSchema = z.object({
  org_id: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  status_reason: nullableText,
});

export const homeJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  message: nullableText,
  start_time: isoTime,
  end_time: isoTime,
});

export const homeAdoptionSchema = z.object({
  package_id: z.string(),
  name: z.string(),
  latest_version_id: nullableText,
  latest_version_number: nullableText,
  orgs: count,
  on_latest: count,
});

/** GET /api/home: what needs an operator's eye, each part small. */
export const homeSummarySchema = z.object({
  active_upgrades: z.array(homeUpgradeSchema),
  failures: z.object({
    since: z.string(),
    total: count,
    upgrades: z.array(homeFailureSchema),
    clusters: z.array(homeFailureClusterSchema),
  }),
  attention: z.object({
    connected_orgs: z.array(homeConnectedOrgSchema),
    expiring_licenses: count,
    /** The last day (inclusive, 'YYYY-MM-DD') a license counted as expiring expires on. */
    expiring_until: z.string(),
  }),
  jobs: z.object({
    running: z.array(homeJobSchema),
    failed: z.array(homeJobSchema),
  }),
  adoption: z.object({
    counted_at: isoTime,
    packages: z.array(homeAdoptionSchema),
  }),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;

export const adoptionQuerySchema = z.object({
  behind: z.coerce.number().int().min(1).max(50).default(DEFAULT_VERSIONS_BEHIND),
});

export const adoptionVersionSchema = z.object({
  version_id: z.string(),
  version_number: z.string(),
  status: nullableText,
  orgs: count,
  /** How many of the package's versions it is behind the latest; 0 is the latest (or newer). */
  behind: count,
});

export const adoptionShareSchema = z.object({
  value: z.string(),
  orgs: count,
  on_latest: count,
  behind: count,
});
export type AdoptionShare = z.infer<typeof adoptionShareSchema>;

export const adoptionDaySchema = z.object({
  day: z.string(),
  version_id: z.string(),
  version_number: z.string(),
  orgs: count,
});

/** GET /api/packages/{id}/adoption: orgs per version, shares, breakdowns and 90 days of history. */
export const packageAdoptionSchema = z.object({
  package_id: z.string(),
  counted_at: isoTime,
  latest_version_id: nullableText,
  latest_version_number: nullableText,
  /** The N of "N or more versions behind". */
  behind: count,
  orgs: count,
  on_latest: count,
  behind_count: count,
  versions: z.array(adoptionVersionSchema),
  by_environment: z.array(adoptionShareSchema),
  by_edition: z.array(adoptionShareSchema),
  by_location: z.array(adoptionShareSchema),
  history: z.array(adoptionDaySchema),
});
export type PackageAdoption = z.infer<typeof packageAdoptionSchema>;

export const timelinePointSchema = z.object({
  minute: z.string(),
  pending: count,
  in_progress: count,
  succeeded: count,
  failed: count,
});
export type TimelinePoint = z.infer<typeof timelinePointSchema>;

/** GET /api/upgrades/{id}/timeline: per request, its jobs' states minute by minute. */
export const upgradeTimelineSchema = z.object({
  upgrade_id: z.number().int(),
  /** Minutes per point: 1, or more for a run too long to draw minute by minute. */
  step_minutes: count,
  requests: z.array(
    z.object({
      item_id: z.number().int(),
      package_name: nullableText,
      version_number: nullableText,
      points: z.array(timelinePointSchema),
    }),
  ),
});
export type UpgradeTimeline = z.infer<typeof upgradeTimelineSchema>;

export const orgHistoryJobSchema = z.object({
  upgrade_id: z.number().int(),
  description: z.string(),
  item_id: z.number().int(),
  package_id: nullableText,
  package_name: nullableText,
  from_version_number: nullableText,
  to_version_number: nullableText,
  status: z.string(),
  start_time: isoTime,
  end_time: isoTime,
  scheduled_start_time: isoTime,
});

export const orgVersionChangeSchema = z.object({
  package_id: z.string(),
  package_name: z.string(),
  version_number: z.string(),
  /** When it was installed or reached; null when not known. */
  since: isoTime,
  /** 'install' (the install date), 'upgrade' (a push that succeeded) or 'before' (a job's original). */
  source: z.enum(['install', 'upgrade', 'before']),
  upgrade_id: z.number().int().nullable(),
});

/** GET /api/orgs/{id}/history: the org's versions over time and every upgrade that touched it. */
export const orgHistorySchema = z.object({
  org_id: z.string(),
  versions: z.array(orgVersionChangeSchema),
  upgrades: z.array(orgHistoryJobSchema),
});
export type OrgHistory = z.infer<typeof orgHistorySchema>;
