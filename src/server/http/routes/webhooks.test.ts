// Webhook administration over real HTTP with a real job engine and a local receiver that checks
// signatures: an admin access key session registers an endpoint and sees its secret once, a test
// event reaches the receiver signed and its answer is listed, redelivery sends it again, the
// secret rotates, and every change is audited. Operators and read-only users get 403, a bad URL
// a 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '../../../domain';
import { createJobEngine, type JobEngine } from '../../jobs/engine';
import { silentJobLogger } from '../../jobs/job-logger';
import { FAST_TIMING, RecordingLive } from '../../jobs/testing/test-jobs';
import { deliverWebhook } from '../../services/webhooks/deliver';
import { TestReceiver, eventually } from '../../services/webhooks/testing/receiver';
import { sessionHeaders } from '../test-session';
import { listenLocally } from '../testing/listen-locally';
import { startTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let engine: JobEngine;
let base: string;
let operator: Record<string, string>;
let viewer: Record<string, string>;
let admin: Record<string, string>;
const receiver = new TestReceiver();

beforeAll(async () => {
  t = await startTestApp();
  base = (await listenLocally(t.app)).url;
  engine = await createJobEngine({
    db: t.testDb.db,
    live: new RecordingLive(),
    log: silentJobLogger,
    role: 'all',
    timing: FAST_TIMING,
    definitions: [],
    deliverWebhook: (id) =>
      deliverWebhook({ db: t.testDb.db, secrets: t.app.services.secrets, timeoutMs: 2000 }, id),
  });
  await engine.startWorker();
  await receiver.start();
  operator = await sessionHeaders(t.testDb.db, { username: 'ops@example.com' });
  viewer = await sessionHeaders(t.testDb.db, { username: 'viewer@example.com', readOnly: true });
  admin = await sessionHeaders(t.testDb.db, { username: 'admin-key', authMethod: 'admin-key' });
}, 60_000);

afterAll(async () => {
  await receiver.stop();
  await engine?.stop();
  await t?.close();
});

async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : {}) as T };
}

async function auditActions(): Promise<string[]> {
  const { rows } = await t.testDb.db.query<{ action: string; outcome: string }>(
    `SELECT action, outcome FROM audit_log WHERE action LIKE 'webhook.%' ORDER BY id`,
  );
  return rows.map((row) => `${row.action}:${row.outcome}`);
}

const deliveryOf = async (id: string) => {
  const page = await call<WebhookDeliveryPage>('GET', '/api/admin/webhooks/deliveries', admin);
  return page.json.rows.find((row) => row.id === id);
};

