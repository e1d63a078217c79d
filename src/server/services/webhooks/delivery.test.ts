// Webhooks end to end below HTTP, on a real database and a real job engine, against a real local
// receiver that checks signatures: an event emitted in a transaction is delivered signed once it
// commits and never when it rolls back; a receiver that is down gets it after a retry; deliveries
// whose queue job was lost are sent after a restart; a failed fetch emits 'fetch.failed', also
// when the sweeper fails it because its process died.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../actor';
import { findDelivery, insertDeliveries } from '../../db/repositories/webhook-deliveries';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { createJobEngine, type JobEngine } from '../../jobs/engine';
import { PROCESS_STOPPED_MESSAGE } from '../../jobs/job-errors';
import { silentJobLogger } from '../../jobs/job-logger';
import { queueNameOf, startBoss } from '../../jobs/queues';
import { FAST_TIMING, RecordingLive } from '../../jobs/testing/test-jobs';
import { SecretBox } from '../../secrets';
import { emitFetchFailed } from '../../sync/fetch-job';
import { ENDPOINT_DISABLED, createEndpoint, disableEndpoint } from './admin';
import { deliverWebhook } from './deliver';
import { emitWebhookEvent } from './emit';
import { TestReceiver, eventually } from './testing/receiver';

const admin: Actor = {
  username: 'admin-key',
  displayName: 'Admin (access key)',
  readOnly: false,
  authMethod: 'admin-key',
};

let testDb: TestDatabase;
const secrets = new SecretBox('webhook-test-key-0123456789abcdef');
const engines: JobEngine[] = [];

async function startEngine(): Promise<JobEngine> {
  const engine = await createJobEngine({
    db: testDb.db,
    live: new RecordingLive(),
    log: silentJobLogger,
    role: 'all',
    timing: FAST_TIMING,
    definitions: [
      {
        type: 'fetch',
        name: () => 'Fetch latest data',
        steps: () => [
          {
            name: 'Fetching licenses',
            run: () => Promise.reject(new Error('The LMA answered 503')),
          },
        ],
        onFailed: emitFetchFailed(false),
      },
    ],
    deliverWebhook: (id) =>
      deliverWebhook(
        { db: testDb.db, secrets, retryDelaysMs: [300, 300, 300], timeoutMs: 2000 },
        id,
      ),
  });
  await engine.startWorker();
  engines.push(engine);
  return engine;
}

const delivered = (id: string) => async () => {
  const row = await findDelivery(testDb.db, id);
  return row?.status === 'succeeded' ? row : undefined;
};

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  for (const engine of engines) await engine.stop();
  await testDb?.drop();
});

