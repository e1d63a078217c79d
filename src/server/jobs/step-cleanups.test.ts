// JobStep.cleanup through the real engine: a started step's cleanup runs once the job's steps are
// over, however they ended (done, failed, canceled between steps or within one), last started
// first, before the verdict; a step that never started has none run; a failing cleanup fails a job
// that had completed and is listed among the errors of one canceled.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findJob } from '../db/repositories/admin-jobs';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { createJobEngine, type JobEngine } from './engine';
import { silentJobLogger } from './job-logger';
import { FAST_TIMING, RecordingLive } from './testing/test-jobs';
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

const definition = (type: JobType, steps: () => JobStep<Record<string, unknown>>[]) =>
  ({ type, name: () => type, steps }) satisfies JobDefinition;

const cancelSelf = async (context: JobContext) => {
  await engine.cancel([context.jobId], 'alice');
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  engine = await createJobEngine({
    db: testDb.db,
    live: new RecordingLive(),
    log: silentJobLogger,
    role: 'all',
    timing: FAST_TIMING,
    definitions: [
      definition('monitor-orgs', () => [step('A'), step('B', undefined, 'none'), step('C')]),
      // Canceled by its first step, so seen between A and B; B never starts.
      definition('upload-orgs', () => [step('A', cancelSelf), step('B'), step('C')]),
      // Canceled within B, which sees the signal at its next check.
      definition('import-orgs', () => [
        step('A'),
        step('B', async (context) => {
          await cancelSelf(context);
          await vi.waitFor(() => expect(context.signal.aborted).toBe(true), { timeout: 10_000 });
          context.throwIfCanceled();
        }),
        step('C'),
      ]),
      definition('refresh-org-versions', () => [
        step('A'),
        step('B', () => Promise.reject(new Error('B broke'))),
        step('C'),
      ]),
      definition('fetch-upgrades', () => [step('A', undefined, 'throws'), step('B')]),
      definition('refresh-upgrade', () => [
        step('A', undefined, 'throws'),
        step('B', cancelSelf),
        step('C'),
      ]),
    ],
  });
  await engine.startWorker();
});
afterAll(async () => {
  await engine?.stop();
  await testDb?.drop();
});

async function ended(type: JobType) {
  const id = await engine.start(type, {}, 'alice');
  await vi.waitFor(
    async () =>
      expect(['Complete', 'Failed', 'Cancelled']).toContain((await findJob(testDb.db, id))?.status),
    { timeout: 20_000, interval: 50 },
  );
  return { row: (await findJob(testDb.db, id))!, calls: calls.get(id) ?? [] };
}

describe('the cleanups of started steps', () => {
  it('run after every step of a job that completes, last first, before the verdict', async () => {
    const { row, calls } = await ended('monitor-orgs');
    expect(calls).toEqual([
      'run A',
      'run B',
      'run C',
      'cleanup C (Running, aborted false)',
      'cleanup A (Running, aborted false)',
    ]);
    expect(row.status).toBe('Complete');
  });

  it('run for the steps started before a cancel between steps, none for the others', async () => {
    const { row, calls } = await ended('upload-orgs');
    expect(calls).toEqual(['run A', 'cleanup A (Running, aborted true)']);
    expect(row.status).toBe('Cancelled');
  });

  it('run for the step a cancel stopped within, and those before it', async () => {
    const { row, calls } = await ended('import-orgs');
    expect(calls).toEqual([
      'run A',
      'run B',
      'cleanup B (Running, aborted true)',
      'cleanup A (Running, aborted true)',
    ]);
    expect(row.status).toBe('Cancelled');
  });

  it('run after a step fails, and the job fails with that step', async () => {
    const { row, calls } = await ended('refresh-org-versions');
    expect(calls).toEqual([
      'run A',
      'run B',
      'cleanup B (Running, aborted false)',
      'cleanup A (Running, aborted false)',
    ]);
    expect(row).toMatchObject({ status: 'Failed', message: 'Failed B: B broke' });
  });

  it('that fails, fails a job whose steps all completed', async () => {
    const { row } = await ended('fetch-upgrades');
    expect(row).toMatchObject({ status: 'Failed', message: 'Failed A: cleanup A failed' });
  });

  it('that fails after a cancel, is listed among the errors and the job stays canceled', async () => {
    const { row, calls } = await ended('refresh-upgrade');
    expect(calls).toEqual([
      'run A',
      'run B',
      'cleanup B (Running, aborted true)',
      'cleanup A (Running, aborted true)',
    ]);
    expect(row.status).toBe('Cancelled');
    expect(row.errors.map((error) => error.message)).toEqual(['cleanup A failed']);
  });
});
