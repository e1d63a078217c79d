// "No secret ever leaks": the console, with its logger at trace level writing into memory, the
// job engine, a real socket.io client and the simulator over HTTP, is driven through sign-in
// (OAuth, admin key, a wrong admin key), connecting orgs, refresh, export, a fetch job, a rekey
// job and a GET of every read route. Then no response (body or header), no live message, no log
// line, no job row and no audit row may contain SECRET_KEY, ADMIN_ACCESS_KEY, the connected
// app's client secret or any access or refresh token the simulator issued — raw, base64,
// base64url or URL-encoded.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startSimulator, type RunningSimulator } from '../../test/support/salesforce-simulator';
import { loadConfig } from './config';
import { createTestDatabase, type TestDatabase } from './db/test-database';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from './http/auth';
import { buildApp, type AppInstance } from './http/app';
import { cookiesOf } from './http/testing/cookies-of';
import { listenLocally } from './http/testing/listen-locally';
import { createJobEngine, type JobEngine } from './jobs/engine';
import { createJobLogger } from './jobs/job-logger';
import { JobRelay } from './jobs/job-relay';
import { jobLiveCommands } from './jobs/live-commands';
import { LiveRelay } from './jobs/live-relay';
import { FAST_TIMING } from './jobs/testing/test-jobs';
import { buildServices } from './services/build-services';
import { rekeySecretsJob } from './services/secrets/rekey-job';
import { createSyncJobDefinitions } from './sync/definitions';

const SECRET_KEY = 'leak-test-secret-key-0123456789abcdef0123456789';
const PREVIOUS_KEY = 'leak-test-previous-key-9876543210fedcba98765432';
const ADMIN_ACCESS_KEY = 'leak-test-admin-access-key-5a7c';
const CLIENT_SECRET = 'leak-test-client-secret-2f9e41';

let sim: RunningSimulator;
let testDb: TestDatabase;
let app: AppInstance;
let jobs: JobEngine;
let url: string;
let socket: Socket | undefined;

/** Everything that left the server: responses, live messages, log lines. */
const responses: { what: string; text: string }[] = [];
const liveMessages: string[] = [];
const logLines: string[] = [];
/** Plain tokens seen in the database along the way (access tokens change on refresh). */
const tokens = new Set<string>();

async function request(options: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  payload?: unknown;
}) {
  const res = await app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    headers: options.headers ?? {},
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
  responses.push({
    what: `${options.method ?? 'GET'} ${options.url} → ${res.statusCode}`,
    text: `${JSON.stringify(res.headers)}\n${res.body}`,
  });
  return res;
}

/** Reads every stored token (sealed) and remembers its plain value. */
async function collectTokens(): Promise<void> {
  for (const table of ['connected_org', 'session']) {
    const { rows } = await testDb.db.query<{ a: string | null; r: string | null }>(
      `SELECT access_token_enc AS a, refresh_token_enc AS r FROM ${table}`,
    );
    for (const row of rows)
      for (const sealed of [row.a, row.r])
        if (sealed) tokens.add(app.services.secrets.decrypt(sealed));
  }
}

/** The login page of the simulator answered as `username`; returns the console's callback. */
async function loginAt(authorizeUrl: string, username: string): Promise<string> {
  const authorize = new URL(authorizeUrl);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('username', username);
  form.set('password', 'demo');
  form.set('action', 'login');
  const answer = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  const callback = new URL(answer.headers.get('location') ?? '');
  return callback.pathname + callback.search;
}

async function signInWithOAuth(): Promise<Record<string, string>> {
  const start = await request({ url: '/oauth2/loginurl?returnTo=/orgs' });
  const state = cookiesOf(start.headers['set-cookie'])['pb_oauth_state'] ?? '';
  const callback = await loginAt(start.json<{ url: string }>().url, 'admin@pushboard.demo');
  const done = await request({ url: callback, headers: { cookie: `pb_oauth_state=${state}` } });
  expect(done.statusCode).toBe(302);
  const session = cookiesOf(done.headers['set-cookie'])['pb_session'];
  expect(session).toBeTruthy();
  return { cookie: `pb_session=${session}`, [CSRF_HEADER]: CSRF_HEADER_VALUE };
}

