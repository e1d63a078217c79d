import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestDatabase } from '../db/test-database';
import type { AppInstance } from './app';
import { startTestApp } from './testing/test-app';
import { sessionHeaders } from './test-session';
import {
  ConflictError,
  ForbiddenError,
  InvalidError,
  NotFoundError,
  SalesforceError,
  UnauthorizedError,
} from '../errors';

let testDb: TestDatabase;
let app: AppInstance;
let close: () => Promise<void>;
let headers: Record<string, string>;
const webDir = mkdtempSync(join(tmpdir(), 'pushboard-web-'));
mkdirSync(join(webDir, 'assets'));
writeFileSync(
  join(webDir, 'index.html'),
  '<!doctype html><title>Pushboard</title><div id="root"></div>',
);
writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log("app");'.repeat(200));

const SPEC_ROUTES = [
  '/',
  '/login',
  '/logout',
  '/authresponse?message=x',
  '/upgrades',
  '/upgrade/12',
  '/upgradeitem/7',
  '/licenses',
  '/license/a0L000000000001AAA',
  '/orgs',
  '/org/00D000000000001AAA',
  '/orggroups',
  '/orggroup/3',
  '/packages',
  '/package/a0P000000000001AAA',
  '/packageversion/04t000000000001AAA',
  '/packageorgs',
  '/packageorg/00D000000000002AAA',
  '/admin',
];

/** Routes that throw each error kind and validate a body, to see how the app answers them. */
function addTestRoutes(built: AppInstance) {
  built.get('/api/test/throw/:kind', async (request) => {
    const kind = (request.params as { kind: string }).kind;
    const errors: Record<string, Error> = {
      invalid: new InvalidError('description: Description is required', 'description'),
      unauthorized: new UnauthorizedError(),
      forbidden: new ForbiddenError('You are only allowed to view information, not modify it.'),
      notfound: new NotFoundError('No upgrade 42'),
      conflict: new ConflictError('Already activated'),
      salesforce: new SalesforceError('TotalRequests Limit exceeded.', 'REQUEST_LIMIT_EXCEEDED'),
      crash: new Error('password=hunter2 leaked in a stack'),
    };
    throw errors[kind] ?? new Error('unknown kind');
  });
  built.post(
    '/api/test/validate',
    { schema: { body: z.object({ description: z.string().min(1), count: z.number().int() }) } },
    async () => ({ ok: true }),
  );
}

beforeAll(async () => {
  ({ app, testDb, close } = await startTestApp({
    deps: { webDir },
    beforeReady: addTestRoutes,
  }));
  headers = await sessionHeaders(testDb.db);
});
afterAll(() => close?.());

describe('GET /healthz', () => {
  it('answers ok with the engine after a real query', async () => {
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });
});

describe('error bodies', () => {
  it.each([
    ['invalid', 400, 'Invalid Request', 'description: Description is required'],
    ['unauthorized', 401, 'Unauthorized', 'Please sign in.'],
    ['forbidden', 403, 'Forbidden', 'You are only allowed to view information, not modify it.'],
    ['notfound', 404, 'Not Found', 'No upgrade 42'],
    ['conflict', 409, 'Conflict', 'Already activated'],
    ['salesforce', 502, 'Salesforce Error', 'TotalRequests Limit exceeded.'],
  ])('%s → %i {message, subject}', async (kind, status, subject, message) => {
    const res = await app.inject({ url: `/api/test/throw/${kind}`, headers });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ message, subject });
  });

  it('a crash is a 500 that reveals nothing of the internals', async () => {
    const res = await app.inject({ url: '/api/test/throw/crash', headers });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Something went wrong on the server.',
      subject: 'Server Error',
    });
    expect(res.body).not.toContain('hunter2');
  });

  it('validation failures are 400 naming the field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers,
      payload: { description: 'x', count: 1.5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ subject: 'Invalid Request', field: 'count' });
    expect(res.json<{ message: string }>().message).toMatch(/^count: /);
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"description":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ subject: 'Invalid Request' });
  });
});

describe('web app and SPA fallback', () => {
  it.each(SPEC_ROUTES)('serves index.html for %s', async (route) => {
    const res = await app.inject({ url: route, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/api/nope', '/api/orgs/unknown/thing', '/oauth2/nope', '/api'])(
    'unknown API path %s answers JSON 404, never HTML',
    async (url) => {
      const res = await app.inject({ url, headers: { ...headers, accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ subject: 'Not Found' });
    },
  );

  it('a missing asset is a 404, not the page', async () => {
    const res = await app.inject('/assets/missing-123.js');
    expect(res.statusCode).toBe(404);
  });

  it('serves hashed assets with long caching and compression', async () => {
    const res = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends security headers', async () => {
    const res = await app.inject('/orgs');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
