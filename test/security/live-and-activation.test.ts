// Black box: the console started as `npm start` starts it (demo mode, real sockets), attacked from
// outside. The live channel over raw socket.io (both transports) and raw HTTP: a page of another
// origin holding a valid session cookie can neither connect nor run a job. The activation policy
// over HTTP: the shared admin access key schedules an upgrade but cannot activate it, a named
// person can. And a port clash, for PORT and SIM_PORT: one line that names the setting, exit 1.
// The console starts on a copy of the demo template (test/support/demo-template.ts): the demo's
// data, upgradable orgs among them, is there at once.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  cookiesOf,
  freePort,
  signInOverHttp,
  type RunningConsole,
} from '../support/console-process';
import { startOnDemoTemplate } from '../support/start-on-demo-template';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CSRF = { 'x-requested-with': 'pushboard' };
const ADMIN_KEY = 'a-long-test-key-123';
const FOREIGN_ORIGINS = [
  'https://evil.example',
  'null',
  'not a url',
  'http://localhost.evil.example',
];
/** Orgs of the simulator's demo dataset (the browser tests' upgrade group). */
const DEMO_ORGS = [
  '00DKa0000004CGxMAM',
  '00D0q0000004CP2EAM',
  '00D9w0000004CXDEA2',
  '00D7Q0000004CNgUAM',
  '00D8c0000004CNfEAM',
];

let app: RunningConsole;
let admin: string;
let adminKey: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await startOnDemoTemplate({ ADMIN_ACCESS_KEY: ADMIN_KEY });
  admin = cookieHeader((await signInOverHttp(app.url, 'admin@pushboard.demo')).cookies);
  const keyed = await fetch(`${app.url}/oauth2/adminaccess`, {
    method: 'POST',
    headers: { ...CSRF, 'content-type': 'application/json' },
    body: JSON.stringify({ key: ADMIN_KEY }),
  });
  expect(keyed.status, await keyed.clone().text()).toBe(200);
  adminKey = cookieHeader(cookiesOf(keyed));
  expect(adminKey).toContain('pb_session=');
  await settled();
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app?.stop();
});

interface Jobs {
  jobs: { type: string }[];
  queue: { type: string }[];
  history: { latest: { type: string; status: string }[] };
}

/**
 * Waits until the first fetch (in the copied job history) is complete and nothing runs: neither
 * the jobs the restart itself starts nor one a test started (a running job would absorb a start).
 */
async function settled(): Promise<void> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const answer = (await get('/api/admin/jobs', admin)) as Jobs;
    const fetched = answer.history.latest.some(
      (job) => job.type === 'fetch-all' && job.status === 'Complete',
    );
    if (fetched && answer.jobs.length === 0 && answer.queue.length === 0) return;
    if (Date.now() > deadline) throw new Error(`Jobs still running: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function get(path: string, cookie: string): Promise<unknown> {
  const answer = await fetch(`${app.url}${path}`, { headers: { cookie } });
  expect(answer.status, `${path}: ${await answer.clone().text()}`).toBe(200);
  return answer.json();
}

const post = (path: string, cookie: string, body: unknown = {}) =>
  fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { ...CSRF, cookie, 'content-type': 'application/json', origin: app.url },
    body: JSON.stringify(body),
  });

interface AuditRow {
  actor: string;
  action: string;
  target_id: string | null;
  outcome: string;
  details: string;
}

async function auditRows(): Promise<AuditRow[]> {
  return ((await get('/api/audit?pageSize=100', admin)) as { rows: AuditRow[] }).rows;
}

/** The fetch-upgrades jobs the admin started (the engine audits each person's start). */
const fetchUpgradesStarts = async () =>
  (await auditRows()).filter(
    (row) =>
      row.action === 'job.start' &&
      row.actor === 'admin@pushboard.demo' &&
      row.details.includes('fetch-upgrades'),
  ).length;

function openSocket(transport: 'websocket' | 'polling', headers: Record<string, string>): Socket {
  const socket = io(app.url, {
    transports: [transport],
    reconnection: false,
    timeout: 10_000,
    extraHeaders: headers,
  });
  sockets.push(socket);
  return socket;
}

/** 'connected', or the refusal's message. */
const outcome = (socket: Socket) =>
  new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });

describe('the live channel from another origin', () => {
  it.each(['websocket', 'polling'] as const)(
    'refuses the handshake of a foreign, null or malformed Origin with a valid session cookie, so fetch-upgrades never runs (%s)',
    async (transport) => {
      const before = await fetchUpgradesStarts();
      for (const origin of FOREIGN_ORIGINS) {
        const socket = openSocket(transport, { origin, cookie: admin });
        // Emitted before the handshake ends: socket.io sends it only once connected.
        socket.emit('fetch-upgrades');
        expect(await outcome(socket), origin).not.toBe('connected');
        expect(socket.connected).toBe(false);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await fetchUpgradesStarts()).toBe(before);
    },
  );

  it('refuses a raw handshake from a foreign origin without a session id, over polling and WebSocket', async () => {
    const polling = await fetch(`${app.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'https://evil.example', cookie: admin },
    });
    expect(polling.status).toBe(403);
    expect(await polling.text()).not.toContain('"sid"');

    const { request } = await import('node:http');
    const { hostname, port } = new URL(app.url);
    const upgrade = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({
        host: hostname,
        port,
        path: '/socket.io/?EIO=4&transport=websocket',
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          origin: 'https://evil.example',
          cookie: admin,
        },
      });
      req.on('upgrade', (_res, socket) => {
        socket.destroy();
        resolve({ status: 101, body: '' });
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    // Engine.IO answers every refused upgrade 400 with the refusal's text: no WebSocket.
    expect(upgrade).toEqual({ status: 400, body: 'Cross-site connections are not allowed.' });
  });

  it("accepts the console's own origin, and there the same message runs (the control)", async () => {
    const before = await fetchUpgradesStarts();
    const socket = openSocket('websocket', { origin: new URL(app.url).origin, cookie: admin });
    expect(await outcome(socket)).toBe('connected');
    socket.emit('fetch-upgrades');
    await expect.poll(fetchUpgradesStarts, { timeout: 10_000, interval: 250 }).toBe(before + 1);
    await settled();
  });
});