async function connectOrg(
  headers: Record<string, string>,
  type: 'Package' | 'Licenses',
  org: RunningSimulator['orgs'][number],
): Promise<void> {
  const start = await request({ url: `/oauth2/orgurl?type=${type}`, headers });
  expect(start.statusCode).toBe(200);
  const state = cookiesOf(start.headers['set-cookie'])['pb_connect_state'] ?? '';
  const callback = await loginAt(start.json<{ url: string }>().url, org.users[0]?.username ?? '');
  const done = await request({
    url: callback,
    headers: { cookie: `${headers.cookie}; pb_connect_state=${state}` },
  });
  expect(done.statusCode).toBe(302);
  expect(String(done.headers.location)).not.toMatch(/code=/);
}

async function runToEnd(type: 'fetch' | 'rekey-secrets'): Promise<void> {
  const id = await jobs.start(type, {}, 'admin@pushboard.demo');
  await vi.waitFor(
    async () => {
      const { rows } = await testDb.db.query<{ status: string }>(
        'SELECT status FROM admin_job WHERE id = $1',
        [id],
      );
      expect(rows[0]?.status).toBe('Complete');
    },
    { timeout: 60_000, interval: 100 },
  );
}

beforeAll(async () => {
  sim = await startSimulator({
    port: 0,
    dataset: 'test',
    pace: 'manual',
    clientSecret: CLIENT_SECRET,
  });
  testDb = await createTestDatabase();
  const env = loadConfig({
    // The operator signs in before any org is connected: the LMA is named instead.
    AUTH_ORG_ID: sim.orgs.find((org) => org.kind === 'lma')?.orgId ?? '',
    PUBLIC_URL: 'http://localhost:5995',
    LOG_LEVEL: 'trace',
    SECRET_KEY: `${SECRET_KEY},${PREVIOUS_KEY}`,
    ADMIN_ACCESS_KEY,
    SF_SANDBOX_LOGIN_URL: `${sim.url}/sandbox`,
  });
  const config = {
    ...env,
    salesforce: { clientId: 'pushboard-demo', clientSecret: CLIENT_SECRET, loginUrl: sim.url },
  };
  const deps = {
    config,
    db: testDb.db,
    secretKey: SECRET_KEY,
    secretKeys: config.secretKeys,
  };
  const live = new LiveRelay();
  const jobStarter = new JobRelay();
  const services = buildServices({ ...deps, live, jobs: jobStarter });
  const logLine = (line: string) => void logLines.push(line);
  jobs = await createJobEngine({
    db: testDb.db,
    live,
    log: createJobLogger('trace', logLine),
    role: 'all',
    timing: FAST_TIMING,
    definitions: [
      ...createSyncJobDefinitions({
        db: testDb.db,
        gateway: services.gateway!,
        live,
        config,
        instancesUrl: `${sim.url}/status`,
        now: () => sim.control.now(),
      }),
      rekeySecretsJob({ db: testDb.db, secrets: services.secrets, live }),
    ],
  });
  jobStarter.attach(jobs);
  app = await buildApp(
    { ...deps, services, jobs, liveCommands: jobLiveCommands(jobs) },
    { logStream: { write: logLine } },
  );
  live.attach(app.live);
  ({ url } = await listenLocally(app));
  await jobs.startWorker();
}, 60_000);

afterAll(async () => {
  socket?.close();
  await jobs?.stop();
  await app?.close();
  await sim?.close();
  await testDb?.drop();
});

