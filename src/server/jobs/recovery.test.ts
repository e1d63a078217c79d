// Restart recovery: a job whose process died is failed, never shown running forever, and the
// next job of its group runs; a healthy job is never mistaken for a dead one.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findJob } from '../db/repositories/admin-jobs';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { createJobEngine, type JobEngine, type JobTiming } from './engine';
import { JobStoppedError, PROCESS_STOPPED_MESSAGE } from './job-errors';
import { silentJobLogger } from './job-logger';
import { queueNameOf, startBoss } from './queues';
import { FAST_TIMING, GatedJobs, RecordingLive } from './testing/test-jobs';
import type { JobDefinition, JobFailure } from './types';

let testDb: TestDatabase;
const engines: JobEngine[] = [];
const gated = new GatedJobs();
/** What the definitions' onFailed hooks were told (the sweeper's verdicts run them too). */
const failures: JobFailure[] = [];
const recordFailure = (definition: JobDefinition): JobDefinition => ({
  ...definition,
  onFailed: async (tx, failure) => {
    // In the verdict's transaction: the row already reads Failed there.
    const { rows } = await tx.query<{ status: string }>(
      'SELECT status FROM admin_job WHERE id = $1',
      [failure.jobId],
    );
    if (rows[0]?.status === 'Failed') failures.push(failure);
  },
});
const definitions = [
  recordFailure(gated.definition('monitor-orgs', ['Monitoring'])),
  recordFailure(gated.definition('upload-orgs', ['Uploading'])),
];

beforeAll(async () => {
  testDb = await createTestDatabase();
});
// Each test has the database to itself: no worker of an earlier test may claim its jobs.
beforeEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
});
afterAll(async () => {
  gated.openAll();
  for (const engine of engines) await engine.stop();
  await testDb.drop();
});

async function engine(role: 'web' | 'worker', timing: Partial<JobTiming> = {}) {
  const created = await createJobEngine({
    db: testDb.db,
    live: new RecordingLive(),
    log: silentJobLogger,
    role,
    timing: { ...FAST_TIMING, ...timing },
    definitions,
  });
  engines.push(created);
  return created;
}

const waitFor = <T>(check: () => Promise<T> | T) =>
  vi.waitFor(check, { timeout: 30_000, interval: 100 });
const statusOf = async (id: string) => (await findJob(testDb.db, id))?.status;

