// Answers of the admin API as the server sends them, for this feature's tests.
import type { z } from 'zod';
import type { adminJobSchema, adminJobsSchema } from '../../../../domain';

export type JobAnswer = z.input<typeof adminJobSchema>;
export type JobsAnswer = z.input<typeof adminJobsSchema>;

export const JOB_START = '2025-03-01T10:00:00.000Z';

/** Seconds after JOB_START, as the ISO timestamp the API uses. */
export function secondsAfterStart(seconds: number): string {
  return new Date(Date.parse(JOB_START) + seconds * 1000).toISOString();
}

/** A Fetch job running step 3 of 10 for 100 s, started by Ada. */
export function makeJob(overrides: Partial<JobAnswer> = {}): JobAnswer {
  return {
    id: 'job-1',
    type: 'fetch',
    name: 'Fetch Data',
    status: 'Running',
    message: 'Fetching licenses',
    stepIndex: 3,
    stepCount: 10,
    startTime: JOB_START,
    modifiedDate: secondsAfterStart(100),
    canceled: false,
    errors: [],
    results: [],
    interval: null,
    startedBy: 'ada@example.com',
    ...overrides,
  };
}

export function makeJobs(overrides: Partial<JobsAnswer> = {}): JobsAnswer {
  return { jobs: [], queue: [], history: { latest: [], all: [] }, ...overrides };
}

export function makeUser(overrides: { read_only?: boolean; enable_sumo?: boolean } = {}) {
  return {
    display_name: 'Ada Operator',
    username: 'ada@example.com',
    read_only: false,
    enforce_activation_policy: true,
    enable_sumo: false,
    auth_method: 'salesforce',
    ...overrides,
  };
}