describe('no secret leaves the server', () => {
  it('through responses, live messages, logs, job rows or the audit log', async () => {
    const operator = await signInWithOAuth();

    // Admin access key: a wrong one, then the right one (in a POST body).
    const csrf = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
    const wrong = await request({
      method: 'POST',
      url: '/oauth2/adminaccess',
      headers: csrf,
      payload: { key: 'x'.repeat(31) },
    });
    expect(wrong.statusCode).toBe(401);
    const admin = await request({
      method: 'POST',
      url: '/oauth2/adminaccess',
      headers: csrf,
      payload: { key: ADMIN_ACCESS_KEY, returnTo: '/admin' },
    });
    expect(admin.statusCode).toBe(200);
    // A stray old-style link with the key in its URL finds no route, and is logged redacted.
    const stray = await request({
      url: `/oauth2/adminaccess?key=${encodeURIComponent(ADMIN_ACCESS_KEY)}`,
    });
    expect(stray.statusCode).toBe(404);

    // A real browser's live channel, recording every message.
    socket = connectSocket(url, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: operator.cookie ?? '' },
    });
    socket.onAny((event: string, ...args: unknown[]) => {
      liveMessages.push(JSON.stringify({ event, args }));
    });
    await new Promise<void>((resolve, reject) => {
      socket?.once('connect', () => resolve());
      socket?.once('connect_error', reject);
    });

    const packaging = sim.orgs.find((org) => org.kind === 'packaging');
    const lma = sim.orgs.find((org) => org.kind === 'lma');
    if (!packaging || !lma) throw new Error('the test dataset has a packaging org and an LMA');
    await connectOrg(operator, 'Package', packaging);
    await connectOrg(operator, 'Licenses', lma);
    await collectTokens();

    const refresh = await request({
      method: 'POST',
      url: '/api/packageorgs/refresh',
      headers: operator,
      payload: { orgIds: [packaging.orgId] },
    });
    expect(refresh.statusCode).toBe(200);
    const query = new URLSearchParams({ instanceUrl: packaging.instanceUrl, type: 'Package' });
    const exportStart = await request({
      url: `/oauth2/exportorgurl?${query.toString()}`,
      headers: operator,
    });
    expect(exportStart.statusCode).toBe(200);
    const exportPage = await request({
      url: exportStart.json<{ url: string }>().url,
      headers: operator,
    });
    expect(exportPage.statusCode).toBe(200);

    await runToEnd('fetch');
    // The start-up rekey (SECRET_KEY lists a previous key) runs like any job.
    await runToEnd('rekey-secrets');
    await collectTokens();

    // Every read route of the route table, as the signed-in operator.
    const params: Record<string, string> = { orgId: packaging.orgId, id: '1' };
    const reads = app.routeTable.filter(
      (route) => route.method === 'GET' && !/logout|callback|adminaccess/.test(route.url),
    );
    expect(reads.length).toBeGreaterThan(20);
    for (const route of reads) {
      const path = route.url.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1');
      await request({ url: path, headers: operator });
    }
    await collectTokens();

    const jobRows = await testDb.db.query<{ row: string }>(
      'SELECT row_to_json(j)::text AS row FROM admin_job AS j',
    );
    const auditRows = await testDb.db.query<{ row: string }>(
      'SELECT row_to_json(a)::text AS row FROM audit_log AS a',
    );

    // The test saw what it checks: tokens of two orgs and a session, logs at trace level with
    // the stray URL's key redacted, live job messages, job rows of the fetch and the rekey.
    expect(tokens.size).toBeGreaterThanOrEqual(5);
    expect(logLines.length).toBeGreaterThan(reads.length);
    // (booleans, so that a failure here prints no log line and hence no secret)
    expect(logLines.some((line) => line.includes('key=[REDACTED]'))).toBe(true);
    expect(liveMessages.some((message) => message.includes('"job-history"'))).toBe(true);
    expect(jobRows.rows.length).toBeGreaterThanOrEqual(2);

    const secrets = [SECRET_KEY, PREVIOUS_KEY, ADMIN_ACCESS_KEY, CLIENT_SECRET, ...tokens];
    const forms = secrets.flatMap((secret) => [
      secret,
      encodeURIComponent(secret),
      Buffer.from(secret).toString('base64'),
      Buffer.from(secret).toString('base64url'),
    ]);
    const places = [
      ...responses.map((res) => ({ where: `response ${res.what}`, text: res.text })),
      ...liveMessages.map((text) => ({ where: 'live message', text })),
      ...logLines.map((text) => ({ where: 'log line', text })),
      ...jobRows.rows.map(({ row }) => ({ where: 'admin_job row', text: row })),
      ...auditRows.rows.map(({ row }) => ({ where: 'audit_log row', text: row })),
    ];
    const leaks = places.flatMap(({ where, text }) =>
      forms.filter((form) => text.includes(form)).map(() => where),
    );
    expect(leaks).toEqual([]);
  }, 120_000);
});
