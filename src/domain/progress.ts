// Progress of upgrades and requests (docs/product.md "Progress", "Request and job statuses" and
// "Constants and limits").
import { completeWithFailures, isJobStatus, REQUEST_SCHEDULING, type JobStatus } from './statuses';

/** How many jobs are in each status. Missing counts are 0. */
export interface JobStatusCounts {
  readonly Created?: number;
  readonly Pending?: number;
  readonly InProgress?: number;
  readonly Succeeded?: number;
  readonly Failed?: number;
  readonly Canceled?: number;
  readonly Invalid?: number;
  readonly Ineligible?: number;
}

/** The three progress-bar segments in percent of the whole bar. */
export interface ProgressSegments {
  readonly success: number;
  readonly warning: number;
  readonly error: number;
}

/** Progress of a set of jobs. Ineligible jobs are left out of every count. */
export interface Progress {
  /** Jobs that count (all but Ineligible). */
  readonly count: number;
  /** Jobs past Created. */
  readonly started: number;
  /** Jobs that Succeeded, Failed, were Canceled or are Invalid. */
  readonly completed: number;
  readonly succeeded: number;
  readonly canceled: number;
  /** Failed plus Invalid. */
  readonly errors: number;
  /** Jobs still Created, Pending or InProgress. */
  readonly active: number;
  /** Average of the started and completed shares, 0–100. */
  readonly percentage: number;
  /** True at 100 % or when no job counts. */
  readonly done: boolean;
  readonly segments: ProgressSegments;
}

/** The smallest width a non-empty progress-bar segment is drawn with, in percent. */
export const MIN_SEGMENT_PERCENT = 0.5;

/** Counts jobs by status (accepts statuses or objects with a status). */
export function countJobStatuses(
  jobs: Iterable<JobStatus | { readonly status: JobStatus }>,
): JobStatusCounts {
  const counts: Record<JobStatus, number> = {
    Created: 0,
    Pending: 0,
    InProgress: 0,
    Succeeded: 0,
    Failed: 0,
    Canceled: 0,
    Invalid: 0,
    Ineligible: 0,
  };
  for (const job of jobs) counts[typeof job === 'string' ? job : job.status] += 1;
  return counts;
}

/** Progress from per-status counts. */
export function progressFromCounts(counts: JobStatusCounts): Progress {
  const n = (value: number | undefined): number => Math.max(0, value ?? 0);
  const pending = n(counts.Pending);
  const inProgress = n(counts.InProgress);
  const succeeded = n(counts.Succeeded);
  const failed = n(counts.Failed);
  const canceled = n(counts.Canceled);
  const invalid = n(counts.Invalid);
  const created = n(counts.Created);
  const completed = succeeded + failed + canceled + invalid;
  const started = pending + inProgress + completed;
  const count = created + started;
  const errors = failed + invalid;
  const percentage = count === 0 ? 0 : ((started + completed) / (2 * count)) * 100;
  const warning = count === 0 ? 0 : (canceled / count) * 100;
  const error = count === 0 ? 0 : (errors / count) * 100;
  return {
    count,
    started,
    completed,
    succeeded,
    canceled,
    errors,
    active: created + pending + inProgress,
    percentage,
    done: count === 0 || completed === count,
    segments: widenSegments({ success: Math.max(0, percentage - warning - error), warning, error }),
  };
}

/** An upgrade's job counts per status as the API sends them (UpgradeDetail, the home page). */
export interface UpgradeJobCounts {
  readonly created_job_count: number;
  readonly pending_job_count: number;
  readonly inprogress_job_count: number;
  readonly succeeded_job_count: number;
  readonly failed_job_count: number;
  readonly canceled_job_count: number;
  readonly invalid_job_count: number;
}

/** Progress of an upgrade from its job counts. */
export function progressOfUpgradeCounts(counts: UpgradeJobCounts): Progress {
  return progressFromCounts({
    Created: counts.created_job_count,
    Pending: counts.pending_job_count,
    InProgress: counts.inprogress_job_count,
    Succeeded: counts.succeeded_job_count,
    Failed: counts.failed_job_count,
    Canceled: counts.canceled_job_count,
    Invalid: counts.invalid_job_count,
  });
}

/** Progress of a list of jobs. */
export function progressFromJobs(
  jobs: Iterable<JobStatus | { readonly status: JobStatus }>,
): Progress {
  return progressFromCounts(countJobStatuses(jobs));
}

/**
 * Widens every non-empty segment under 0.5 % to 0.5 % so it stays visible, taking the extra
 * width from the other segments, largest first, none going under 0.5 %, so the bar's total does
 * not change (a full bar stays 100 %). Only a bar under 1.5 % can grow (to at most 1.5 %), when
 * the other segments have no width to spare.
 */
