// The live channel over real sockets: the handshake's Origin, authentication, broadcast to every
// tab, authorization of each client message against the session as it is then (expired,
// read-only), bad payloads, and fan-out between two server instances on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import type { AppInstance } from '../http/app';
import { listenLocally } from '../http/testing/listen-locally';
import { startTestApp } from '../http/testing/test-app';
import { sessionHeaders } from '../http/test-session';
import type { Actor } from '../actor';
import { CLIENT_MESSAGES, READ_ONLY_CLIENT_MESSAGES } from '../../domain/live-events';

let testDb: TestDatabase;
const apps: AppInstance[] = [];
const sockets: Socket[] = [];
const calls: { name: string; actor: string; argument: unknown }[] = [];

async function startApp(): Promise<{ app: AppInstance; url: string }> {
  const record = (name: string) => async (actor: Actor, argument: unknown) => {
    calls.push({ name, actor: actor.username, argument });
  };
  const { app } = await startTestApp({
    testDb,
    deps: { liveCommands: Object.fromEntries(CLIENT_MESSAGES.map((name) => [name, record(name)])) },
  });
  const { url } = await listenLocally(app);
  apps.push(app);
  return { app, url };
}

/** The console's origin in these tests: PUBLIC_URL defaults to http://localhost:<PORT>. */
const CONSOLE_ORIGIN = 'http://localhost:5000';

function open(
  url: string,
  cookie?: string,
  {
    origin,
    transport = 'websocket',
  }: { origin?: string; transport?: 'websocket' | 'polling' } = {},
): Socket {
  const headers = { ...(cookie ? { cookie } : {}), ...(origin !== undefined ? { origin } : {}) };
  const socket = connect(url, {
    transports: [transport],
    reconnection: false,
    extraHeaders: headers,
  });
  sockets.push(socket);
  return socket;
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
const next = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));
const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

let main: { app: AppInstance; url: string };
beforeAll(async () => {
  testDb = await createTestDatabase();
  main = await startApp();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  for (const app of apps) await app.close();
  await testDb.drop();
});

