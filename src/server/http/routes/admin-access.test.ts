// POST /oauth2/adminaccess on a real database: the key travels only in a POST body with the CSRF
// header; wrong keys are counted before the key is compared, per client address (request.ip,
// which believes X-Forwarded-For only as far as TRUST_PROXY says) and across every address (the
// global ceiling), so parallel guesses and rotated addresses get no more comparisons than the
// limits allow; every wrong key is audited, and a right key counts against no one.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../db/test-database';
import { ADMIN_KEY_LIMITS } from '../../services/admin-key';
import type { AppInstance } from '../app';
import { startTestApp } from '../testing/test-app';
import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE } from '../auth';

const ADMIN_KEY = 'correct-horse-battery-staple';
const WRONG_KEY = 'wrong-horse-battery-staple';
const { perAddress, overall } = ADMIN_KEY_LIMITS;

let testDb: TestDatabase;
/** TRUST_PROXY unset (0): X-Forwarded-For is never believed. */
let app: AppInstance;
let close: () => Promise<void>;
/** TRUST_PROXY=1: one proxy (Heroku's router) appends the address it saw. */
let proxied: AppInstance;
let closeProxied: () => Promise<void>;

beforeAll(async () => {
  ({ app, testDb, close } = await startTestApp({ env: { ADMIN_ACCESS_KEY: ADMIN_KEY } }));
  ({ app: proxied, close: closeProxied } = await startTestApp({
    testDb,
    env: { ADMIN_ACCESS_KEY: ADMIN_KEY, TRUST_PROXY: '1' },
  }));
});
afterAll(async () => {
  await closeProxied?.();
  await close?.();
});
// Every test starts with fresh windows; their audit rows stay apart by client address.
beforeEach(async () => {
  await testDb.db.query('DELETE FROM admin_key_throttle');
});

interface Attempt {
  from?: string;
  headers?: Record<string, string>;
  returnTo?: string;
  to?: AppInstance;
}

function attempt(
  key: string,
  { from = '10.0.0.1', headers = {}, returnTo, to = app }: Attempt = {},
) {
  return to.inject({
    method: 'POST',
    url: '/oauth2/adminaccess',
    payload: { key, ...(returnTo !== undefined ? { returnTo } : {}) },
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...headers },
    remoteAddress: from,
  });
}

const sessionCookieOf = (setCookie: string | string[] | undefined) =>
  ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((out, s) => ({ ...out, [s]: (out[s] ?? 0) + 1 }), {});

/** The audit rows of admin-key sign-ins from these client addresses, oldest first. */
async function auditOf(...clients: string[]) {
  const { rows } = await testDb.db.query<{
    outcome: string;
    client: string;
    locked: string[] | null;
  }>(
    `SELECT outcome, details->>'client' AS client, details->'locked' AS locked FROM audit_log
     WHERE action = 'sign-in-admin-key' AND details->>'client' = ANY($1::text[]) ORDER BY id`,
    [clients],
  );
  return rows;
}

describe('the key travels in a POST body, never in a URL', () => {
  it('signs in a full-access user named admin-key, and sanitises returnTo', async () => {
    const res = await attempt(ADMIN_KEY, { from: '10.1.0.1', returnTo: '//evil.example/x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: '/' });
    const cookie = sessionCookieOf(res.headers['set-cookie']) ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const user = await app.inject({
      url: '/oauth2/user',
      headers: { cookie: cookie.split(';')[0] },
    });
    expect(user.json()).toMatchObject({ username: 'admin-key', read_only: false });
    expect(await auditOf('10.1.0.1')).toEqual([
      { outcome: 'success', client: '10.1.0.1', locked: null },
    ]);
  });

  it('a GET with ?key= (the right one) finds no route and signs nobody in', async () => {
    for (const url of [
      `/oauth2/adminaccess?key=${ADMIN_KEY}`,
      `/oauth2/adminaccess?k%65y=${ADMIN_KEY}`,
    ]) {
      const res = await app.inject({ url, remoteAddress: '10.1.0.2' });
      expect(res.statusCode).toBe(404);
      expect(sessionCookieOf(res.headers['set-cookie'])).toBeUndefined();
    }
    // A key in the query string of a POST is not read either: the body must carry it.
    const inQuery = await app.inject({
      method: 'POST',
      url: `/oauth2/adminaccess?key=${ADMIN_KEY}`,
      payload: {},
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      remoteAddress: '10.1.0.2',
    });
    expect(inQuery.statusCode).toBe(400);
    expect(inQuery.json()).toMatchObject({ field: 'key' });
    expect(sessionCookieOf(inQuery.headers['set-cookie'])).toBeUndefined();
    expect(await auditOf('10.1.0.2')).toEqual([]);
  });

  it('without the CSRF header → 403 before anything is counted or compared', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth2/adminaccess',
      payload: { key: ADMIN_KEY },
      remoteAddress: '10.1.0.3',
    });
    expect(res.statusCode).toBe(403);
    expect(sessionCookieOf(res.headers['set-cookie'])).toBeUndefined();
    const counted = await testDb.db.query('SELECT 1 FROM admin_key_throttle');
    expect(counted.rows).toEqual([]);
    expect(await auditOf('10.1.0.3')).toEqual([]);
  });
});

