// The live channel over real sockets: authentication, broadcast to every tab, authorization of
// client messages, bad payloads, and fan-out between two server instances on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { buildApp, type AppInstance } from '../http/app';
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
  const app = await buildApp(
    {
      config: loadConfig({}),
      db: testDb.db,
      secretKey: 'k'.repeat(64),
      liveCommands: Object.fromEntries(CLIENT_MESSAGES.map((name) => [name, record(name)])),
    },
    { logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  const address = app.server.address();
  return {
    app,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  };
}

function open(url: string, cookie?: string): Socket {
  const socket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
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
