// /metrics end to end: real HTTP requests, a real job on the engine, real Salesforce calls to the
// simulator and a real socket.io client move the series a Prometheus scrape reads; the scrape needs
// the bearer token, and no label carries an id, a URL or the token.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { z } from 'zod';
import {
  startSimulator,
  type RunningSimulator,
} from '../../../../test/support/salesforce-simulator';
import { ConfigError, loadConfig } from '../../config';
import { findJob } from '../../db/repositories/admin-jobs';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import type { JobEngine } from '../../jobs/engine';
import { startTestEngine } from '../../jobs/testing/test-jobs';
import type { JobDefinition } from '../../jobs/types';
import { startMetricsListener, type MetricsListener } from '../../metrics/metrics-listener';
import { SalesforceGateway } from '../../salesforce/gateway';
import { SecretBox } from '../../secrets';
import { registerDemoOrgs } from '../../services/demo-orgs';
import type { AppInstance } from '../app';
import { startTestApp } from '../testing/test-app';
import { sessionHeaders } from '../test-session';
import { listenLocally } from '../testing/listen-locally';

const TOKEN = 'metrics-token-0123456789abcdef';
const ORG_ID = '00D000000000555AAA';

let testDb: TestDatabase;
let sim: RunningSimulator;
let app: AppInstance;
let baseUrl: string;
let engine: JobEngine;
let gateway: SalesforceGateway;
let lmaId: string;
let listener: MetricsListener | undefined;
const sockets: Socket[] = [];

const jobs: JobDefinition[] = [
  {
    type: 'upload-orgs',
    name: () => 'Works',
    steps: () => [{ name: 'Work', run: async () => {} }],
  },
  {
    type: 'refresh-group-versions',
    name: () => 'Fails',
    steps: () => [
      {
        name: 'Fail',
        run: async () => {
          throw new Error('refused');
        },
      },
    ],
  },
];

beforeAll(async () => {
  testDb = await createTestDatabase();
  sim = await startSimulator({ port: 0, dataset: 'demo', pace: 'manual' });
  const secrets = new SecretBox('g'.repeat(64));
  gateway = new SalesforceGateway({
    db: testDb.db,
    secrets,
    apiVersion: '62.0',
    oauth: {
      clientId: 'pushboard-demo',
      clientSecret: 'demo-secret',
      loginUrl: sim.url,
      redirectUri: 'http://localhost:5000/oauth2/callback',
    },
    retry: { baseDelayMs: 5, maxDelayMs: 50, rateLimitDelayMs: 20 },
  });
  const demoOrgs = sim.orgs.map((org) => ({
    kind: org.kind,
    orgId: org.orgId,
    username: org.users[0]?.username ?? '',
    password: org.users[0]?.password ?? '',
  }));
  await registerDemoOrgs({ db: testDb.db, secrets, gateway, loginUrl: sim.url }, demoOrgs);
  lmaId = sim.orgs.find((org) => org.kind === 'lma')?.orgId ?? '';
  engine = await startTestEngine(testDb.db, jobs);
  ({ app } = await startTestApp({ testDb, env: { METRICS_TOKEN: TOKEN } }));
  ({ url: baseUrl } = await listenLocally(app));
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await listener?.close();
  await engine.stop();
  await app.close();
  await sim.close();
  await testDb.drop();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, sample lines only. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[key ?? ''] = value ?? '';
      }
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });
}

