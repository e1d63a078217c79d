import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  progressOfUpgradeCounts,
  MIN_SEGMENT_PERCENT,
  countJobStatuses,
  progressFromCounts,
  progressFromJobs,
  requestProgress,
  requestStatusName,
  statusTone,
  widenSegments,
  type JobStatusCounts,
  type RequestCounters,
} from './progress';
import { JOB_STATUSES } from './statuses';

fc.configureGlobal({
  seed: process.env.FC_SEED === 'random' ? Date.now() : Number(process.env.FC_SEED ?? 4242),
  numRuns: Number(process.env.FC_RUNS ?? 300),
});

describe('progress from job counts', () => {
  it.each<
    [
      string,
      JobStatusCounts,
      { count: number; started: number; completed: number; percentage: number; done: boolean },
    ]
  >([
    ['no jobs is done', {}, { count: 0, started: 0, completed: 0, percentage: 0, done: true }],
    [
      'only ineligible jobs is done',
      { Ineligible: 4 },
      { count: 0, started: 0, completed: 0, percentage: 0, done: true },
    ],
    [
      'all created',
      { Created: 4 },
      { count: 4, started: 0, completed: 0, percentage: 0, done: false },
    ],
    [
      'all pending is half way',
      { Pending: 4 },
      { count: 4, started: 4, completed: 0, percentage: 50, done: false },
    ],
    [
      'half succeeded',
      { Created: 2, Succeeded: 2 },
      { count: 4, started: 2, completed: 2, percentage: 50, done: false },
    ],
    [
      'all finished',
      { Succeeded: 1, Failed: 1, Canceled: 1, Invalid: 1 },
      { count: 4, started: 4, completed: 4, percentage: 100, done: true },
    ],
    [
      'ineligible excluded',
      { Succeeded: 3, Ineligible: 97 },
      { count: 3, started: 3, completed: 3, percentage: 100, done: true },
    ],
    [
      'in progress',
      { InProgress: 1, Succeeded: 1 },
      { count: 2, started: 2, completed: 1, percentage: 75, done: false },
    ],
  ])('%s', (_name, counts, expected) => {
    const progress = progressFromCounts(counts);
    expect(progress).toMatchObject({
      count: expected.count,
      started: expected.started,
      completed: expected.completed,
      done: expected.done,
    });
    expect(progress.percentage).toBeCloseTo(expected.percentage, 10);
  });

  it('counts errors as Failed plus Invalid and active as not yet finished', () => {
    const progress = progressFromCounts({
      Created: 1,
      Pending: 1,
      InProgress: 1,
      Failed: 2,
      Invalid: 1,
      Canceled: 3,
      Succeeded: 4,
    });
    expect(progress.errors).toBe(3);
    expect(progress.canceled).toBe(3);
    expect(progress.succeeded).toBe(4);
    expect(progress.active).toBe(3);
  });

  it('computes from a job list (statuses or rows) the same as from counts', () => {
    const jobs = [
      { status: 'Failed' as const },
      { status: 'Succeeded' as const },
      { status: 'Ineligible' as const },
    ];
    expect(progressFromJobs(jobs)).toEqual(
      progressFromCounts({ Failed: 1, Succeeded: 1, Ineligible: 1 }),
    );
    expect(countJobStatuses(['Created', 'Created', 'Failed'])).toMatchObject({
      Created: 2,
      Failed: 1,
      Pending: 0,
    });
  });

  it('splits the bar into success, canceled (warning) and error segments', () => {
    const { segments, percentage } = progressFromCounts({ Succeeded: 2, Canceled: 1, Failed: 1 });
    expect(percentage).toBe(100);
    expect(segments).toEqual({ success: 50, warning: 25, error: 25 });
  });
});

