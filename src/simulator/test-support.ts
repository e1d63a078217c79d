// Helpers for the simulator's contract tests: start a simulator, sign in with jsforce or raw HTTP,
// and call the REST API directly when a test needs to see status codes and bodies exactly.
import jsforce, { type Connection } from 'jsforce';
import {
  startSimulator,
  type RunningSimulator,
  type SimOrgInfo,
  type SimulatorOptions,
} from './index';

export const CLIENT = {
  clientId: 'pushboard-demo',
  clientSecret: 'demo-secret',
  redirectUri: 'http://localhost:3999/oauth2/callback',
} as const;

export const API = '/services/data/v62.0';

export function startTestSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ port: 0, dataset: 'test', pace: 'manual', ...options });
}

/** An org by 'lma' or by package namespace. */
export function orgInfo(sim: RunningSimulator, selector: string): SimOrgInfo {
  const org = sim.orgs.find((o) =>
    selector === 'lma' ? o.kind === 'lma' : o.namespace === selector,
  );
  if (!org) throw new Error(`no org ${selector}`);
  return org;
}

export function connection(loginUrl: string): Connection {
  return new jsforce.Connection({ oauth2: { loginUrl, ...CLIENT }, version: '62.0' });
}

export async function login(sim: RunningSimulator, username: string): Promise<Connection> {
  const conn = connection(sim.url);
  await conn.login(username, 'demo');
  return conn;
}

export interface TokenReply {
  access_token: string;
  refresh_token?: string;
  instance_url: string;
  id: string;
  issued_at: string;
  signature: string;
  token_type: string;
}

/** Raw form POST to the token endpoint: status and parsed body. */
export async function tokenRequest(
  url: string,
  params: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

export async function passwordToken(sim: RunningSimulator, username: string): Promise<TokenReply> {
  const { status, body } = await tokenRequest(sim.url, {
    grant_type: 'password',
    client_id: CLIENT.clientId,
    client_secret: CLIENT.clientSecret,
    username,
    password: 'demo',
  });
  if (status !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body as unknown as TokenReply;
}

export interface ApiReply {
  status: number;
  body: unknown;
  headers: Headers;
}

/** A REST call on an instance URL with a bearer token; JSON in and out. */
export async function api(
  instanceUrl: string,
  token: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiReply> {
  const res = await fetch(`${instanceUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: parseBody(text), headers: res.headers };
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function soql(query: string): string {
  return `${API}/query?q=${encodeURIComponent(query)}`;
}

/**
 * A test simulator with the LMA admin signed in (password grant): call start() in beforeAll and
 * stop() in afterAll; call() is a REST call on the LMA instance with the admin's token.
 */
export class LmaAdminSession {
  private running: { sim: RunningSimulator; admin: TokenReply } | undefined;

  async start(options: SimulatorOptions = {}): Promise<void> {
    const sim = await startTestSimulator(options);
    this.running = { sim, admin: await passwordToken(sim, 'admin@pushboard.demo') };
  }

  stop(): Promise<void> {
    return this.started.sim.close();
  }

  get sim(): RunningSimulator {
    return this.started.sim;
  }

  get admin(): TokenReply {
    return this.started.admin;
  }

  /** The LMA's instance URL. */
  get url(): string {
    return this.started.admin.instance_url;
  }

  readonly call = (path: string, init?: Parameters<typeof api>[3]): Promise<ApiReply> =>
    api(this.url, this.admin.access_token, path, init);

  private get started() {
    if (!this.running) throw new Error('LmaAdminSession.start() has not run');
    return this.running;
  }
}
