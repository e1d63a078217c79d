// Status vocabularies of push upgrades and connected orgs, and the transitions between them
// (docs/product.md "Request and job statuses", "Upgrade statuses" and "Connected org states").
// Every status a person reads is named here, once: the screens show these names and the list
// filters accept exactly them.
import { countNoun } from './format';

/**
 * Statuses shared by upgrade requests (items) and upgrade jobs, as
 * docs/product.md "Request and job statuses" names them and as Salesforce stores them: the screens
 * show 'InProgress' too, so a filter matches what is shown.
 */
export const JOB_STATUSES = [
  'Created',
  'Pending',
  'InProgress',
  'Succeeded',
  'Failed',
  'Canceled',
  'Invalid',
  'Ineligible',
] as const;

/** A request or job status. */
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Statuses that count as started: everything except Created (and Ineligible, which is never counted). */
export const STARTED_STATUSES: ReadonlySet<JobStatus> = new Set<JobStatus>([
  'Pending',
  'InProgress',
  'Succeeded',
  'Failed',
  'Canceled',
  'Invalid',
]);

/** Statuses that count as completed for progress. */
export const COMPLETED_STATUSES: ReadonlySet<JobStatus> = new Set<JobStatus>([
  'Succeeded',
  'Failed',
  'Canceled',
  'Invalid',
]);

/** Statuses of work that is still going on or may still start. */
export const ACTIVE_STATUSES: ReadonlySet<JobStatus> = new Set<JobStatus>([
  'Created',
  'Pending',
  'InProgress',
]);

/** Statuses that count as errors in progress bars and failure counts. */
export const ERROR_STATUSES: ReadonlySet<JobStatus> = new Set<JobStatus>(['Failed', 'Invalid']);

/** Statuses nothing moves out of. */
export const TERMINAL_STATUSES: ReadonlySet<JobStatus> = new Set<JobStatus>([
  'Succeeded',
  'Failed',
  'Canceled',
  'Invalid',
  'Ineligible',
]);

/** True when the value is one of the request/job statuses. */
export function isJobStatus(value: unknown): value is JobStatus {
  return typeof value === 'string' && (JOB_STATUSES as readonly string[]).includes(value);
}

/**
 * What a request's Status column reads while its push jobs are still being created
 * (docs/product.md "Request and job statuses").
 */
export const REQUEST_SCHEDULING = 'Scheduling';

/**
 * What a finished request with errors reads (docs/product.md "Request and job statuses":
 * 'Complete with N failure(s)'); the upgrade's item status calls the same outcome
 * 'Complete with failures' without a count.
 */
export function completeWithFailures(failures: number): string {
  return `Complete with ${countNoun(failures, 'failure')}`;
}

/** Statuses of a whole upgrade. */
export const UPGRADE_STATUSES = ['Ready', 'Active', 'Done', 'Canceled', 'Failed'] as const;

/** A whole upgrade's status: Ready (not activated), Active, Done, Canceled, or Failed (scheduling failed). */
export type UpgradeStatus = (typeof UPGRADE_STATUSES)[number];

/** True when the value is an upgrade status. */
export function isUpgradeStatus(value: unknown): value is UpgradeStatus {
  return typeof value === 'string' && (UPGRADE_STATUSES as readonly string[]).includes(value);
}

/** The statuses an upgrade's items roll up to. */
export const UPGRADE_ITEM_STATUSES = [
  'Scheduled',
  'Active',
  'Canceled',
  'Complete',
  'Complete with failures',
  'Invalid',
] as const;

/** The derived "item status" of an upgrade, computed from the statuses of its requests. */
export type UpgradeItemStatus = (typeof UPGRADE_ITEM_STATUSES)[number];

/**
 * Rolls an upgrade's request statuses up into one item status; the first matching rule wins.
 * Read as the upgrade's `item_status` ('Done - Complete' on the Upgrade detail).
 */
export function deriveUpgradeItemStatus(itemStatuses: readonly JobStatus[]): UpgradeItemStatus {
  if (itemStatuses.length === 0) return 'Invalid';
  if (itemStatuses.every((s) => s === 'Created')) return 'Scheduled';
  if (itemStatuses.some((s) => s === 'Canceled')) return 'Canceled';
  if (itemStatuses.some((s) => ACTIVE_STATUSES.has(s))) return 'Active';
  if (itemStatuses.some((s) => s === 'Failed' || s === 'Ineligible'))
    return 'Complete with failures';
  return 'Complete';
}

/** The item status of an upgrade, or null when it has no request to roll up. */
export function upgradeItemStatusOf(itemStatuses: readonly JobStatus[]): UpgradeItemStatus | null {
  return itemStatuses.length === 0 ? null : deriveUpgradeItemStatus(itemStatuses);
}

/**
 * Connection statuses of a connected org: Connected and Unprotected work, Invalid needs a new
 * authorization (the row says why), Missing is an org Salesforce no longer knows.
 */
export const CONNECTED_ORG_STATUSES = ['Connected', 'Unprotected', 'Invalid', 'Missing'] as const;

/** A connected org's connection status. */
export type ConnectedOrgStatus = (typeof CONNECTED_ORG_STATUSES)[number];

/** A transition table: for each status, the statuses it may move to. */
export type TransitionTable<S extends string> = { readonly [From in S]: readonly S[] };

/**
 * Request/job transitions. The monitor only sees snapshots of Salesforce, so Pending may jump
 * straight to a final status. Salesforce cancels only Created or Pending requests; nothing
 * leaves a terminal status (a retry creates new jobs instead).
 */
export const JOB_TRANSITIONS: TransitionTable<JobStatus> = {
  Created: ['Pending', 'Canceled', 'Ineligible'],
  Pending: ['InProgress', 'Succeeded', 'Failed', 'Canceled'],
  InProgress: ['Succeeded', 'Failed'],
  Succeeded: [],
  Failed: [],
  Canceled: [],
  Invalid: [],
  Ineligible: [],
};

/**
 * Upgrade transitions: Ready until activated (or canceled, or failed while scheduling); Done when
 * no job is left to run — a Ready upgrade whose jobs were all ineligible also ends Done.
 */
export const UPGRADE_TRANSITIONS: TransitionTable<UpgradeStatus> = {
  Ready: ['Active', 'Canceled', 'Failed', 'Done'],
  Active: ['Done', 'Canceled'],
  Done: [],
  Canceled: [],
  Failed: [],
};

/** Whether a table allows moving from one status to another (staying put is not a transition). */
export function canTransition<S extends string>(
  table: TransitionTable<S>,
  from: S,
  to: S,
): boolean {
  return table[from].includes(to);
}

/** Whether a request or job may move from one status to another. */
export function canJobTransition(from: JobStatus, to: JobStatus): boolean {
  return canTransition(JOB_TRANSITIONS, from, to);
}

/** Whether an upgrade may move from one status to another. */
export function canUpgradeTransition(from: UpgradeStatus, to: UpgradeStatus): boolean {
  return canTransition(UPGRADE_TRANSITIONS, from, to);
}
