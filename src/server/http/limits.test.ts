// Size and rate limits (docs/security.md "Limits and bad input"): bodies over 1 MiB get 413 JSON
// except on the routes that take a pasted list of org ids (4 MiB); headers over 16 KiB get 431 from
// Node over a real socket and the server keeps serving; list exports and the global search are
// rate-limited per user (every session of a username together) with 429 JSON and Retry-After.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import type { TestDatabase } from '../db/test-database';
import type { AppInstance } from './app';
import { startTestApp } from './testing/test-app';
import { DEFAULT_BODY_LIMIT, ORG_ID_LIST_BODY_LIMIT, ORG_ID_LIST_ROUTES } from './body-limits';
import { sessionHeaders } from './test-session';
import { listenLocally } from './testing/listen-locally';

let testDb: TestDatabase;
let app: AppInstance;
let close: () => Promise<void>;
let port: number;
let operator: Record<string, string>;
let viewer: Record<string, string>;

beforeAll(async () => {
  ({ app, testDb, close } = await startTestApp({
    env: { RATE_LIMIT_EXPORTS_PER_MINUTE: '2', RATE_LIMIT_SEARCH_PER_MINUTE: '3' },
  }));
  ({ port } = await listenLocally(app));
  operator = await sessionHeaders(testDb.db);
  viewer = await sessionHeaders(testDb.db, { username: 'viewer@x', readOnly: true });
});
afterAll(() => close?.());

/** A JSON body of `bytes` length: a list of org ids padded to size. */
const orgIdBody = (bytes: number) => {
  const id = '"00D000000000001AAA"';
  const ids = Array.from({ length: Math.floor(bytes / (id.length + 1)) }, () => id).join(',');
  return `{"orgIds":[${ids}],"transid":"t","name":"g"}`;
};

describe('body size limits', () => {
  it('answers 413 JSON naming the limit for a body over 1 MiB', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/filters',
      headers: { ...operator, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', expression: 'a'.repeat(DEFAULT_BODY_LIMIT) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'Request body is too large',
      subject: 'Payload Too Large',
    });
  });

  it('names only existing routes in its list of larger bodies', () => {
    const names = new Set(app.routeTable.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(ORG_ID_LIST_ROUTES).filter((name) => !names.has(name))).toEqual([]);
  });

  it.each(Object.keys(ORG_ID_LIST_ROUTES))(
    '%s reads a 2 MB body (50 000 org ids take ~1.05 MB) and refuses more than 4 MiB',
    async (name) => {
      const [method, path] = name.split(' ') as ['PUT' | 'POST', string];
      const url = path.replace(':id', '1');
      const call = (payload: string) =>
        app.inject({
          method,
          url,
          headers: { ...viewer, 'content-type': 'application/json' },
          payload,
        });
      // A read-only caller: the body is read (so it passed the size check) and then refused with
      // 403 before anything changes.
      expect((await call(orgIdBody(2 * 1024 * 1024))).statusCode).toBe(403);
      expect((await call(orgIdBody(ORG_ID_LIST_BODY_LIMIT + 1024))).statusCode).toBe(413);
    },
  );
});

/** Sends raw bytes over a socket and answers the first line of the response. */
function rawRequest(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

describe('header size limit', () => {
  it('answers 431 to 32 KB of headers and keeps serving', async () => {
    const big = `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(32 * 1024)}\r\nConnection: close\r\n\r\n`;
    expect(await rawRequest(big)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    const small = 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
    expect(await rawRequest(small)).toBe('HTTP/1.1 200 OK');
  });
});

describe('rate limits on expensive reads', () => {
  it('allows RATE_LIMIT_EXPORTS_PER_MINUTE exports per user across every list, then 429', async () => {
    const headers = await sessionHeaders(testDb.db, { username: 'exporter@x' });
    const exportOf = (path: string, who = headers) =>
      app.inject({ url: `${path}/export`, headers: who });
    expect((await exportOf('/api/licenses')).statusCode).toBe(200);
    expect((await exportOf('/api/orgs')).statusCode).toBe(200);
    const refused = await exportOf('/api/orggroups/1/members');
    expect(refused.statusCode).toBe(429);
    const body = refused.json<{ message: string; subject: string }>();
    expect(body.subject).toBe('Too Many Requests');
    expect(body.message).toMatch(/^Too many exports: at most 2 a minute\. Try again in /);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Signing in again (a new session of the same user, in any case) does not reset the budget.
    const again = await sessionHeaders(testDb.db, { username: 'Exporter@X' });
    expect((await exportOf('/api/licenses', again)).statusCode).toBe(429);
    // Another user has their own.
    const other = await sessionHeaders(testDb.db, { username: 'other-exporter@x' });
    expect((await exportOf('/api/licenses', other)).statusCode).toBe(200);
  });

  it('allows RATE_LIMIT_SEARCH_PER_MINUTE searches per user, then 429', async () => {
    const headers = await sessionHeaders(testDb.db, { username: 'searcher@x' });
    const search = (who = headers) => app.inject({ url: '/api/search?term=acme', headers: who });
    for (let i = 0; i < 3; i++) expect((await search()).statusCode).toBe(200);
    const refused = await search();
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/^Too many searches/);
    expect(refused.headers['retry-after']).toBeDefined();
    const again = await sessionHeaders(testDb.db, { username: 'searcher@x' });
    expect((await search(again)).statusCode).toBe(429);
  });

  it('answers anonymous callers 401 without counting them', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({ url: '/api/search?term=acme', remoteAddress: '10.1.1.1' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('validates the limits at boot', () => {
    expect(() => loadConfig({ RATE_LIMIT_EXPORTS_PER_MINUTE: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ RATE_LIMIT_SEARCH_PER_MINUTE: 'lots' })).toThrow(
      /RATE_LIMIT_SEARCH_PER_MINUTE/,
    );
    expect(loadConfig({})).toMatchObject({
      RATE_LIMIT_EXPORTS_PER_MINUTE: 10,
      RATE_LIMIT_SEARCH_PER_MINUTE: 120,
    });
  });
});