describe('widening small segments', () => {
  it('widens a tiny segment to 0.5 % and keeps a full bar at 100 %', () => {
    const { segments } = progressFromCounts({ Succeeded: 999, Failed: 1 });
    expect(segments.error).toBe(MIN_SEGMENT_PERCENT);
    expect(segments.success + segments.warning + segments.error).toBeCloseTo(100, 10);
    expect(segments.success).toBeCloseTo(99.5, 10);
  });

  it('takes the extra width from the largest segment', () => {
    expect(widenSegments({ success: 10, warning: 0.1, error: 60 })).toEqual({
      success: 10,
      warning: 0.5,
      error: 59.6,
    });
  });

  it('takes what the largest segment cannot spare from the next one, keeping the total', () => {
    const widened = widenSegments({ success: 0.8, warning: 0.05, error: 0.85 });
    expect(widened.warning).toBe(0.5);
    expect(widened.error).toBeCloseTo(0.5, 12);
    expect(widened.success).toBeCloseTo(0.7, 12);
    expect(widened.success + widened.warning + widened.error).toBeCloseTo(1.7, 12);
  });

  it('keeps the total of the bar that once lost width (counterexample found by fast-check)', () => {
    const counts = {
      Created: 1659,
      Pending: 9,
      InProgress: 9,
      Succeeded: 7,
      Failed: 4,
      Canceled: 1,
      Invalid: 12,
    };
    const { percentage, segments } = progressFromCounts(counts);
    expect(segments.success + segments.warning + segments.error).toBeCloseTo(percentage, 9);
  });

  it('leaves empty segments empty and segments of 0.5 % or more alone', () => {
    expect(widenSegments({ success: 0, warning: 0.5, error: 3 })).toEqual({
      success: 0,
      warning: 0.5,
      error: 3,
    });
  });

  it('lets a bar under 1.5 % grow just enough to show its segments', () => {
    expect(widenSegments({ success: 0.05, warning: 0, error: 0 })).toEqual({
      success: 0.5,
      warning: 0,
      error: 0,
    });
  });

  it('property: segments sum to the percentage (or stay visible on tiny bars) and never exceed 100 %', () => {
    const count = fc.nat({ max: 5000 });
    fc.assert(
      fc.property(
        fc.record(
          Object.fromEntries(JOB_STATUSES.map((s) => [s, count])) as Record<
            (typeof JOB_STATUSES)[number],
            fc.Arbitrary<number>
          >,
        ),
        (counts) => {
          const progress = progressFromCounts(counts);
          const { success, warning, error } = progress.segments;
          const sum = success + warning + error;
          for (const segment of [success, warning, error]) {
            expect(segment).toBeGreaterThanOrEqual(0);
            if (segment > 0) expect(segment).toBeGreaterThanOrEqual(MIN_SEGMENT_PERCENT - 1e-9);
          }
          expect(sum).toBeLessThanOrEqual(100 + 1e-9);
          if (progress.percentage >= 1.5) expect(sum).toBeCloseTo(progress.percentage, 9);
          expect(progress.done).toBe(progress.count === 0 || progress.percentage >= 100 - 1e-9);
        },
      ),
    );
  });
});

const item = (overrides: Partial<RequestCounters>): RequestCounters => ({
  status: 'Created',
  job_count: 10,
  total_job_count: 10,
  eligible_job_count: 10,
  pending_job_count: 0,
  inprogress_job_count: 0,
  succeeded_job_count: 0,
  failed_job_count: 0,
  canceled_job_count: 0,
  invalid_job_count: 0,
  ...overrides,
});

describe('request progress and message', () => {
  it.each<[string, Partial<RequestCounters>, string, string]>([
    ['still creating jobs', { job_count: 5, total_job_count: 10 }, 'Scheduling', 'scheduling'],
    ['no eligible jobs', { eligible_job_count: 0 }, 'Ineligible', 'error'],
    [
      'finished with one failure',
      { status: 'Failed', succeeded_job_count: 9, failed_job_count: 1 },
      'Complete with 1 failure',
      'error',
    ],
    [
      'finished with errors',
      { status: 'Succeeded', succeeded_job_count: 7, failed_job_count: 2, invalid_job_count: 1 },
      'Complete with 3 failures',
      'error',
    ],
    ['running', { status: 'InProgress', inprogress_job_count: 10 }, 'InProgress', 'neutral'],
    ['succeeded', { status: 'Succeeded', succeeded_job_count: 10 }, 'Succeeded', 'success'],
    ['canceled', { status: 'Canceled', canceled_job_count: 10 }, 'Canceled', 'warning'],
    ['created', {}, 'Created', 'neutral'],
    [
      'nothing planned is not scheduling',
      { job_count: 0, total_job_count: 0, eligible_job_count: 0 },
      'Ineligible',
      'error',
    ],
  ])('%s → %s', (_name, overrides, message, tone) => {
    const progress = requestProgress(item(overrides));
    expect(progress.message).toBe(message);
    expect(requestStatusName(item(overrides))).toBe(message);
    expect(progress.tone).toBe(tone);
  });

  it('uses eligible jobs as the count and the rest as created', () => {
    const progress = requestProgress(
      item({ eligible_job_count: 8, pending_job_count: 2, succeeded_job_count: 2 }),
    );
    expect(progress.count).toBe(8);
    expect(progress.started).toBe(4);
    expect(progress.percentage).toBeCloseTo(((4 + 2) / 16) * 100, 10);
    expect(progress.ready).toBe(1);
  });

  it('gives statuses their colour family', () => {
    expect(statusTone('Complete')).toBe('success');
    expect(statusTone('Complete with failures')).toBe('error');
    expect(statusTone('Active')).toBe('neutral');
  });
});

describe('progressOfUpgradeCounts', () => {
  it('reads each *_job_count as its status', () => {
    const counts = {
      created_job_count: 1,
      pending_job_count: 2,
      inprogress_job_count: 3,
      succeeded_job_count: 4,
      failed_job_count: 5,
      canceled_job_count: 6,
      invalid_job_count: 7,
    };
    expect(progressOfUpgradeCounts(counts)).toEqual(
      progressFromCounts({
        Created: 1,
        Pending: 2,
        InProgress: 3,
        Succeeded: 4,
        Failed: 5,
        Canceled: 6,
        Invalid: 7,
      }),
    );
    expect(progressOfUpgradeCounts(counts)).toMatchObject({ count: 28, errors: 12, active: 6 });
  });
});