export function widenSegments(raw: ProgressSegments): ProgressSegments {
  const keys = ['success', 'warning', 'error'] as const;
  const widened = { ...raw };
  let extra = 0;
  for (const key of keys) {
    if (raw[key] > 0 && raw[key] < MIN_SEGMENT_PERCENT) {
      extra += MIN_SEGMENT_PERCENT - raw[key];
      widened[key] = MIN_SEGMENT_PERCENT;
    }
  }
  const donors = keys.filter((key) => raw[key] > MIN_SEGMENT_PERCENT);
  donors.sort((a, b) => raw[b] - raw[a]);
  for (const key of donors) {
    if (extra <= 0) break;
    const given = Math.min(extra, raw[key] - MIN_SEGMENT_PERCENT);
    widened[key] = raw[key] - given;
    extra -= given;
  }
  return widened;
}

/** A request (upgrade item) with the job counters the server computes for it. */
export interface RequestCounters {
  readonly status: JobStatus;
  /** Job rows created so far (any status). */
  readonly job_count: number;
  /** Job rows planned when the request was scheduled. */
  readonly total_job_count: number;
  /** Job rows that are not Ineligible. */
  readonly eligible_job_count: number;
  readonly pending_job_count: number;
  readonly inprogress_job_count: number;
  readonly succeeded_job_count: number;
  readonly failed_job_count: number;
  readonly canceled_job_count: number;
  readonly invalid_job_count: number;
}

/** Colour families of statuses: success green, warning yellow, error red, scheduling purple. */
export type StatusTone = 'success' | 'warning' | 'error' | 'scheduling' | 'neutral';

/** Progress of a request plus the message its status column shows. */
export interface RequestProgress extends Progress {
  /** Share of the planned jobs created so far, 0–1 (1 when nothing was planned). */
  readonly ready: number;
  /** 'Scheduling', 'Ineligible', 'Complete with N failure(s)' or the status itself. */
  readonly message: string;
  readonly tone: StatusTone;
}

/** Progress of a request from its counters, with the message and tone its status shows. */
export function requestProgress(item: RequestCounters): RequestProgress {
  const eligible = Math.max(0, item.eligible_job_count);
  const started =
    item.pending_job_count +
    item.inprogress_job_count +
    item.succeeded_job_count +
    item.failed_job_count +
    item.canceled_job_count +
    item.invalid_job_count;
  const progress = progressFromCounts({
    Created: Math.max(0, eligible - started),
    Pending: item.pending_job_count,
    InProgress: item.inprogress_job_count,
    Succeeded: item.succeeded_job_count,
    Failed: item.failed_job_count,
    Canceled: item.canceled_job_count,
    Invalid: item.invalid_job_count,
  });
  const ready = item.total_job_count > 0 ? item.job_count / item.total_job_count : 1;
  const message = requestMessage(item.status, ready, progress);
  return { ...progress, ready, message, tone: toneOf(item.status, message) };
}

function requestMessage(status: JobStatus, ready: number, progress: Progress): string {
  if (ready < 1) return REQUEST_SCHEDULING;
  if (progress.count === 0) return 'Ineligible';
  if (progress.done && progress.errors > 0) return completeWithFailures(progress.errors);
  return status;
}

/**
 * The status name a request's Status column shows and its filter matches: 'Scheduling',
 * 'Ineligible', 'Complete with N failure(s)' or the status itself.
 */
export function requestStatusName(item: RequestCounters): string {
  return requestProgress(item).message;
}

/** A request row as read (any status text) with its `status_name`; an unknown status reads as Created. */
export function withRequestStatusName<
  T extends Omit<RequestCounters, 'status'> & { status: string },
>(row: T): T & { status_name: string } {
  const status = isJobStatus(row.status) ? row.status : 'Created';
  return { ...row, status_name: requestStatusName({ ...row, status }) };
}

function toneOf(status: JobStatus, message: string): StatusTone {
  if (message === REQUEST_SCHEDULING) return 'scheduling';
  if (message === 'Ineligible' || message.startsWith('Complete with')) return 'error';
  return statusTone(status);
}

/** The colour family of a request, job or upgrade status. */
export function statusTone(status: string): StatusTone {
  switch (status) {
    case 'Succeeded':
    case 'Complete':
    case 'Done':
      return 'success';
    case 'Canceled':
      return 'warning';
    case 'Failed':
    case 'Invalid':
    case 'Ineligible':
    case 'Complete with failures':
      return 'error';
    case 'Scheduling':
      return 'scheduling';
    default:
      return 'neutral';
  }
}