interface InstalledVersion {
  version_sort: string;
  latest_version_id: string | null;
  latest_version_sort: string | null;
  license_status: string | null;
}

/** Schedules, with the admin key, an upgrade of the first demo org the plan accepts. */
async function scheduleAsAdminKey(): Promise<number> {
  const refusals: string[] = [];
  for (const orgId of DEMO_ORGS) {
    const versions = (await get(`/api/orgs/${orgId}/versions`, admin)) as InstalledVersion[];
    for (const version of versions) {
      const behind = (version.latest_version_sort ?? '') > version.version_sort;
      const licensed = version.license_status === 'Active' || version.license_status === 'Trial';
      if (!version.latest_version_id || !behind || !licensed) continue;
      const scheduled = await post(`/api/orgs/${orgId}/upgrade`, adminKey, {
        versions: [version.latest_version_id],
        scheduled_date: new Date(Date.now() + 3_600_000).toISOString(),
        description: 'Scheduled with the admin access key',
        transid: `security-${orgId}-${version.latest_version_id}`,
      });
      if (scheduled.status === 200) return ((await scheduled.json()) as { id: number }).id;
      refusals.push(`${orgId}: ${scheduled.status} ${await scheduled.text()}`);
    }
  }
  throw new Error(`No demo org could be scheduled:\n${refusals.join('\n')}`);
}

describe('the admin access key and the activation policy', () => {
  it('lets the key schedule an upgrade but not activate it (403, audited); a named person activates', async () => {
    const id = await scheduleAsAdminKey();
    const upgrade = await get(`/api/upgrades/${id}`, admin);
    expect(upgrade).toMatchObject({ status: 'Ready', created_by: 'admin-key' });

    const refused = await post(`/api/upgrades/activate/${id}`, adminKey);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'A session opened with the admin access key cannot activate upgrades or requests: activation needs a named person, so sign in with your Salesforce user to activate.',
    );
    const [item] = (await get(`/api/upgradeitems?upgradeId=${id}`, admin)) as { id: number }[];
    expect(item).toBeDefined();
    const refusedItem = await post(`/api/upgradeitems/activate/${item!.id}`, adminKey);
    expect(refusedItem.status).toBe(403);
    expect(await get(`/api/upgrades/${id}`, admin)).toMatchObject({ status: 'Ready' });

    const denials = (await auditRows()).filter(
      (row) => row.actor === 'admin-key' && row.outcome === 'denied',
    );
    expect(denials).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'upgrade.activate', target_id: String(id) }),
        expect.objectContaining({ action: 'upgradeitem.activate', target_id: String(item!.id) }),
      ]),
    );

    // The key is nobody in particular; a named person other than the scheduler satisfies the policy.
    const activated = await post(`/api/upgrades/activate/${id}`, admin);
    expect(activated.status, await activated.clone().text()).toBe(200);
    expect(await get(`/api/upgrades/${id}`, admin)).toMatchObject({
      status: 'Active',
      activated_by: 'admin@pushboard.demo',
    });
  });

  it('tells the web app how the session signed in', async () => {
    expect(await get('/oauth2/user', adminKey)).toMatchObject({ auth_method: 'admin-key' });
    expect(await get('/oauth2/user', admin)).toMatchObject({ auth_method: 'salesforce' });
  });
});

describe('a port clash', () => {
  /** Holds a port as another program would (every address, so any bind to it clashes). */
  async function occupy(): Promise<{ port: number; server: Server }> {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, () => resolve());
    });
    return { port, server };
  }

  /** Runs `npm start`'s script once on a fresh DATA_DIR: its exit code, stdout and stderr. */
  async function startOnce(env: Record<string, string>) {
    const dataDir = mkdtempSync(join(tmpdir(), 'pushboard-port-'));
    try {
      const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        child.once('exit', (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode);
        });
      });
      return { code, out, err };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  /**
   * The console's own output: when the script first rebuilt the web app (its sources changed
   * since the last build), Vite's warnings share stderr, so it runs again on the fresh build.
   */
  async function start(env: Record<string, string>) {
    for (let attempt = 1; ; attempt++) {
      const run = await startOnce(env);
      if (!run.out.includes('Building the web app') || attempt === 3) return run;
    }
  }

  it.each(['PORT', 'SIM_PORT'] as const)(
    'names %s and the port in one line and exits 1, without a stack',
    async (setting) => {
      const { port, server } = await occupy();
      try {
        const other = await freePort();
        const env =
          setting === 'PORT'
            ? { PORT: String(port), SIM_PORT: String(other) }
            : { PORT: String(other), SIM_PORT: String(port) };
        const { code, err } = await start(env);
        expect(code).toBe(1);
        expect(err.trimEnd().split('\n')).toEqual([
          `${setting} ${port} is already in use: stop the other process or set ${setting} to a free port.`,
        ]);
        expect(err).not.toContain('EADDRINUSE');
        expect(err).not.toMatch(/^\s+at /m);
      } finally {
        server.close();
      }
    },
    // A changed web app is rebuilt by the script first (up to twice, see start()).
    120_000,
  );
});
