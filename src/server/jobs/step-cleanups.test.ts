// JobStep.cleanup through the real engine: a started step's cleanup runs once the job's steps are
// over, however they ended (done, failed, canceled between steps or within one), last started
// first, before the verdict; a step that never started has none run; a failing cleanup fails a job
// that had completed and is listed among the errors of one canceled.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findJob, type AdminJobRow } from '../db/repositories/admin-jobs';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import type { JobEngine } from './engine';
import { startTestEngine } from './testing/test-jobs';
import type { JobContext, JobDefinition, JobStep, JobType } from './types';

let testDb: TestDatabase;
let engine: JobEngine;
/** What each job did, in order: 'run A', 'cleanup A', and the status its row had at cleanup. */
const calls = new Map<string, string[]>();
const record = (context: JobContext, what: string) => {
  const list = calls.get(context.jobId) ?? [];
  list.push(what);
  calls.set(context.jobId, list);
};

function step(
  name: string,
  run: (context: JobContext) => Promise<void> = async () => {},
  cleanup: 'none' | 'ok' | 'throws' = 'ok',
): JobStep<Record<string, unknown>> {
  return {
    name,
    run: async (context) => {
      record(context, `run ${name}`);
      await run(context);
    },
    ...(cleanup === 'none'
      ? {}
      : {
          cleanup: async (context) => {
            const row = await findJob(testDb.db, context.jobId);
            record(context, `cleanup ${name} (${row?.status}, aborted ${context.signal.aborted})`);
            if (cleanup === 'throws') throw new Error(`cleanup ${name} failed`);
          },
        }),
  };
}

const cancelSelf = async (context: JobContext) => {
  await engine.cancel([context.jobId], 'alice');
};

/** Each case is a job type of its own, so the engine runs them side by side. */
const cases: {
  title: string;
  type: JobType;
  steps: () => JobStep<Record<string, unknown>>[];
  calls: string[];
  row: Partial<AdminJobRow>;
}[] = [
  {
    title: 'run after every step of a job that completes, last first, before the verdict',
    type: 'monitor-orgs',
    steps: () => [step('A'), step('B', undefined, 'none'), step('C')],
    calls: [
      'run A',
      'run B',
      'run C',
      'cleanup C (Running, aborted false)',
      'cleanup A (Running, aborted false)',
    ],
    row: { status: 'Complete' },
  },
  {
    // Canceled by its first step, so seen between A and B.
    title: 'run for the steps started before a cancel between steps, none for the others',
    type: 'upload-orgs',
    steps: () => [step('A', cancelSelf), step('B'), step('C')],
    calls: ['run A', 'cleanup A (Running, aborted true)'],
    row: { status: 'Cancelled' },
  },
  {
    title: 'run for the step a cancel stopped within, and those before it',
    type: 'import-orgs',
    steps: () => [
      step('A'),
      step('B', async (context) => {
        await cancelSelf(context);
        await vi.waitFor(() => expect(context.signal.aborted).toBe(true), { timeout: 10_000 });
        context.throwIfCanceled();
      }),
      step('C'),
    ],
    calls: [
      'run A',
      'run B',
      'cleanup B (Running, aborted true)',
      'cleanup A (Running, aborted true)',
    ],
    row: { status: 'Cancelled' },
  },
  {
    title: 'run after a step fails, and the job fails with that step',
    type: 'refresh-org-versions',
    steps: () => [step('A'), step('B', () => Promise.reject(new Error('B broke'))), step('C')],
    calls: [
      'run A',
      'run B',
      'cleanup B (Running, aborted false)',
      'cleanup A (Running, aborted false)',
    ],
    row: { status: 'Failed', message: 'Failed B: B broke' },
  },
  {
    title: 'that fails, fails a job whose steps all completed',
    type: 'fetch-upgrades',
    steps: () => [step('A', undefined, 'throws'), step('B')],
    calls: [
      'run A',
      'run B',
      'cleanup B (Running, aborted false)',
      'cleanup A (Running, aborted false)',
    ],
    row: { status: 'Failed', message: 'Failed A: cleanup A failed' },
  },
  {
    title: 'that fails after a cancel, is listed among the errors and the job stays canceled',
    type: 'refresh-upgrade',
    steps: () => [step('A', undefined, 'throws'), step('B', cancelSelf), step('C')],
    calls: [
      'run A',
      'run B',
      'cleanup B (Running, aborted true)',
      'cleanup A (Running, aborted true)',
    ],
    row: {
      status: 'Cancelled',
      errors: [expect.objectContaining({ message: 'cleanup A failed' })],
    },
  },
];

beforeAll(async () => {
  testDb = await createTestDatabase();
  engine = await startTestEngine(
    testDb.db,
    cases.map(({ type, steps }) => ({ type, name: () => type, steps }) satisfies JobDefinition),
  );
});
afterAll(async () => {
  await engine?.stop();
  await testDb?.drop();
});

describe('the cleanups of started steps', () => {
  it.each(cases)('$title', async ({ type, calls: expected, row }) => {
    const id = await engine.start(type, {}, 'alice');
    await vi.waitFor(
      async () =>
        expect(['Complete', 'Failed', 'Cancelled']).toContain(
          (await findJob(testDb.db, id))?.status,
        ),
      { timeout: 20_000, interval: 50 },
    );
    expect(calls.get(id)).toEqual(expected);
    expect(await findJob(testDb.db, id)).toMatchObject(row);
  });
});
