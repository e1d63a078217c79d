import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findJob } from '../db/repositories/admin-jobs';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { createJobEngine, type JobEngine } from './engine';
import { createJobLogger, silentJobLogger } from './job-logger';
import { jobLiveCommands } from './live-commands';
import { FAST_TIMING, GatedJobs, RecordingLive } from './testing/test-jobs';
import type { JobContext, JobDefinition } from './types';

let testDb: TestDatabase;
let engine: JobEngine;
const live = new RecordingLive();
const gated = new GatedJobs();

/** A job that walks "pages" until canceled, checking between pages like a Salesforce loop. */
const pagesSeen: number[] = [];
let pageContext: JobContext | undefined;
const pageGates = new Map<number, () => void>();
const pagingJob: JobDefinition = {
  type: 'refresh-group-versions',
  name: () => 'Paging job',
  steps: () => [
    {
      name: 'Fetching pages',
      run: async (context) => {
        pageContext = context;
        for (let page = 1; ; page++) {
          context.throwIfCanceled();
          pagesSeen.push(page);
          await new Promise<void>((resolve) => pageGates.set(page, resolve));
        }
      },
    },
    { name: 'After pages', run: async () => void pagesSeen.push(-1) },
  ],
};

/** A job that reports progress, results and a non-fatal error, then fails or finishes. */
const reporting = { release: () => {}, fail: false };
const reportingJob: JobDefinition = {
  type: 'upload-orgs',
  name: () => 'Reporting job',
  steps: () => [
    {
      name: 'Reporting',
      run: async (context) => {
        context.progress('Loaded 3 of 5 orgs');
        context.result('Fetched 5 licenses', ['org 1', 'org 2']);
        context.error(new Error('One org was skipped'));
        await new Promise<void>((resolve) => (reporting.release = resolve));
        if (reporting.fail) {
          throw new Error('Upload refused: Authorization: Bearer 00D000000000001!AQ8secret');
        }
      },
    },
  ],
};

/** A scheduled job that has nothing to do while `idle.now` is true. */
const idle = { now: true, asked: 0 };
const idleJob: JobDefinition = {
  ...gated.definition('fetch-upgrades', ['Monitoring']),
  idle: async () => {
    idle.asked++;
    return idle.now;
  },
};

/** What the engine wrote to the server log. */
const logLines: string[] = [];

const waitFor = <T>(check: () => Promise<T> | T) =>
  vi.waitFor(check, { timeout: 20_000, interval: 50 });
const statusOf = async (id: string) => (await findJob(testDb.db, id))?.status;

beforeAll(async () => {
  testDb = await createTestDatabase();
  engine = await createJobEngine({
    db: testDb.db,
    live,
    log: createJobLogger('error', (line) => void logLines.push(line)),
    role: 'all',
    timing: FAST_TIMING,
    definitions: [
      gated.definition('fetch', ['Fetching licenses'], 'Fetch latest data'),
      gated.definition('fetch-all', ['Fetching licenses'], 'Fetch all data'),
      gated.definition('refresh-org-versions', ['Fetching versions']),
      gated.definition('monitor-orgs', ['First step', 'Second step']),
      pagingJob,
      reportingJob,
      idleJob,
    ],
  });
  await engine.startWorker();
});

afterAll(async () => {
  gated.openAll();
  await engine.stop();
  await testDb.drop();
});

