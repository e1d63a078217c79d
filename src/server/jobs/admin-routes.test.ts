// /api/admin through the HTTP app: shapes, who may cancel, and the cancel rules.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../domain/policy';
import { findJob } from '../db/repositories/admin-jobs';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import type { AppInstance } from '../http/app';
import { startTestApp } from '../http/testing/test-app';
import { sessionHeaders } from '../http/test-session';
import type { JobEngine } from './engine';
import { GatedJobs, startTestEngine } from './testing/test-jobs';

let testDb: TestDatabase;
let app: AppInstance;
let engine: JobEngine;
let operator: Record<string, string>;
let viewer: Record<string, string>;
const gated = new GatedJobs();

beforeAll(async () => {
  testDb = await createTestDatabase();
  engine = await startTestEngine(testDb.db, [
    gated.definition('fetch', ['Fetching licenses', 'Fetching packages'], 'Fetch latest data'),
    gated.definition('upload-orgs', ['Uploading'], 'Upload orgs'),
  ]);
  ({ app } = await startTestApp({
    testDb,
    env: {
      HEROKU_APP_NAME: 'pushboard-prod',
      SUMO_URL: 'https://collectors.example.com/receiver/v1/http/abc',
    },
    deps: { jobs: engine },
  }));
  operator = await sessionHeaders(testDb.db);
  viewer = await sessionHeaders(testDb.db, { username: 'viewer@pushboard.demo', readOnly: true });
});

afterAll(async () => {
  gated.openAll();
  await app.close();
  await engine.stop();
  await testDb.drop();
});

const waitFor = <T>(check: () => Promise<T> | T) =>
  vi.waitFor(check, { timeout: 20_000, interval: 50 });

interface JobsBody {
  jobs: { id: string; status: string }[];
  queue: { id: string }[];
  history: { latest: { id: string }[]; all: { id: string; status: string }[] };
}

const cancel = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/admin/jobs/cancel', headers, payload });

describe('/api/admin', () => {
  it('GET /settings answers the hosting app name and whether the upload is configured', async () => {
    const res = await app.inject({ url: '/api/admin/settings', headers: viewer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ app_name: 'pushboard-prod', enable_sumo: true });
    expect((await app.inject({ url: '/api/admin/settings' })).statusCode).toBe(401);
  });

  it('GET /jobs answers running, queued (arrival order) and finished jobs', async () => {
    const running = await engine.start('fetch', {}, 'operator@pushboard.demo');
    await waitFor(() => expect(gated.started(running)).toBe(true));
    const second = await engine.start('fetch', {}, 'operator@pushboard.demo');
    const third = await engine.start('fetch', {}, 'operator@pushboard.demo', {
      intervalMs: 300_000,
    });

    const res = await app.inject({ url: '/api/admin/jobs', headers: viewer });
    expect(res.statusCode).toBe(200);
    const body = res.json<JobsBody>();
    expect(body.jobs).toEqual([
      {
        id: running,
        type: 'fetch',
        name: 'Fetch latest data',
        status: 'Running',
        message: 'Fetching licenses',
        stepIndex: 1,
        stepCount: 2,
        startTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
        modifiedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
        canceled: false,
        errors: [],
        results: [],
        interval: null,
        startedBy: 'operator@pushboard.demo',
      },
    ]);
    expect(body.queue.map((job) => job.id)).toEqual([second, third]);
    expect(body.queue[1]).toMatchObject({ interval: 300_000, status: 'Queued', stepIndex: 0 });
    expect(body.history).toEqual({ latest: [], all: [] });

    // A read-only user sees it all and can act on nothing.
    const denied = await cancel(viewer, { jobIds: [second] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: READ_ONLY_MESSAGE, subject: 'Forbidden' });
    expect((await findJob(testDb.db, second))?.status).toBe('Queued');
    const audit = await testDb.db.query<{ actor: string; outcome: string }>(
      `SELECT actor, outcome FROM audit_log WHERE action = 'job.cancel'`,
    );
    expect(audit.rows).toEqual([{ actor: 'viewer@pushboard.demo', outcome: 'denied' }]);

    const canceled = await cancel(operator, { jobIds: [second, running] });
    expect(canceled.statusCode).toBe(200);
    const after = canceled.json<JobsBody>();
    expect(after.queue.map((job) => job.id)).toEqual([third]);
    expect(after.history.all).toMatchObject([{ id: second, status: 'Cancelled' }]);
    expect(after.jobs).toMatchObject([{ id: running, status: 'Running', canceled: true }]);

    gated.gate(running, 'Fetching licenses').open();
    await waitFor(async () =>
      expect((await findJob(testDb.db, running))?.status).toBe('Cancelled'),
    );
    await waitFor(() => expect(gated.started(third)).toBe(true));
    gated.gate(third, 'Fetching licenses').open();
    gated.gate(third, 'Fetching packages').open();
    await waitFor(async () => expect((await findJob(testDb.db, third))?.status).toBe('Complete'));
    const final = (await app.inject({ url: '/api/admin/jobs', headers: viewer })).json<JobsBody>();
    expect(final.history.all.map((job) => job.id)).toEqual([third, running, second]);
    expect(final.history.latest.map((job) => job.id)).toEqual([third]);
  });

  it('POST /jobs/cancel answers 409 for a job at its last step', async () => {
    const id = await engine.start('upload-orgs', {}, 'operator@pushboard.demo');
    await waitFor(() => expect(gated.started(id)).toBe(true));
    const res = await cancel(operator, { jobIds: [id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Upload orgs: This job is at its last step.',
      subject: 'Conflict',
    });
    expect((await findJob(testDb.db, id))?.canceled).toBe(false);
    gated.gate(id, 'Uploading').open();
    await waitFor(async () => expect((await findJob(testDb.db, id))?.status).toBe('Complete'));
  });

  it('POST /jobs/cancel answers 400 for bad job ids and 404 for unknown ones', async () => {
    for (const payload of [
      {},
      { jobIds: 'abc' },
      { jobIds: [] },
      { jobIds: [42] },
      { jobIds: [''] },
    ]) {
      const res = await cancel(operator, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({
        subject: 'Invalid Request',
        field: expect.stringMatching(/^jobIds/) as string,
      });
    }
    const unknown = await cancel(operator, { jobIds: ['00000000-0000-0000-0000-000000000000'] });
    expect(unknown.statusCode).toBe(404);
  });
});