describe('wrong keys per client address', () => {
  it(`${perAddress} wrong keys, then 429 (even for the right key); another address is unaffected`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < perAddress + 2; i++)
      statuses.push((await attempt(WRONG_KEY, { from: '10.2.0.1' })).statusCode);
    expect(statuses).toEqual([...Array<number>(perAddress).fill(401), 429, 429]);
    const locked = await attempt(ADMIN_KEY, { from: '10.2.0.1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ message: string }>().message).toMatch(/from your address/);
    expect((await attempt(ADMIN_KEY, { from: '10.2.0.2' })).statusCode).toBe(200);
    // Each wrong key that was compared is audited; the one that reached the limit says so.
    const rows = await auditOf('10.2.0.1');
    expect(rows.map((row) => row.outcome)).toEqual(Array<string>(perAddress).fill('denied'));
    expect(rows.at(-1)?.locked).toEqual(['address']);
  });

  it('40 parallel wrong keys from one address: exactly 5 compared and audited, 35 answered 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => attempt(WRONG_KEY, { from: '10.3.0.1' })),
    );
    expect(tally(answers.map((res) => res.statusCode))).toEqual({
      401: perAddress,
      429: 40 - perAddress,
    });
    expect(await auditOf('10.3.0.1')).toHaveLength(perAddress);
  });

  it('with TRUST_PROXY=0 a rotating X-Forwarded-For does not reset the count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await attempt(WRONG_KEY, {
        from: '10.4.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(perAddress).fill(401), 429, 429, 429]);
    // Every attempt was counted (and audited) under the socket's address, none under a header's.
    expect(await auditOf('10.4.0.1')).toHaveLength(perAddress);
    const claimed = Array.from({ length: 8 }, (_, i) => `203.0.113.${i + 1}`);
    expect(await auditOf(...claimed)).toEqual([]);
  });

  it('behind one trusted proxy, the address the proxy saw counts; a client-written prefix does not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await attempt(WRONG_KEY, {
        to: proxied,
        from: '10.5.0.254',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.7` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(perAddress).fill(401), 429, 429, 429]);
    expect(await auditOf('198.51.100.7')).toHaveLength(perAddress);
    // Another client behind the same proxy is unaffected.
    const other = await attempt(ADMIN_KEY, {
      to: proxied,
      from: '10.5.0.254',
      headers: { 'x-forwarded-for': '198.51.100.8' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('an IPv6 client is counted by its /64: new addresses in the same block do not reset it', async () => {
    for (let i = 1; i <= perAddress; i++)
      expect((await attempt(WRONG_KEY, { from: `2001:db8:1:2::${i}` })).statusCode).toBe(401);
    expect((await attempt(WRONG_KEY, { from: '2001:db8:1:2:ffff::9' })).statusCode).toBe(429);
    expect((await attempt(WRONG_KEY, { from: '2001:db8:1:3::1' })).statusCode).toBe(401);
  });

  it('a right key counts against no one', async () => {
    for (let i = 0; i < perAddress - 1; i++)
      expect((await attempt(WRONG_KEY, { from: '10.6.0.1' })).statusCode).toBe(401);
    expect((await attempt(ADMIN_KEY, { from: '10.6.0.1' })).statusCode).toBe(200);
    // The right key gave its place back: one more wrong key is compared, the next is not.
    expect((await attempt(WRONG_KEY, { from: '10.6.0.1' })).statusCode).toBe(401);
    expect((await attempt(WRONG_KEY, { from: '10.6.0.1' })).statusCode).toBe(429);
  });

  it('a lock ends with its window, and the count starts again', async () => {
    for (let i = 0; i < perAddress; i++) await attempt(WRONG_KEY, { from: '10.7.0.1' });
    expect((await attempt(WRONG_KEY, { from: '10.7.0.1' })).statusCode).toBe(429);
    await testDb.db.query(
      `UPDATE admin_key_throttle SET window_start = window_start - interval '15 minutes'`,
    );
    expect((await attempt(WRONG_KEY, { from: '10.7.0.1' })).statusCode).toBe(401);
    expect((await attempt(ADMIN_KEY, { from: '10.7.0.1' })).statusCode).toBe(200);
  });
});

describe('the global ceiling on wrong keys across every address', () => {
  it(`${overall} wrong keys from ${overall} addresses, then every address gets 429 (the right key too) until the window ends`, async () => {
    const guessers = Array.from(
      { length: overall },
      (_, i) => `10.8.${Math.floor(i / 200)}.${(i % 200) + 1}`,
    );
    for (const from of guessers) expect((await attempt(WRONG_KEY, { from })).statusCode).toBe(401);
    const next = await attempt(WRONG_KEY, { from: '10.8.9.1' });
    expect(next.statusCode).toBe(429);
    expect(next.json<{ message: string }>().message).toMatch(/paused for everyone/);
    expect((await attempt(ADMIN_KEY, { from: '10.8.9.2' })).statusCode).toBe(429);
    const rows = await auditOf(...guessers, '10.8.9.1', '10.8.9.2');
    expect(rows).toHaveLength(overall);
    expect(rows.at(-1)?.locked).toEqual(['all']);

    await testDb.db.query(
      `UPDATE admin_key_throttle SET window_start = window_start - interval '15 minutes'`,
    );
    expect((await attempt(ADMIN_KEY, { from: '10.8.9.2' })).statusCode).toBe(200);
  });

  it(`80 parallel wrong keys from 80 addresses: exactly ${overall} compared and audited`, async () => {
    const guessers = Array.from({ length: 80 }, (_, i) => `10.9.0.${i + 1}`);
    const answers = await Promise.all(guessers.map((from) => attempt(WRONG_KEY, { from })));
    expect(tally(answers.map((res) => res.statusCode))).toEqual({
      401: overall,
      429: 80 - overall,
    });
    expect(await auditOf(...guessers)).toHaveLength(overall);
  });
});
