// Black box: the console started as `npm start` starts it (demo mode, real sockets), attacked over
// raw HTTP. Every route the console publishes in its OpenAPI description is called without a
// session under every spelling of its path a proxy or an attacker might send, as raw request
// targets (Node's HTTP client sends them byte for byte); a spelling that reaches the route must be
// answered 401, like the canonical one, and no spelling may answer data.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../../src/server/http/public-routes';
import { pathSpellings } from '../../src/server/http/testing/path-spellings';
import {
  cookieHeader,
  signInOverHttp,
  startConsole,
  type RunningConsole,
} from '../support/console-process';

interface RawAnswer {
  status: number;
  type: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One request with `target` sent exactly as given (no URL normalisation on the way). */
function raw(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    // A connection of its own: Node's parser closes one it refused (a backslash in the path).
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const options = {
      host: hostname,
      port,
      method,
      path: target,
      headers: { ...headers, ...length },
      agent: false,
    };
    const req = request(options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          body: text,
          headers: res.headers,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const CSRF = { 'x-requested-with': 'pushboard' };
const SAMPLE_PARAMS: Record<string, string> = {
  orgId: '00D000000000555AAA',
  licenseId: 'a0L000000000001AAA',
  packageId: '033000000000001AAA',
  versionId: '04t000000000001AAA',
};

let console_: RunningConsole;
let session: Record<string, string>;
let operations: { method: string; path: string }[];

beforeAll(async () => {
  // info: the access log lines are part of what is checked (no secret in them).
  console_ = await startConsole({ LOG_LEVEL: 'info' });
  const { cookies } = await signInOverHttp(console_.url, 'admin@pushboard.demo');
  session = { cookie: cookieHeader(cookies) };
  const docs = await raw(console_.url, 'GET', '/api/docs');
  const spec = JSON.parse(docs.body) as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(spec.paths).flatMap(([path, byMethod]) =>
    Object.keys(byMethod).map((method) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1'),
    })),
  );
});

afterAll(async () => {
  await console_?.stop();
});

const call = (method: string, target: string, headers: Record<string, string>) =>
  method === 'GET'
    ? raw(console_.url, method, target, headers)
    : raw(
        console_.url,
        method,
        target,
        { ...CSRF, ...headers, 'content-type': 'application/json' },
        '{}',
      );

describe('every published route, under every spelling, without a session', () => {
  it('publishes the routes of every area', () => {
    expect(operations.length).toBeGreaterThan(60);
    for (const area of ['/api/orgs', '/api/packageorgs', '/api/upgrades', '/api/admin/jobs'])
      expect(operations.some((op) => op.path.startsWith(area))).toBe(true);
  });

  it('answers 401 wherever a spelling reaches a route, and never data', async () => {
    const leaks: string[] = [];
    let reached = 0;
    let tried = 0;
    for (const op of operations.filter((o) => !PUBLIC_ROUTES[`${o.method} ${o.path}`])) {
      // Changes are not sent with the session: they would run (sign-out everywhere among them).
      // Without a session every spelling that reaches one must be refused all the same.
      const read = op.method === 'GET';
      const canonical = read ? await call(op.method, op.path, session) : undefined;
      for (const spelling of pathSpellings(op.path)) {
        tried += 1;
        const anonymous = await call(op.method, spelling.path, {});
        const signedIn = read ? await call(op.method, spelling.path, session) : undefined;
        // The same answer as the canonical spelling's (the same refusal, for a 4xx).
        const reaches =
          spelling.name === 'canonical' ||
          (signedIn !== undefined &&
            signedIn.status === canonical?.status &&
            signedIn.type === canonical.type &&
            (signedIn.status < 400 || signedIn.body === canonical.body));
        if (reaches) reached += 1;
        const refused = reaches
          ? anonymous.status === 401
          : [400, 401, 404, 414].includes(anonymous.status) ||
            (anonymous.status === 200 && anonymous.type.startsWith('text/html'));
        if (!refused)
          leaks.push(`${op.method} ${spelling.path} (${spelling.name}) → ${anonymous.status}`);
      }
    }
    console.log(`security: ${tried} spellings of ${operations.length} routes, ${reached} reached`);
    expect(leaks).toEqual([]);
    expect(reached).toBeGreaterThan(operations.length);
  });

  it('refuses the reads the outside review made without signing in', async () => {
    for (const target of [
      '/%61pi/packageorgs',
      '/%61pi/admin/jobs',
      '/%61pi/upgrades',
      '/%61pi/orgs/00D000000000555AAA',
      '/%61pi/search?term=acme',
      '/api/%70ackageorgs',
      `http://localhost/%61pi/packageorgs`,
    ]) {
      const answer = await raw(console_.url, 'GET', target);
      expect(answer.status, target).toBe(401);
      expect(JSON.parse(answer.body), target).toMatchObject({ subject: 'Unauthorized' });
    }
  });
});

describe('what a signed-in user and the log are told', () => {
  it('keeps job stack traces out of the Admin page', async () => {
    const jobs = await raw(console_.url, 'GET', '/api/admin/jobs', session);
    expect(jobs.status).toBe(200);
    expect(jobs.body).not.toMatch(/"stack"|\n\s+at /);
  });

  it('lets the page connect only to its own origin', async () => {
    const page = await raw(console_.url, 'GET', '/orgs');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/connect-src 'self'(;|$)/);
  });

  it('never writes a secret query parameter to the log, however it is spelled', async () => {
    for (const name of ['key', 'k%65y', 'KEY', '%6B%65%79', 'code', 'st%61te'])
      await raw(console_.url, 'GET', `/oauth2/settings?${name}=leaked-secret-value`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(console_.output()).toContain('/oauth2/settings?k%65y=[REDACTED]');
    expect(console_.output()).not.toContain('leaked-secret-value');
  });

  it('answers a null or malformed Origin on a change with 403, not 500', async () => {
    for (const origin of ['null', 'not a url', 'javascript:alert(1)', 'https://evil.example']) {
      const answer = await raw(
        console_.url,
        'POST',
        '/api/orggroups',
        { ...session, ...CSRF, origin, 'content-type': 'application/json' },
        '{}',
      );
      expect(answer.status, origin).toBe(403);
    }
  });
});

describe('behind a proxy (FORCE_HTTPS, TRUST_PROXY=1)', () => {
  let proxied: RunningConsole;
  beforeAll(async () => {
    proxied = await startConsole({
      FORCE_HTTPS: 'true',
      TRUST_PROXY: '1',
      // A localhost name: the demo's simulator accepts OAuth callbacks on localhost only.
      PUBLIC_URL: 'https://localhost',
    });
  });
  afterAll(async () => {
    await proxied?.stop();
  });

  it('redirects plain HTTP to PUBLIC_URL, never to a host the request names', async () => {
    const spoofed: Record<string, string>[] = [
      { 'x-forwarded-proto': 'http', host: 'evil.example' },
      { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example' },
    ];
    for (const headers of spoofed) {
      const answer = await raw(proxied.url, 'GET', '/orgs?x=1', headers);
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('https://localhost/orgs?x=1');
    }
  });
});
