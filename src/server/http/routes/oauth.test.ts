// /oauth2 routes and the access rules that do not need a Salesforce login host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../db/test-database';
import type { AppInstance } from '../app';
import { startTestApp } from '../testing/test-app';
import { requireChange } from '../auth';
import { sessionHeaders } from '../test-session';

const ADMIN_KEY = 'correct-horse-battery-staple';
let testDb: TestDatabase;
let app: AppInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, testDb, close } = await startTestApp({
    env: {
      ADMIN_ACCESS_KEY: ADMIN_KEY,
      HEROKU_APP_NAME: 'pb-prod',
      SUMO_URL: 'https://sumo.example/x',
    },
    beforeReady: (built) =>
      built.post('/api/test/change', async (request) => {
        await requireChange(built, request, 'test-change', { type: 'thing', id: '1' });
        return { changed: true };
      }),
  }));
});
afterAll(() => close?.());

describe('GET /oauth2/user', () => {
  it('answers 401 JSON when not signed in (never hangs)', async () => {
    const res = await app.inject('/oauth2/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in.', subject: 'Unauthorized' });
  });

  it('describes the signed-in user with boolean flags', async () => {
    const headers = await sessionHeaders(testDb.db, {
      username: 'viewer@pushboard.demo',
      readOnly: true,
    });
    const res = await app.inject({ url: '/oauth2/user', headers });
    expect(res.json()).toEqual({
      display_name: 'Test Operator',
      username: 'viewer@pushboard.demo',
      read_only: true,
      enforce_activation_policy: true,
      enable_sumo: true,
      auth_method: 'salesforce',
    });
  });
});

describe('GET /oauth2/settings', () => {
  it('advertises the access key and app name, never the key itself', async () => {
    const res = await app.inject('/oauth2/settings');
    expect(res.json()).toEqual({ has_admin_access_key: true, app_name: 'pb-prod' });
    expect(res.body).not.toContain(ADMIN_KEY);
  });
});

// The admin access key's sign-in and its limits: admin-access.test.ts.

describe('access to changes', () => {
  it('anonymous → 401', async () => {
    // With the CSRF header, so that only the missing session stops it.
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/change',
      headers: { 'x-requested-with': 'pushboard' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('read-only → 403 with the documented text, and the denial is audited', async () => {
    const headers = await sessionHeaders(testDb.db, {
      username: 'viewer@pushboard.demo',
      readOnly: true,
    });
    const res = await app.inject({ method: 'POST', url: '/api/test/change', headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'You are only allowed to view information, not modify it.',
      subject: 'Forbidden',
    });
    const audit = await testDb.db.query(
      `SELECT actor, outcome FROM audit_log WHERE action = 'test-change'`,
    );
    expect(audit.rows).toEqual([{ actor: 'viewer@pushboard.demo', outcome: 'denied' }]);
  });

  it('a change without the CSRF header → 403, even for a full-access user', async () => {
    const { cookie } = await sessionHeaders(testDb.db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/change',
      headers: { cookie: cookie ?? '' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toMatch(/CSRF/);
  });

  it('a change from another origin → 403', async () => {
    const headers = await sessionHeaders(testDb.db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/change',
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('a full-access user with the header may change', async () => {
    const headers = await sessionHeaders(testDb.db);
    const res = await app.inject({ method: 'POST', url: '/api/test/change', headers });
    expect(res.json()).toEqual({ changed: true });
  });
});

describe('idle timeout', () => {
  it('a session idle past SESSION_TIMEOUT_HOURS is over, and a new sign-in clears it away', async () => {
    const headers = await sessionHeaders(testDb.db, { username: 'idle@x' });
    await testDb.db.query(
      `UPDATE session SET expires_at = now() - interval '1 minute' WHERE username = 'idle@x'`,
    );
    expect((await app.inject({ url: '/oauth2/user', headers })).statusCode).toBe(401);
    const signIn = await app.inject({
      method: 'POST',
      url: '/oauth2/adminaccess',
      payload: { key: ADMIN_KEY },
      headers: { 'x-requested-with': 'pushboard' },
      remoteAddress: '10.0.0.9',
    });
    expect(signIn.statusCode).toBe(200);
    const left = await testDb.db.query(`SELECT 1 FROM session WHERE username = 'idle@x'`);
    expect(left.rows).toEqual([]);
  });
});

describe('POST /oauth2/logout', () => {
  it('destroys the session server-side', async () => {
    const headers = await sessionHeaders(testDb.db);
    expect((await app.inject({ url: '/oauth2/user', headers })).statusCode).toBe(200);
    const res = await app.inject({ method: 'POST', url: '/oauth2/logout', headers });
    expect(res.json()).toEqual({ result: 'ok' });
    expect((await app.inject({ url: '/oauth2/user', headers })).statusCode).toBe(401);
  });

  it('a GET signs nobody out: there is no such route (an image or a link cannot do it)', async () => {
    const headers = await sessionHeaders(testDb.db);
    const res = await app.inject({ url: '/oauth2/logout', headers });
    expect(res.statusCode).toBe(404);
    expect((await app.inject({ url: '/oauth2/user', headers })).statusCode).toBe(200);
  });

  it('a POST without the CSRF header → 403, and the session lives on', async () => {
    const { cookie } = await sessionHeaders(testDb.db);
    const res = await app.inject({
      method: 'POST',
      url: '/oauth2/logout',
      headers: { cookie: cookie ?? '' },
    });
    expect(res.statusCode).toBe(403);
    const user = await app.inject({ url: '/oauth2/user', headers: { cookie: cookie ?? '' } });
    expect(user.statusCode).toBe(200);
  });
});