describe('job engine', () => {
  it('runs one job per group at a time, the rest in arrival order; other groups run beside', async () => {
    const a = await engine.start('fetch', {}, 'alice');
    await waitFor(() => expect(gated.started(a)).toBe(true));
    const b = await engine.start('fetch-all', {}, 'bob');
    const c = await engine.start('fetch', {}, 'carol');
    const d = await engine.start('refresh-org-versions', { orgId: '00D000000000001AAA' }, 'dan');

    // A different group is not held up by the running fetch.
    await waitFor(() => expect(gated.started(d)).toBe(true));
    const snapshot = await engine.snapshot();
    expect(snapshot.jobs.map((job) => job.id).sort()).toEqual([a, d].sort());
    expect(snapshot.queue.map((job) => job.id)).toEqual([b, c]);
    expect(snapshot.queue[0]).toMatchObject({ name: 'Fetch all data', status: 'Queued' });
    expect(gated.started(b)).toBe(false);

    gated.gate(a, 'Fetching licenses').open();
    await waitFor(() => expect(gated.started(b)).toBe(true));
    expect(gated.started(c)).toBe(false);
    expect(await statusOf(c)).toBe('Queued');

    gated.gate(b, 'Fetching licenses').open();
    await waitFor(() => expect(gated.started(c)).toBe(true));
    gated.gate(c, 'Fetching licenses').open();
    gated.gate(d, 'Fetching versions').open();
    await waitFor(async () => expect(await statusOf(c)).toBe('Complete'));

    const syncOrder = gated.calls.map((call) => call.jobId).filter((id) => [a, b, c].includes(id));
    expect(syncOrder).toEqual([a, b, c]);
    const done = await engine.snapshot();
    const finished = done.history.all.find((job) => job.id === a);
    expect(finished).toMatchObject({ status: 'Complete', stepIndex: 1, stepCount: 1 });
    expect(finished?.startedBy).toBe('alice');
    expect(finished?.interval).toBeNull();
    expect(done.history.latest.map((job) => job.type).sort()).toEqual(
      ['fetch', 'fetch-all', 'refresh-org-versions'].sort(),
    );
    expect(done.history.latest.find((job) => job.type === 'fetch')?.id).toBe(c);
  });

  it('a cancel of a running job stops it before its next step', async () => {
    const id = await engine.start('monitor-orgs', {}, 'alice');
    await waitFor(() => expect(gated.started(id, 'First step')).toBe(true));
    await engine.cancel([id], 'alice');
    expect(live.saw('jobs', id)).toBe(true);
    // The step returns at once: the runner must still see the flag before the second step.
    gated.gate(id, 'First step').open();
    await waitFor(async () => expect(await statusOf(id)).toBe('Cancelled'));
    expect(gated.started(id, 'Second step')).toBe(false);
    const row = await findJob(testDb.db, id);
    expect(row).toMatchObject({ canceled: true, step_index: 1, message: 'Cancelled' });
    await expect(engine.cancel([id], 'alice')).rejects.toMatchObject({ statusCode: 409 });
  });

  it('a cancel stops a step at its next page check', async () => {
    const id = await engine.start('refresh-group-versions', { groupId: 3 }, 'alice');
    await waitFor(() => expect(pageGates.has(1)).toBe(true));
    pageGates.get(1)?.();
    await waitFor(() => expect(pageGates.has(2)).toBe(true));
    await engine.cancel([id], 'alice');
    // The running step learns of the cancel through its signal, then checks before its next page.
    await waitFor(() => expect(pageContext?.signal.aborted).toBe(true));
    pageGates.get(2)?.();
    await waitFor(async () => expect(await statusOf(id)).toBe('Cancelled'));
    expect(pagesSeen).toEqual([1, 2]);
  });

  it('a cancel of a queued job takes it out of the queue; it never runs', async () => {
    const running = await engine.start('fetch', {}, 'alice');
    await waitFor(() => expect(gated.started(running)).toBe(true));
    const queued = await engine.start('fetch', {}, 'bob');
    const after = await engine.start('fetch', {}, 'carol');
    await engine.cancel([queued], 'alice');
    expect(await statusOf(queued)).toBe('Cancelled');
    expect(live.saw('job-queue', queued)).toBe(true);
    expect((await engine.snapshot()).queue.map((job) => job.id)).toEqual([after]);

    gated.gate(running, 'Fetching licenses').open();
    await waitFor(() => expect(gated.started(after)).toBe(true));
    gated.gate(after, 'Fetching licenses').open();
    await waitFor(async () => expect(await statusOf(after)).toBe('Complete'));
    expect(gated.started(queued)).toBe(false);
    expect(await statusOf(queued)).toBe('Cancelled');
  });

  it('refuses to cancel a job at its last step, a finished job or an unknown one', async () => {
    const id = await engine.start('fetch', {}, 'alice');
    await waitFor(() => expect(gated.started(id)).toBe(true));
    const lastStep = engine.cancel([id], 'alice');
    await expect(lastStep).rejects.toMatchObject({ statusCode: 409 });
    await expect(lastStep).rejects.toThrow(/last step/);
    // Nothing is half-applied when one of several ids is refused.
    const queued = await engine.start('fetch', {}, 'bob');
    await expect(engine.cancel([queued, id], 'alice')).rejects.toMatchObject({ statusCode: 409 });
    expect(await statusOf(queued)).toBe('Queued');
    await expect(engine.cancel(['no-such-job'], 'alice')).rejects.toMatchObject({
      statusCode: 404,
    });
    gated.gate(id, 'Fetching licenses').open();
    gated.gate(queued, 'Fetching licenses').open();
    await waitFor(async () => expect(await statusOf(queued)).toBe('Complete'));
    await expect(engine.cancel([id], 'alice')).rejects.toThrow(/already finished/);
  });

  it('persists and publishes progress, results and errors; a throwing step fails the job', async () => {
    const ok = await engine.start('upload-orgs', {}, 'alice');
    await waitFor(async () => {
      const row = await findJob(testDb.db, ok);
      expect(row?.message).toBe('Loaded 3 of 5 orgs');
      expect(row?.results).toEqual([
        {
          message: 'Fetched 5 licenses',
          timestamp: expect.any(String) as string,
          details: ['org 1', 'org 2'],
        },
      ]);
      expect(row?.errors).toEqual([
        {
          message: 'One org was skipped',
          type: 'Error',
          timestamp: expect.any(String) as string,
        },
      ]);
    });
    expect(live.saw('jobs', ok)).toBe(true);
    reporting.release();
    await waitFor(async () => expect(await statusOf(ok)).toBe('Complete'));
    expect(live.saw('job-history', ok)).toBe(true);
    const finished = (await engine.snapshot()).history.all.find((job) => job.id === ok);
    expect(finished).toMatchObject({ message: 'Complete', stepIndex: 1, stepCount: 1 });
    expect(finished?.results).toHaveLength(1);

    reporting.fail = true;
    const failing = await engine.start('upload-orgs', {}, 'alice');
    await waitFor(async () => expect((await findJob(testDb.db, failing))?.results).toHaveLength(1));
    reporting.release();
    await waitFor(async () => expect(await statusOf(failing)).toBe('Failed'));
    const row = await findJob(testDb.db, failing);
    const fatal = row?.errors.at(-1);
    expect(fatal?.message).toContain('Upload refused');
    // The stack stays in the server log; every signed-in user reads the stored row.
    expect(fatal).not.toHaveProperty('stack');
    expect(fatal?.type).toBe('Error');
    const stacks = logLines
      .map((line) => JSON.parse(line) as { jobId?: string; err?: { stack?: string } })
      .filter((line) => line.jobId === failing)
      .map((line) => line.err?.stack ?? '');
    expect(stacks.some((stack) => /Upload refused[^\n]*\n\s+at /.test(stack))).toBe(true);
    expect(logLines.join('')).not.toContain('AQ8secret');
    // Secrets never reach the stored job.
    expect(JSON.stringify(row)).not.toContain('AQ8secret');
    expect(row?.message).toMatch(/^Failed Reporting: Upload refused/);
  });

  it('fails a job whose type has no definition, with a clear error', async () => {
    const id = await engine.start('fetch-all', {}, 'alice');
    await waitFor(() => expect(gated.started(id)).toBe(true));
    gated.gate(id, 'Fetching licenses').open();
    await waitFor(async () => expect(await statusOf(id)).toBe('Complete'));

    const other = await createJobEngine({
      db: testDb.db,
      live,
      log: silentJobLogger,
      role: 'worker',
      timing: FAST_TIMING,
      definitions: [],
    });
    try {
      const unknown = await other.start('fetch-all', {}, 'alice');
      await other.startWorker();
      await waitFor(async () => expect(await statusOf(unknown)).toBe('Failed'));
      const row = await findJob(testDb.db, unknown);
      expect(row?.errors[0]?.message).toMatch(/No job definition is registered.*"fetch-all"/);
    } finally {
      await other.stop();
    }
  });

  it('skips a scheduled run while its job says it is idle, never a manual one', async () => {
    const history = async () =>
      (
        await testDb.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM admin_job WHERE type = 'fetch-upgrades'`,
        )
      ).rows[0]?.n;
    await engine.startSchedules({ upgrade_monitor_interval_seconds: 1 }, false);
    await waitFor(() => expect(idle.asked).toBeGreaterThanOrEqual(2));
    expect(await history()).toBe(0);
    idle.now = false;
    await waitFor(async () => expect(await history()).toBeGreaterThan(0));
    idle.now = true;
    const before = (await history()) ?? 0;
    await engine.start('fetch-upgrades', {}, 'op@x');
    expect(await history()).toBe(before + 1);
    gated.openAll();
  });

  it('live commands start jobs for the signed-in user and audit who asked', async () => {
    const commands = jobLiveCommands({
      start: (type, params, startedBy) => engine.start(type, params, startedBy),
    });
    const actor = {
      username: 'viewer@pushboard.demo',
      displayName: null,
      readOnly: true,
      authMethod: 'salesforce' as const,
    };
    await commands['refresh-org-versions']?.(actor, '00D000000000001AAA');
    const { rows } = await testDb.db.query<{ target_id: string }>(
      `SELECT target_id FROM audit_log WHERE action = 'job.start' AND actor = $1`,
      [actor.username],
    );
    expect(rows).toHaveLength(1);
    const job = await findJob(testDb.db, rows[0]?.target_id ?? '');
    expect(job).toMatchObject({
      type: 'refresh-org-versions',
      started_by: 'viewer@pushboard.demo',
      params: { orgId: '00D000000000001AAA' },
    });
    // Fetch Upgrades is a command too (the channel refuses it to read-only users before this).
    expect(commands['fetch-upgrades']).toBeTypeOf('function');
    await waitFor(() => expect(gated.started(job?.id ?? '')).toBe(true));
    gated.gate(job?.id ?? '', 'Fetching versions').open();
  });
});