describe('restart recovery', () => {
  it('fails a running job whose worker stopped beating, and frees its group for the next', async () => {
    const starter = await engine('web');
    const dead = await starter.start('monitor-orgs', {}, 'alice');
    const next = await starter.start('monitor-orgs', {}, 'bob');
    // What a worker that died leaves behind: pg-boss holds its job as active (so the group's
    // next job cannot start), and the row says Running with a heartbeat minutes old.
    const deadBoss = await startBoss(testDb.db, { supervise: false, onError: () => {} });
    const claimed = await deadBoss.fetch(queueNameOf('monitor-orgs'));
    expect(claimed.map((job) => job.id)).toEqual([dead]);
    await deadBoss.stop({ graceful: false, close: false, wait: true });
    await testDb.db.query(
      `UPDATE admin_job SET status = 'Running', worker_id = 'dead-worker', step_index = 1,
         start_time = now() - interval '10 minutes', heartbeat_at = now() - interval '5 minutes'
       WHERE id = $1`,
      [dead],
    );

    const recovering = await engine('worker', { staleAfterMs: 60_000 });
    await recovering.startWorker();
    await waitFor(async () => expect(await statusOf(dead)).toBe('Failed'));
    const row = await findJob(testDb.db, dead);
    expect(row?.message).toBe(PROCESS_STOPPED_MESSAGE);
    expect(row?.errors.map((error) => error.message)).toContain(PROCESS_STOPPED_MESSAGE);
    expect(failures.filter((f) => f.jobId === dead)).toEqual([
      { jobId: dead, message: PROCESS_STOPPED_MESSAGE, startedBy: 'alice' },
    ]);
    await waitFor(() => expect(gated.started(next)).toBe(true));
    gated.gate(next, 'Monitoring').open();
    await waitFor(async () => expect(await statusOf(next)).toBe('Complete'));
    expect((await recovering.snapshot()).jobs).toEqual([]);
  });

  it('never fails a healthy job, however long it runs', async () => {
    const worker = await engine('worker', { staleAfterMs: 3000 });
    await worker.startWorker();
    const sweeper = await engine('web', { staleAfterMs: 3000 });
    const id = await worker.start('upload-orgs', {}, 'alice');
    await waitFor(() => expect(gated.started(id)).toBe(true));
    // Longer than the stale limit, sweeping from a process that does not run the job.
    for (let round = 0; round < 4; round++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await sweeper.sweep();
      expect(await statusOf(id)).toBe('Running');
    }
    gated.gate(id, 'Uploading').open();
    await waitFor(async () => expect(await statusOf(id)).toBe('Complete'));
  });

  it('a worker that lost its job to another process stops and writes nothing more', async () => {
    const worker = await engine('worker');
    await worker.startWorker();
    const id = await worker.start('upload-orgs', {}, 'alice');
    await waitFor(() => expect(gated.started(id)).toBe(true));
    await testDb.db.query(
      `UPDATE admin_job SET status = 'Failed', message = 'Taken over' WHERE id = $1`,
      [id],
    );
    const step = gated.calls.find((call) => call.jobId === id);
    await waitFor(() => expect(step?.context.signal.reason).toBeInstanceOf(JobStoppedError));
    gated.gate(id, 'Uploading').open();
    // The group's next job runs only once the lost run has ended.
    const after = await worker.start('upload-orgs', {}, 'bob');
    await waitFor(() => expect(gated.started(after)).toBe(true));
    gated.gate(after, 'Uploading').open();
    await waitFor(async () => expect(await statusOf(after)).toBe('Complete'));
    expect(await findJob(testDb.db, id)).toMatchObject({ status: 'Failed', message: 'Taken over' });
  });

  it('fails a queued job claimed by a worker that died before starting it, or lost by the queue', async () => {
    const starter = await engine('web');
    const claimedThenDied = await starter.start('monitor-orgs', {}, 'alice');
    const next = await starter.start('monitor-orgs', {}, 'bob');
    const lost = await starter.start('upload-orgs', {}, 'carol');
    const deadBoss = await startBoss(testDb.db, { supervise: false, onError: () => {} });
    const claimed = await deadBoss.fetch(queueNameOf('monitor-orgs'));
    expect(claimed.map((job) => job.id)).toEqual([claimedThenDied]);
    await deadBoss.deleteJob(queueNameOf('upload-orgs'), lost);
    await deadBoss.stop({ graceful: false, close: false, wait: true });
    // Minutes ago, as far as the sweeper can tell.
    await testDb.db.query(
      `UPDATE pgboss.job SET started_on = now() - interval '10 minutes' WHERE id = $1`,
      [claimedThenDied],
    );
    await testDb.db.query(
      `UPDATE admin_job SET created_at = now() - interval '10 minutes' WHERE id = ANY($1::text[])`,
      [[claimedThenDied, lost]],
    );

    const recovering = await engine('worker', { staleAfterMs: 60_000 });
    await recovering.startWorker();
    await waitFor(async () => expect(await statusOf(claimedThenDied)).toBe('Failed'));
    expect((await findJob(testDb.db, claimedThenDied))?.message).toBe(PROCESS_STOPPED_MESSAGE);
    expect((await findJob(testDb.db, lost))?.message).toBe(
      'The job queue lost this job before it could run.',
    );
    expect(failures.filter((f) => [claimedThenDied, lost].includes(f.jobId))).toEqual(
      expect.arrayContaining([
        { jobId: claimedThenDied, message: PROCESS_STOPPED_MESSAGE, startedBy: 'alice' },
        {
          jobId: lost,
          message: 'The job queue lost this job before it could run.',
          startedBy: 'carol',
        },
      ]),
    );
    await waitFor(() => expect(gated.started(next)).toBe(true));
    gated.gate(next, 'Monitoring').open();
    await waitFor(async () => expect(await statusOf(next)).toBe('Complete'));
  });

  it('a stopping server fails its running job, even one that ignores the signal', async () => {
    const stopping = await engine('worker', { shutdownGraceMs: 300 });
    await stopping.startWorker();
    const id = await stopping.start('upload-orgs', {}, 'alice');
    const queued = await stopping.start('upload-orgs', {}, 'bob');
    await waitFor(() => expect(gated.started(id)).toBe(true));
    await stopping.stop();
    expect(await findJob(testDb.db, id)).toMatchObject({
      status: 'Failed',
      message: 'The server stopped while this job was running.',
    });
    // The queue entry ended with the row: the next process runs the group's next job at once.
    expect(await statusOf(queued)).toBe('Queued');
    const next = await engine('worker');
    await next.startWorker();
    await waitFor(() => expect(gated.started(queued)).toBe(true));
    gated.gate(queued, 'Uploading').open();
    await waitFor(async () => expect(await statusOf(queued)).toBe('Complete'));
    gated.gate(id, 'Uploading').open();
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a worker process killed with SIGKILL mid-job: its job is failed, the next one runs',
    async () => {
      const starter = await engine('web');
      const first = await starter.start('monitor-orgs', {}, 'alice');
      const script = fileURLToPath(new URL('./testing/worker-process.ts', import.meta.url));
      const child = spawn(process.execPath, ['--import', 'tsx', script], {
        env: { ...process.env, DATABASE_URL: testDb.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await waitFor(async () => {
          const row = await findJob(testDb.db, first);
          expect(row, output).toMatchObject({ status: 'Running', message: 'Half way' });
        });
        const second = await starter.start('monitor-orgs', {}, 'bob');
        const exited = once(child, 'exit');
        expect(child.kill('SIGKILL')).toBe(true);
        await exited;
        expect(await statusOf(first)).toBe('Running');

        const recovering = await engine('worker', { staleAfterMs: 1500 });
        await recovering.startWorker();
        await waitFor(async () => expect(await statusOf(first)).toBe('Failed'));
        expect((await findJob(testDb.db, first))?.message).toBe(PROCESS_STOPPED_MESSAGE);
        await waitFor(() => expect(gated.started(second)).toBe(true));
        gated.gate(second, 'Monitoring').open();
        await waitFor(async () => expect(await statusOf(second)).toBe('Complete'));
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    },
  );
});