describe('webhook administration', () => {
  let endpoint: WebhookEndpointWithSecret;

  it('registers an endpoint and shows its secret only in that answer', async () => {
    const made = await call<WebhookEndpointWithSecret>('POST', '/api/admin/webhooks', admin, {
      url: receiver.url,
      events: ['upgrade.completed', 'fetch.failed'],
      format: 'json',
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    endpoint = made.json;
    receiver.secret = endpoint.secret;
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.secret.startsWith(endpoint.secret_hint)).toBe(true);
    const listed = await call<WebhookEndpoint[]>('GET', '/api/admin/webhooks', admin);
    expect(listed.json.map((e) => e.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(listed.json)).not.toContain(endpoint.secret);
    const { rows } = await t.testDb.db.query('SELECT * FROM webhook_endpoint');
    expect(JSON.stringify(rows)).not.toContain(endpoint.secret);
  });

  it('sends a signed test event and lists the delivery with its answer', async () => {
    const sent = await call<WebhookDelivery>(
      'POST',
      `/api/admin/webhooks/${endpoint.id}/test`,
      admin,
    );
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    expect(sent.json).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 0 });
    const row = await eventually(async () => {
      const found = await deliveryOf(sent.json.id);
      return found?.status === 'succeeded' ? found : undefined;
    });
    expect(row).toMatchObject({ attempts: 1, last_status_code: 200, last_answer: 'ok' });
    const got = receiver.received.at(-1)!;
    expect(got.verified).toBe(true);
    expect(got.headers['pushboard-event']).toBe('webhook.test');

    const redone = await call<WebhookDelivery>(
      'POST',
      `/api/admin/webhooks/deliveries/${sent.json.id}/redeliver`,
      admin,
    );
    expect(redone.status).toBe(200);
    expect(redone.json.id).not.toBe(sent.json.id);
    await eventually(async () => (await deliveryOf(redone.json.id))?.status === 'succeeded');
  });

  it('rotates the secret: the next delivery is signed with the new one', async () => {
    const rotated = await call<WebhookEndpointWithSecret>(
      'POST',
      `/api/admin/webhooks/${endpoint.id}/rotate-secret`,
      admin,
    );
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).not.toBe(endpoint.secret);
    receiver.secret = rotated.json.secret;
    const sent = await call<WebhookDelivery>(
      'POST',
      `/api/admin/webhooks/${endpoint.id}/test`,
      admin,
    );
    await eventually(async () => (await deliveryOf(sent.json.id))?.status === 'succeeded');
  });

  it('pages the deliveries and narrows them by endpoint and status', async () => {
    const page = await call<WebhookDeliveryPage>(
      'GET',
      `/api/admin/webhooks/deliveries?endpoint_id=${endpoint.id}&status=succeeded&page=1&page_size=2`,
      admin,
    );
    expect(page.status).toBe(200);
    expect(page.json.total).toBe(3);
    expect(page.json.rows).toHaveLength(2);
    const second = await call<WebhookDeliveryPage>(
      'GET',
      '/api/admin/webhooks/deliveries?page=2&page_size=2',
      admin,
    );
    expect(second.json.rows).toHaveLength(1);
  });

  it('refuses operators and read-only users with 403, and a bad URL with a 400 naming it', async () => {
    for (const headers of [operator, viewer]) {
      expect((await call('GET', '/api/admin/webhooks', headers)).status).toBe(403);
      expect((await call('GET', '/api/admin/webhooks/deliveries', headers)).status).toBe(403);
      const made = await call('POST', '/api/admin/webhooks', headers, {
        url: 'https://hooks.example.com/p',
        events: ['fetch.failed'],
      });
      expect(made.status).toBe(403);
      expect((await call('POST', `/api/admin/webhooks/${endpoint.id}/test`, headers)).status).toBe(
        403,
      );
    }
    const bad = await call<{ message: string }>('POST', '/api/admin/webhooks', admin, {
      url: 'http://hooks.example.com/p',
      events: ['fetch.failed'],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('url');
    expect(bad.json.message).toContain('https://');
    const noEvents = await call<{ message: string }>('POST', '/api/admin/webhooks', admin, {
      url: 'https://hooks.example.com/p',
      events: [],
    });
    expect(noEvents.status).toBe(400);
    expect(noEvents.json.message).toContain('events');
  });

  it('documents the routes with examples in the OpenAPI document', async () => {
    const doc = await call<{ paths: Record<string, Record<string, unknown>> }>(
      'GET',
      '/api/docs',
      admin,
    );
    const create = JSON.stringify(doc.json.paths['/api/admin/webhooks']?.post);
    expect(create).toContain('"example"');
    expect(create).toContain('https://hooks.example.com/pushboard');
    expect(doc.json.paths['/api/admin/webhooks/deliveries']).toBeDefined();
  });

  it('disables and deletes, auditing every change', async () => {
    const disabled = await call<WebhookEndpoint>(
      'POST',
      `/api/admin/webhooks/${endpoint.id}/disable`,
      admin,
    );
    expect(disabled.status).toBe(200);
    expect(disabled.json.disabled_by).toBe('admin-key');
    const refused = await call('POST', `/api/admin/webhooks/${endpoint.id}/test`, admin);
    expect(refused.status).toBe(409);
    const deleted = await call('DELETE', `/api/admin/webhooks/${endpoint.id}`, admin);
    expect(deleted.status).toBe(200);
    expect((await call('DELETE', `/api/admin/webhooks/${endpoint.id}`, admin)).status).toBe(404);
    const page = await call<WebhookDeliveryPage>('GET', '/api/admin/webhooks/deliveries', admin);
    expect(page.json.total).toBe(0);
    const actions = await auditActions();
    for (const expected of [
      'webhook.create:success',
      'webhook.test:success',
      'webhook.redeliver:success',
      'webhook.rotate_secret:success',
      'webhook.disable:success',
      'webhook.delete:success',
      'webhook.create:denied',
      'webhook.test:failed',
    ]) {
      expect(actions).toContain(expected);
    }
  });
});