describe('live channel handshake origin', () => {
  it.each(['websocket', 'polling'] as const)(
    'refuses a foreign, null or malformed Origin even with a valid session (%s)',
    async (transport) => {
      const user = await sessionHeaders(testDb.db, { username: `origin-${transport}@x` });
      for (const origin of [
        'https://evil.example',
        'null',
        'not a url',
        'http://localhost:5000.evil.example',
        'http://localhost:5001',
        'https://localhost:5000',
        'http://localhost:5000/',
        'http://localhost:5000, https://evil.example',
        '',
      ]) {
        const socket = open(main.url, user.cookie, { origin, transport });
        await expect(connected(socket), origin).rejects.toThrow();
        expect(socket.connected).toBe(false);
      }
      expect(calls.some((c) => c.actor === `origin-${transport}@x`)).toBe(false);
    },
  );

  it.each(['websocket', 'polling'] as const)(
    "accepts the console's own origin and a handshake without Origin (%s)",
    async (transport) => {
      const user = await sessionHeaders(testDb.db, { username: `same-${transport}@x` });
      const same = open(main.url, user.cookie, { origin: CONSOLE_ORIGIN, transport });
      await connected(same);
      same.emit('fetch');
      await expect
        .poll(() => calls.some((c) => c.actor === `same-${transport}@x` && c.name === 'fetch'))
        .toBe(true);
      // A browser's polling handshake from the console's own page is a same-origin GET, sent
      // without Origin; a non-browser client sends none either.
      await connected(open(main.url, user.cookie, { transport }));
    },
  );

  it('answers a refused handshake with 403 and no session id', async () => {
    const user = await sessionHeaders(testDb.db, { username: 'raw@x' });
    const refused = await fetch(`${main.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { cookie: user.cookie!, origin: 'https://evil.example' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('"sid"');
    const accepted = await fetch(`${main.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { cookie: user.cookie!, origin: CONSOLE_ORIGIN },
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain('"sid"');
  });
});

describe('live channel', () => {
  it('refuses anonymous connections', async () => {
    await expect(connected(open(main.url))).rejects.toThrow('unauthorized');
    await expect(connected(open(main.url, 'pb_session=forged'))).rejects.toThrow('unauthorized');
  });

  it('broadcasts an event to every connected tab of every user', async () => {
    const a = await sessionHeaders(testDb.db, { username: 'a@x' });
    const b = await sessionHeaders(testDb.db, { username: 'b@x', readOnly: true });
    const tabs = [open(main.url, a.cookie), open(main.url, a.cookie), open(main.url, b.cookie)];
    await Promise.all(tabs.map(connected));
    const received = tabs.map((tab) => next(tab, 'upgrade-items'));
    main.app.live.publish('upgrade-items', { ids: [7], transid: 't1' });
    expect(await Promise.all(received)).toEqual([
      { ids: [7], transid: 't1' },
      { ids: [7], transid: 't1' },
      { ids: [7], transid: 't1' },
    ]);
  });

  it('authorizes client messages like HTTP: read-only may refresh versions but not fetch', async () => {
    const viewer = await sessionHeaders(testDb.db, { username: 'viewer@x', readOnly: true });
    const socket = open(main.url, viewer.cookie);
    await connected(socket);
    const refused = next<{ subject: string; message: string }>(socket, 'fail');
    socket.emit('fetch');
    expect(await refused).toEqual({
      subject: 'Forbidden',
      message: 'You are only allowed to view information, not modify it.',
    });
    socket.emit('refresh-org-versions', '00D000000000001EAA');
    await expect
      .poll(() => calls.find((c) => c.actor === 'viewer@x'))
      .toEqual({
        name: 'refresh-org-versions',
        actor: 'viewer@x',
        argument: '00D000000000001EAA',
      });
    expect(calls.some((c) => c.actor === 'viewer@x' && c.name === 'fetch')).toBe(false);
  });

  it('refuses every message but the read-only ones to a read-only user, without running it', async () => {
    const viewer = await sessionHeaders(testDb.db, { username: 'viewer2@x', readOnly: true });
    const socket = open(main.url, viewer.cookie);
    await connected(socket);
    const refusedNames = CLIENT_MESSAGES.filter(
      (name) => !READ_ONLY_CLIENT_MESSAGES.includes(name),
    );
    expect(refusedNames.length).toBeGreaterThan(3);
    for (const name of refusedNames) {
      const refused = next<{ subject: string }>(socket, 'fail');
      socket.emit(name as 'fetch');
      expect((await refused).subject, name).toBe('Forbidden');
    }
    expect(calls.filter((c) => c.actor === 'viewer2@x')).toEqual([]);
  });

  it('refuses a message once the session has expired (idle timeout) and disconnects the socket', async () => {
    const user = await sessionHeaders(testDb.db, { username: 'expiring@x' });
    const socket = open(main.url, user.cookie, { origin: CONSOLE_ORIGIN });
    await connected(socket);
    await testDb.db.query(
      `UPDATE session SET expires_at = now() - interval '1 second' WHERE username = 'expiring@x'`,
    );
    const refused = next<{ subject: string; message: string }>(socket, 'fail');
    const gone = disconnected(socket);
    socket.emit('fetch');
    expect(await refused).toEqual({ subject: 'Unauthorized', message: 'Please sign in.' });
    expect(await gone).toBe('io server disconnect');
    expect(calls.some((c) => c.actor === 'expiring@x')).toBe(false);
  });

  it('refuses a message once the session is older than SESSION_MAX_HOURS, even if not idle', async () => {
    const user = await sessionHeaders(testDb.db, { username: 'old@x' });
    const socket = open(main.url, user.cookie, { origin: CONSOLE_ORIGIN });
    await connected(socket);
    // Still inside its idle window, but signed in longer ago than the absolute limit allows (a
    // limit lowered since sign-in ends longer sessions at once).
    const maxHours = loadConfig({}).SESSION_MAX_HOURS;
    await testDb.db.query(
      `UPDATE session SET created_at = now() - make_interval(hours => $1 + 1),
              expires_at = now() + interval '1 hour' WHERE username = 'old@x'`,
      [maxHours],
    );
    const refused = next<{ subject: string }>(socket, 'fail');
    const gone = disconnected(socket);
    socket.emit('fetch');
    expect((await refused).subject).toBe('Unauthorized');
    expect(await gone).toBe('io server disconnect');
    expect(calls.some((c) => c.actor === 'old@x')).toBe(false);
  });

  it('refuses a change message once the session turned read-only, without running it', async () => {
    const user = await sessionHeaders(testDb.db, { username: 'demoted@x' });
    const socket = open(main.url, user.cookie, { origin: CONSOLE_ORIGIN });
    await connected(socket);
    socket.emit('fetch');
    await expect.poll(() => calls.filter((c) => c.actor === 'demoted@x').length).toBe(1);
    await testDb.db.query(`UPDATE session SET read_only = true WHERE username = 'demoted@x'`);
    const refused = next<{ subject: string; message: string }>(socket, 'fail');
    socket.emit('fetch-upgrades');
    expect(await refused).toEqual({
      subject: 'Forbidden',
      message: 'You are only allowed to view information, not modify it.',
    });
    expect(calls.filter((c) => c.actor === 'demoted@x').map((c) => c.name)).toEqual(['fetch']);
    expect(socket.connected).toBe(true);
  });

  it('rejects bad payloads with an error event and keeps serving', async () => {
    const operator = await sessionHeaders(testDb.db, { username: 'op@x' });
    const socket = open(main.url, operator.cookie);
    await connected(socket);
    const failed = next<{ subject: string; message: string }>(socket, 'fail');
    socket.emit('refresh-org-versions', { evil: true });
    expect(await failed).toMatchObject({ subject: 'Invalid Request' });
    socket.emit('fetch');
    await expect.poll(() => calls.some((c) => c.actor === 'op@x' && c.name === 'fetch')).toBe(true);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'an event published by one server instance reaches a client of another (PostgreSQL)',
    async () => {
      const second = await startApp();
      const user = await sessionHeaders(testDb.db, { username: 'multi@x' });
      const socket = open(second.url, user.cookie);
      await connected(socket);
      const received = next(socket, 'orgs');
      // The adapter needs a moment to subscribe to the channel after start-up.
      await new Promise((resolve) => setTimeout(resolve, 500));
      main.app.live.publish('orgs', { transid: 'cross-process' });
      expect(await received).toEqual({ transid: 'cross-process' });
    },
  );
});
