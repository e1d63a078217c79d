// A session's life (docs/security.md "Sessions"): a sign-in rotates the id (admin key and the OAuth
// callback against the simulator's real login page), the idle and the absolute timeout end it
// (timestamps moved in the database, no sleeping), and logout everywhere ends every session of one
// user, in every browser, with their live-channel sockets, audited. Real PGlite/PostgreSQL, real
// HTTP, real socket.io.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { startSimulator, type RunningSimulator } from '../../../test/support/salesforce-simulator';
import { ConfigError, loadConfig } from '../config';
import { hashSessionId } from '../db/repositories/sessions';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import type { AppInstance } from './app';
import { startTestApp } from './testing/test-app';
import { CSRF_HEADER, CSRF_HEADER_VALUE, SESSION_COOKIE } from './auth';
import { sessionHeaders } from './test-session';
import { connectSimulatorLma } from './testing/sign-in-org';
import { listenLocally } from './testing/listen-locally';
import { simulatorConfig } from './testing/simulator-config';
import { cookiesOf } from './testing/cookies-of';

const ADMIN_KEY = 'correct-horse-battery-staple';
let testDb: TestDatabase;
let sim: RunningSimulator;
let app: AppInstance;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  sim = await startSimulator({ port: 0, dataset: 'test', pace: 'manual' });
  await connectSimulatorLma(testDb.db, sim);
  const config = simulatorConfig(sim, {
    ADMIN_ACCESS_KEY: ADMIN_KEY,
    PUBLIC_URL: 'http://localhost:5999',
    SESSION_TIMEOUT_HOURS: '2',
    SESSION_MAX_HOURS: '24',
  });
  ({ app } = await startTestApp({ testDb, config }));
  ({ url } = await listenLocally(app));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app.close();
  await sim.close();
  await testDb.drop();
});

const idOf = (headers: Record<string, string>) =>
  (headers.cookie ?? '').replace(`${SESSION_COOKIE}=`, '');
const whoAmI = (cookie: string) =>
  app.inject({ url: '/oauth2/user', headers: { cookie } }).then((res) => res.statusCode);

/** The admin key's sign-in request: a POST with the key in its body and the CSRF header. */
const adminKeyRequest = (key: string, headers: Record<string, string> = {}) =>
  ({
    method: 'POST',
    url: '/oauth2/adminaccess',
    payload: { key },
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...headers },
  }) as const;

async function adminSignIn(presented?: string): Promise<string> {
  const res = await app.inject(
    adminKeyRequest(ADMIN_KEY, presented ? { cookie: `${SESSION_COOKIE}=${presented}` } : {}),
  );
  expect(res.statusCode).toBe(200);
  const id = cookiesOf(res.headers['set-cookie'])[SESSION_COOKIE];
  expect(id).toBeTruthy();
  return id ?? '';
}