describe('webhook deliveries', () => {
  let engine: JobEngine;
  const receiver = new TestReceiver();
  let endpointId = 0;

  beforeAll(async () => {
    engine = await startEngine();
    await receiver.start();
    const created = await createEndpoint({ db: testDb.db, secrets }, admin, {
      url: receiver.url,
      events: ['upgrade.completed', 'fetch.failed'],
      format: 'json',
    });
    receiver.secret = created.secret;
    endpointId = created.id;
  });

  afterAll(() => receiver.stop());

  it('delivers an event signed with the endpoint secret once its transaction commits', async () => {
    const [id] = await testDb.db.transaction((tx) =>
      emitWebhookEvent(tx, 'upgrade.completed', { upgrade_id: 7, description: 'Spring' }),
    );
    const row = await eventually(delivered(id!));
    expect(row.attempts).toBe(1);
    expect(row.last_status_code).toBe(200);
    const got = receiver.received.find((r) => r.headers['pushboard-delivery'] === id)!;
    expect(got.verified).toBe(true);
    expect(got.headers['pushboard-event']).toBe('upgrade.completed');
    const body = JSON.parse(got.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      id,
      event: 'upgrade.completed',
      data: { upgrade_id: 7, description: 'Spring' },
    });
  });

  it('writes nothing for an event whose transaction rolls back, or that nobody subscribed to', async () => {
    await expect(
      testDb.db.transaction(async (tx) => {
        await emitWebhookEvent(tx, 'upgrade.completed', { upgrade_id: 8 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await emitWebhookEvent(testDb.db, 'upgrade.scheduled', { upgrade_id: 9 })).toEqual([]);
    const { rows } = await testDb.db.query(
      `SELECT 1 FROM webhook_delivery WHERE payload->'data'->>'upgrade_id' IN ('8', '9')`,
    );
    expect(rows).toHaveLength(0);
  });

  it('keeps a delivery while its receiver is down and sends it after a retry', async () => {
    await receiver.stop();
    const [id] = await emitWebhookEvent(testDb.db, 'upgrade.completed', { upgrade_id: 10 });
    const failedOnce = await eventually(async () => {
      const row = await findDelivery(testDb.db, id!);
      return row && row.attempts >= 1 ? row : undefined;
    });
    expect(failedOnce.status).toBe('pending');
    expect(failedOnce.last_status_code).toBeNull();
    expect(failedOnce.last_answer).toMatch(/^No answer/);
    expect(failedOnce.next_attempt_at).not.toBeNull();
    await receiver.start();
    const row = await eventually(delivered(id!));
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(receiver.received.some((r) => r.headers['pushboard-delivery'] === id)).toBe(true);
  });

  it('gives a delivery up after the last retry wait, keeping the last answer', async () => {
    receiver.status = 500;
    const [id] = await emitWebhookEvent(testDb.db, 'upgrade.completed', { upgrade_id: 11 });
    const row = await eventually(async () => {
      const found = await findDelivery(testDb.db, id!);
      return found?.status === 'failed' ? found : undefined;
    });
    receiver.status = 200;
    expect(row.attempts).toBe(4);
    expect(row.last_status_code).toBe(500);
    expect(row.last_answer).toBe('ok');
    expect(row.next_attempt_at).toBeNull();
  });

  it('records an answer that PostgreSQL text could not hold as it is', async () => {
    receiver.body = 'accepted\u0000 with a NUL';
    const [id] = await emitWebhookEvent(testDb.db, 'upgrade.completed', { upgrade_id: 15 });
    const row = await eventually(delivered(id!));
    receiver.body = 'ok';
    expect(row.last_answer).toBe('accepted with a NUL');
  });

  it("emits 'fetch.failed' with the failed job's verdict", async () => {
    const jobId = await engine.start('fetch', {}, 'alice');
    const got = await eventually(async () =>
      receiver.received.find((r) => r.headers['pushboard-event'] === 'fetch.failed'),
    );
    expect(got.verified).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({
      event: 'fetch.failed',
      data: {
        job_id: jobId,
        full: false,
        error: 'Failed Fetching licenses: The LMA answered 503',
        started_by: 'alice',
      },
    });
  });

  it("emits 'fetch.failed' when the sweeper fails a fetch whose process died", async () => {
    await engine.stop();
    const starter = await createJobEngine({
      db: testDb.db,
      live: new RecordingLive(),
      log: silentJobLogger,
      role: 'web',
      timing: FAST_TIMING,
      definitions: [],
    });
    engines.push(starter);
    const dead = await starter.start('fetch', {}, 'alice');
    // What a worker that died leaves: its queue job active, its row Running with an old heartbeat.
    const deadBoss = await startBoss(testDb.db, { supervise: false, onError: () => {} });
    expect((await deadBoss.fetch(queueNameOf('fetch'))).map((job) => job.id)).toEqual([dead]);
    await deadBoss.stop({ graceful: false, close: false, wait: true });
    await testDb.db.query(
      `UPDATE admin_job SET status = 'Running', worker_id = 'dead-worker',
         start_time = now() - interval '10 minutes', heartbeat_at = now() - interval '5 minutes'
       WHERE id = $1`,
      [dead],
    );
    engine = await startEngine();
    const got = await eventually(async () => receiver.received.find((r) => r.body.includes(dead)));
    expect(got.headers['pushboard-event']).toBe('fetch.failed');
    expect(JSON.parse(got.body)).toMatchObject({
      event: 'fetch.failed',
      data: { job_id: dead, full: false, error: PROCESS_STOPPED_MESSAGE, started_by: 'alice' },
    });
  });

  it('sends deliveries whose queue job was lost once a worker starts again', async () => {
    await engine.stop();
    // Rows written without their job, as on a database where no queue existed yet.
    const ids = await insertDeliveries(testDb.db, [endpointId], 'upgrade.completed', {
      event: 'upgrade.completed',
      occurred_at: new Date().toISOString(),
      data: { upgrade_id: 12 },
    });
    engine = await startEngine();
    const row = await eventually(delivered(ids[0]!));
    expect(row.attempts).toBe(1);
  });

  it('sends nothing to a disabled endpoint and gives up its waiting deliveries', async () => {
    await engine.stop();
    const [waiting] = await insertDeliveries(testDb.db, [endpointId], 'upgrade.completed', {
      event: 'upgrade.completed',
      occurred_at: new Date().toISOString(),
      data: { upgrade_id: 14 },
    });
    await disableEndpoint({ db: testDb.db, secrets }, admin, endpointId);
    expect(await findDelivery(testDb.db, waiting!)).toMatchObject({
      status: 'failed',
      next_attempt_at: null,
      last_answer: ENDPOINT_DISABLED,
    });
    expect(await emitWebhookEvent(testDb.db, 'upgrade.completed', { upgrade_id: 13 })).toEqual([]);
  });

  it('counts an attempt that fails inside Pushboard, so the retry limit ends it', async () => {
    // The engine is stopped (above): only these calls attempt the delivery.
    const other = await createEndpoint({ db: testDb.db, secrets }, admin, {
      url: receiver.url,
      events: ['upgrade.completed'],
      format: 'json',
    });
    const [id] = await insertDeliveries(testDb.db, [other.id], 'upgrade.completed', {
      event: 'upgrade.completed',
      occurred_at: new Date().toISOString(),
      data: { upgrade_id: 16 },
    });
    const broken = {
      decrypt: () => {
        throw new Error('The key store is unreachable.');
      },
    } as unknown as SecretBox;
    const deps = { db: testDb.db, secrets: broken, retryDelaysMs: [0, 0], timeoutMs: 2000 };
    await deliverWebhook(deps, id!);
    expect(await findDelivery(testDb.db, id!)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: null,
      last_answer: 'An error inside Pushboard ended this attempt: The key store is unreachable.',
    });
    await deliverWebhook(deps, id!);
    await deliverWebhook(deps, id!);
    expect(await findDelivery(testDb.db, id!)).toMatchObject({
      status: 'failed',
      attempts: 3,
      next_attempt_at: null,
    });
    expect(receiver.received.some((r) => r.headers['pushboard-delivery'] === id)).toBe(false);
  });
});