/** The sum of the series named `name` whose labels include `labels` (0 when none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name)
    .filter((s) => Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);
}

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const response = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, samples: parse(text) };
}

const waitFor = <T>(check: () => Promise<T> | T) =>
  vi.waitFor(check, { timeout: 20_000, interval: 50 });

describe('GET /metrics access', () => {
  it('answers 404 when no METRICS_TOKEN is configured', async () => {
    const { app: closed } = await startTestApp({ testDb });
    try {
      const response = await closed.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it.each([
    ['no header', undefined],
    ['a wrong token', 'Bearer metrics-token-0123456789abcdeX'],
    ['the token without Bearer', TOKEN],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
  ])('refuses %s with 401', async (_case, authorization) => {
    const response = await fetch(`${baseUrl}/metrics`, {
      headers: authorization ? { authorization } : {},
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await response.text()).not.toContain('pushboard_');
  });

  it('does not take a session instead of the token', async () => {
    const headers = await sessionHeaders(testDb.db);
    const response = await fetch(`${baseUrl}/metrics`, { headers });
    expect(response.status).toBe(401);
  });

  it('serves the Prometheus text format with the token, process metrics included', async () => {
    const response = await fetch(`${baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parse(await response.text());
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.some((s) => s.name.startsWith('nodejs_eventloop_lag'))).toBe(true);
  });

  it('names METRICS_TOKEN and METRICS_PORT problems at start-up', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: '9464' })).toThrow(/METRICS_PORT needs METRICS_TOKEN/);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN }).METRICS_PORT).toBe(9464);
    expect(loadConfig({ METRICS_PORT: '' }).METRICS_PORT).toBeUndefined();
  });
});

describe('the series move', () => {
  it('counts HTTP requests by method, route pattern and status class', async () => {
    const before = (await scrape()).samples;
    for (let i = 0; i < 3; i++) expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/api/orgs/${ORG_ID}`)).status).toBe(401);
    // No route matched: a 404 without data, whoever asks (the session check is per route).
    expect((await fetch(`${baseUrl}/api/no-such-thing/${ORG_ID}`)).status).toBe(404);
    const after = (await scrape()).samples;
    const count = (samples: Sample[], labels: Record<string, string>) =>
      valueOf(samples, 'http_request_duration_seconds_count', labels);
    const health = { method: 'GET', route: '/healthz', status_class: '2xx' };
    expect(count(after, health) - count(before, health)).toBe(3);
    const org = { method: 'GET', route: '/api/orgs/:orgId', status_class: '4xx' };
    expect(count(after, org) - count(before, org)).toBe(1);
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    expect(count(after, unmatched) - count(before, unmatched)).toBe(1);
  });

  it('counts finished jobs by type and outcome, with their durations', async () => {
    const before = (await scrape()).samples;
    const ok = await engine.start('upload-orgs', {}, 'test');
    const failed = await engine.start('refresh-group-versions', {}, 'test');
    await waitFor(async () => expect((await findJob(testDb.db, ok))?.status).toBe('Complete'));
    await waitFor(async () => expect((await findJob(testDb.db, failed))?.status).toBe('Failed'));
    const after = (await scrape()).samples;
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('pushboard_jobs_total', { type: 'upload-orgs', outcome: 'complete' })).toBe(1);
    expect(
      delta('pushboard_jobs_total', { type: 'refresh-group-versions', outcome: 'failed' }),
    ).toBe(1);
    expect(delta('pushboard_job_duration_seconds_count', { type: 'upload-orgs' })).toBe(1);
    expect(delta('pushboard_job_duration_seconds_count', { type: 'refresh-group-versions' })).toBe(
      1,
    );
  });

  it('counts Salesforce calls by kind and outcome, and errors by code class', async () => {
    const before = (await scrape()).samples;
    const conn = await gateway.connect(lmaId);
    // 5 000 licenses: one query and two queryMore pages of 2 000.
    const rows = await conn.queryAll(
      'SELECT Id FROM sfLma__License__c',
      z.object({ Id: z.string() }),
    );
    expect(rows).toHaveLength(5000);
    await expect(conn.queryAll('SELECT Id FROM NoSuchObject__c', z.unknown())).rejects.toThrow();
    const after = (await scrape()).samples;
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta('pushboard_salesforce_calls_total', { kind: 'query', outcome: 'ok' })).toBe(1);
    expect(delta('pushboard_salesforce_calls_total', { kind: 'query_more', outcome: 'ok' })).toBe(
      2,
    );
    expect(delta('pushboard_salesforce_calls_total', { kind: 'query', outcome: 'error' })).toBe(1);
    // INVALID_TYPE is the caller's mistake: a client error, not retried.
    expect(
      delta('pushboard_salesforce_errors_total', { kind: 'query', code_class: 'client' }),
    ).toBe(1);
    expect(delta('pushboard_salesforce_call_duration_seconds_count', { kind: 'query' })).toBe(2);
  });

  it('counts live clients while they are connected', async () => {
    const before = valueOf((await scrape()).samples, 'pushboard_live_clients');
    const { cookie } = await sessionHeaders(testDb.db);
    const socket = connect(baseUrl, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: cookie ?? '' },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await waitFor(async () =>
      expect(valueOf((await scrape()).samples, 'pushboard_live_clients')).toBe(before + 1),
    );
    socket.disconnect();
    await waitFor(async () =>
      expect(valueOf((await scrape()).samples, 'pushboard_live_clients')).toBe(before),
    );
  });

  it('keeps ids, URLs and the token out of every label', async () => {
    const { text, samples } = await scrape();
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(ORG_ID);
    expect(text).not.toContain(lmaId);
    for (const sample of samples) {
      for (const [key, value] of Object.entries(sample.labels)) {
        const where = `${sample.name} ${key}="${value}"`;
        expect(value, where).not.toMatch(/\b(00D|a0L|033|04t|001)[A-Za-z0-9]{12,15}\b/);
        expect(value, where).not.toMatch(/[?&=]|https?:/);
        if (key === 'route') expect(value, where).toMatch(/^(\/|unmatched$)/);
      }
    }
    const routes = new Set(
      samples.filter((s) => s.labels.route !== undefined).map((s) => s.labels.route),
    );
    expect(routes).toContain('/api/orgs/:orgId');
  });
});

describe("a worker's metrics listener", () => {
  it('serves the same registry on its own port, behind the same token', async () => {
    listener = await startMetricsListener({ port: 0, host: '127.0.0.1', token: TOKEN });
    const url = `http://127.0.0.1:${listener.port}`;
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong-token' } })).status,
    ).toBe(401);
    expect(
      (await fetch(`${url}/other`, { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(404);
    const response = await fetch(`${url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    const samples = parse(await response.text());
    expect(valueOf(samples, 'pushboard_jobs_total', { type: 'upload-orgs' })).toBeGreaterThan(0);
  });
});