/** The OAuth web-server flow through the simulator's login page, presenting `presented`. */
async function oauthSignIn(username: string, presented?: string): Promise<string> {
  const start = await app.inject('/oauth2/loginurl');
  const { url: authorizeUrl } = start.json<{ url: string }>();
  const state = cookiesOf(start.headers['set-cookie'])['pb_oauth_state'] ?? '';
  const form = new URLSearchParams(new URL(authorizeUrl).searchParams);
  form.set('username', username);
  form.set('password', 'demo');
  form.set('action', 'login');
  const answer = await fetch(`${sim.url}/services/oauth2/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const callback = new URL(answer.headers.get('location') ?? '');
  const cookies = [`pb_oauth_state=${state}`];
  if (presented) cookies.push(`${SESSION_COOKIE}=${presented}`);
  const res = await app.inject({
    url: callback.pathname + callback.search,
    headers: { cookie: cookies.join('; ') },
  });
  expect(res.statusCode).toBe(302);
  const id = cookiesOf(res.headers['set-cookie'])[SESSION_COOKIE];
  expect(id).toBeTruthy();
  return id ?? '';
}

/** The session's row: hours until it ends, and whether it ends exactly at its absolute end. */
async function sessionRow(id: string) {
  const { rows } = await testDb.db.query<{ hours_left: number; at_absolute_end: boolean }>(
    `SELECT (extract(epoch FROM expires_at - now()) / 3600)::float8 AS hours_left,
       expires_at = created_at + interval '24 hours' AS at_absolute_end
     FROM session WHERE id_hash = $1`,
    [hashSessionId(id)],
  );
  return rows[0];
}

describe('session rotation on sign-in', () => {
  it('the admin key sign-in ends the session the browser presented and issues a new id', async () => {
    const first = await adminSignIn();
    const second = await adminSignIn(first);
    expect(second).not.toBe(first);
    expect(await whoAmI(`${SESSION_COOKIE}=${first}`)).toBe(401);
    expect(await whoAmI(`${SESSION_COOKIE}=${second}`)).toBe(200);
    expect(await sessionRow(first)).toBeUndefined();
  });

  it("a planted session (someone else's id) is worth nothing after the victim signs in", async () => {
    const planted = idOf(await sessionHeaders(testDb.db, { username: 'attacker@x' }));
    const mine = await oauthSignIn('operator@pushboard.demo', planted);
    expect(mine).not.toBe(planted);
    expect(await whoAmI(`${SESSION_COOKIE}=${planted}`)).toBe(401);
    const user = await app.inject({
      url: '/oauth2/user',
      headers: { cookie: `${SESSION_COOKIE}=${mine}` },
    });
    expect(user.json()).toMatchObject({ username: 'operator@pushboard.demo' });
  });

  it('the OAuth callback ends the previous session of the same browser', async () => {
    const before = await oauthSignIn('admin@pushboard.demo');
    const after = await oauthSignIn('admin@pushboard.demo', before);
    expect(after).not.toBe(before);
    expect(await whoAmI(`${SESSION_COOKIE}=${before}`)).toBe(401);
    expect(await whoAmI(`${SESSION_COOKIE}=${after}`)).toBe(200);
  });

  it('a wrong admin key leaves the presented session alone', async () => {
    const mine = await adminSignIn();
    const res = await app.inject({
      ...adminKeyRequest('wrong-key-wrong-key', { cookie: `${SESSION_COOKIE}=${mine}` }),
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(401);
    expect(await whoAmI(`${SESSION_COOKIE}=${mine}`)).toBe(200);
  });
});

describe('idle and absolute timeouts', () => {
  it('a session idle past SESSION_TIMEOUT_HOURS is refused', async () => {
    const headers = await sessionHeaders(testDb.db, { username: 'idle@x' });
    expect(await whoAmI(headers.cookie!)).toBe(200);
    await testDb.db.query(
      `UPDATE session SET last_seen_at = now() - interval '2 hours 1 minute',
         expires_at = now() - interval '1 minute' WHERE id_hash = $1`,
      [hashSessionId(idOf(headers))],
    );
    expect(await whoAmI(headers.cookie!)).toBe(401);
  });

  it('activity slides the idle end forward', async () => {
    const headers = await sessionHeaders(testDb.db, { username: 'busy@x' });
    await testDb.db.query(
      `UPDATE session SET last_seen_at = now() - interval '90 minutes',
         expires_at = now() + interval '30 minutes' WHERE id_hash = $1`,
      [hashSessionId(idOf(headers))],
    );
    expect(await whoAmI(headers.cookie!)).toBe(200);
    const row = await sessionRow(idOf(headers));
    expect(row!.hours_left).toBeGreaterThan(1.9);
    expect(row!.hours_left).toBeLessThanOrEqual(2);
    expect(row!.at_absolute_end).toBe(false);
  });

  it('a session older than SESSION_MAX_HOURS is refused however active it is', async () => {
    const headers = await sessionHeaders(testDb.db, { username: 'old@x' });
    await testDb.db.query(
      `UPDATE session SET created_at = now() - interval '24 hours 1 minute',
         last_seen_at = now(), expires_at = now() + interval '2 hours' WHERE id_hash = $1`,
      [hashSessionId(idOf(headers))],
    );
    expect(await whoAmI(headers.cookie!)).toBe(401);
  });

  it('activity never slides the end past created_at + SESSION_MAX_HOURS', async () => {
    const headers = await sessionHeaders(testDb.db, { username: 'almost-old@x' });
    await testDb.db.query(
      `UPDATE session SET created_at = now() - interval '23 hours 30 minutes',
         last_seen_at = now() - interval '5 minutes', expires_at = now() + interval '5 minutes'
       WHERE id_hash = $1`,
      [hashSessionId(idOf(headers))],
    );
    expect(await whoAmI(headers.cookie!)).toBe(200);
    // Sliding would give 2 hours; the absolute end is 30 minutes away. The live channel and the
    // clean-up read expires_at, so they honour the absolute end too.
    const row = await sessionRow(idOf(headers));
    expect(row!.at_absolute_end).toBe(true);
    expect(row!.hours_left).toBeLessThanOrEqual(0.5);
  });

  it('the session cookie lives as long as the session may (SESSION_MAX_HOURS)', async () => {
    const res = await app.inject(adminKeyRequest(ADMIN_KEY));
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
    expect(cookie).toMatch(/Max-Age=86400/);
  });

  it('SESSION_MAX_HOURS is validated at boot', () => {
    expect(() => loadConfig({ SESSION_MAX_HOURS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ SESSION_MAX_HOURS: 'forever' })).toThrow(/SESSION_MAX_HOURS/);
    expect(loadConfig({}).SESSION_MAX_HOURS).toBe(24);
  });
});

function open(cookie: string, at = url): Socket {
  const socket = connect(at, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie },
  });
  sockets.push(socket);
  return socket;
}
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describe('logout everywhere', () => {
  it("ends every session of the user and disconnects their live sockets; others' survive", async () => {
    const laptop = await sessionHeaders(testDb.db, { username: 'ada@x' });
    const phone = await sessionHeaders(testDb.db, { username: 'ada@x', readOnly: true });
    const other = await sessionHeaders(testDb.db, { username: 'bob@x' });
    const [laptopTab, phoneTab, otherTab] = [
      open(laptop.cookie!),
      open(phone.cookie!),
      open(other.cookie!),
    ];
    await Promise.all([laptopTab, phoneTab, otherTab].map(connected));
    const gone = [disconnected(laptopTab), disconnected(phoneTab)];

    const res = await fetch(`${url}/oauth2/logout-everywhere`, { method: 'POST', headers: phone });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: 'ok', sessions: 2 });
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));

    expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(await whoAmI(laptop.cookie!)).toBe(401);
    expect(await whoAmI(phone.cookie!)).toBe(401);
    expect(await whoAmI(other.cookie!)).toBe(200);
    expect(otherTab.connected).toBe(true);

    const { rows } = await testDb.db.query<{ actor: string; details: { sessions: number } }>(
      `SELECT actor, details FROM audit_log WHERE action = 'sign-out-everywhere'`,
    );
    expect(rows).toEqual([{ actor: 'ada@x', details: { sessions: 2 } }]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "disconnects the user's sockets held by another web process (PostgreSQL adapter)",
    async () => {
      const { app: second } = await startTestApp({ testDb });
      try {
        const { url: secondUrl } = await listenLocally(second);
        const here = await sessionHeaders(testDb.db, { username: 'erin@x' });
        const there = await sessionHeaders(testDb.db, { username: 'erin@x' });
        const remoteTab = open(there.cookie!, secondUrl);
        await connected(remoteTab);
        const gone = disconnected(remoteTab);
        // The adapter needs a moment to subscribe to its channel after start-up.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const res = await app.inject({
          method: 'POST',
          url: '/oauth2/logout-everywhere',
          headers: here,
        });
        expect(res.json()).toEqual({ result: 'ok', sessions: 2 });
        expect(await gone).toBe('io server disconnect');
      } finally {
        await second.close();
      }
    },
  );

  it('needs the CSRF header (a cross-site form cannot sign anyone out) and a session', async () => {
    const headers = await sessionHeaders(testDb.db, { username: 'carol@x' });
    const { [CSRF_HEADER]: _csrf, ...withoutCsrf } = headers;
    const forged = await app.inject({
      method: 'POST',
      url: '/oauth2/logout-everywhere',
      headers: withoutCsrf,
    });
    expect(forged.statusCode).toBe(403);
    expect(await whoAmI(headers.cookie!)).toBe(200);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/oauth2/logout-everywhere',
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the plain sign-out is audited and disconnects that session only', async () => {
    const first = await sessionHeaders(testDb.db, { username: 'dan@x' });
    const second = await sessionHeaders(testDb.db, { username: 'dan@x' });
    const [firstTab, secondTab] = [open(first.cookie!), open(second.cookie!)];
    await Promise.all([firstTab, secondTab].map(connected));
    const gone = disconnected(firstTab);
    const res = await app.inject({ method: 'POST', url: '/oauth2/logout', headers: first });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(await whoAmI(first.cookie!)).toBe(401);
    expect(await whoAmI(second.cookie!)).toBe(200);
    expect(secondTab.connected).toBe(true);
    const { rows } = await testDb.db.query<{ actor: string }>(
      `SELECT actor FROM audit_log WHERE action = 'sign-out'`,
    );
    expect(rows).toEqual([{ actor: 'dan@x' }]);
  });
});
