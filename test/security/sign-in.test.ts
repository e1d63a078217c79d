// Black box: sign-in attacked from outside the console started as `npm start` starts it (demo
// mode, TRUST_PROXY unset, real sockets). Each client address is a real one: the requests leave
// from different loopback addresses (127.0.0.0/8), so the console sees what a server on the
// internet would see. The attacks: guessing the admin access key in parallel, rotating
// X-Forwarded-For, many addresses against the global ceiling, the key in a URL, signing in as a
// user of another org, text forged into the callback, an intercepted authorization code, and a
// GET sign-out.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RESPONSES } from '../../src/domain/auth-response';
import {
  cookieHeader,
  cookiesOf,
  signInOverHttp,
  startConsole,
  type RunningConsole,
} from '../support/console-process';

const ADMIN_KEY = 'black-box-admin-access-key-7d1e';
const WRONG_KEY = 'black-box-wrong-key-0000';
/** The limits the console documents: 5 wrong keys per address, 50 overall, per 15 minutes. */
const PER_ADDRESS = 5;
const OVERALL = 50;
const CSRF = { 'x-requested-with': 'pushboard' };

let app: RunningConsole;
/** An LMA admin's session, to read the audit log with. */
let admin: string;
/** Wrong keys the console has compared so far in this file (they all count toward the ceiling). */
let wrongSoFar = 0;

beforeAll(async () => {
  app = await startConsole({ ADMIN_ACCESS_KEY: ADMIN_KEY });
  admin = cookieHeader((await signInOverHttp(app.url, 'admin@pushboard.demo')).cookies);
});
afterAll(async () => {
  await app?.stop();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** POST /oauth2/adminaccess from the loopback address `from`, as raw HTTP. */
function tryKey(key: string, from: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(app.url);
  const body = JSON.stringify({ key });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname === 'localhost' ? '127.0.0.1' : hostname,
        port,
        method: 'POST',
        path: '/oauth2/adminaccess',
        localAddress: from,
        agent: false,
        headers: {
          ...CSRF,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((out, s) => ({ ...out, [s]: (out[s] ?? 0) + 1 }), {});

const sessionSet = (answer: Answer) =>
  ([] as string[])
    .concat(answer.headers['set-cookie'] ?? [])
    .some((c) => c.startsWith('pb_session='));

interface AuditRow {
  actor: string;
  action: string;
  outcome: string;
  details: string;
}

/** The newest sign-in audit rows, read through the console's own Audit Log as the LMA admin. */
async function auditRows(): Promise<AuditRow[]> {
  const query = new URLSearchParams({
    page: '1',
    pageSize: '100',
    filters: JSON.stringify([{ id: 'action', value: 'sign-in' }]),
  });
  const res = await fetch(`${app.url}/api/audit?${query.toString()}`, {
    headers: { cookie: admin },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { rows: AuditRow[] }).rows;
}

const adminKeyDenials = async (client: string) =>
  (await auditRows()).filter(
    (row) =>
      row.action === 'sign-in-admin-key' &&
      row.outcome === 'denied' &&
      row.details.split(', ').includes(`client=${client}`),
  );

describe('the admin access key', () => {
  it('is never read from a URL: GET ?key=<the key> finds no route and signs nobody in', async () => {
    for (const target of [
      `/oauth2/adminaccess?key=${ADMIN_KEY}`,
      `/oauth2/adminaccess?k%65y=${ADMIN_KEY}`,
    ]) {
      const res = await fetch(`${app.url}${target}`, { redirect: 'manual' });
      expect([404, 405]).toContain(res.status);
      expect(cookiesOf(res)).not.toHaveProperty('pb_session');
    }
    // The right key in a POST body from a clean address does sign in.
    const right = await tryKey(ADMIN_KEY, '127.0.0.2');
    expect(right.status).toBe(200);
    expect(sessionSet(right)).toBe(true);
  });

  it('needs the CSRF header: a cross-site form cannot post it', async () => {
    const res = await fetch(`${app.url}/oauth2/adminaccess`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `key=${ADMIN_KEY}`,
    });
    expect(res.status).toBe(403);
    expect(cookiesOf(res)).not.toHaveProperty('pb_session');
  });

  it(`40 parallel guesses from one address, each with its own X-Forwarded-For: ${PER_ADDRESS} compared and audited, the rest 429`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        tryKey(WRONG_KEY, '127.0.0.3', { 'x-forwarded-for': `203.0.113.${i + 1}` }),
      ),
    );
    expect(tally(answers.map((res) => res.status))).toEqual({
      401: PER_ADDRESS,
      429: 40 - PER_ADDRESS,
    });
    wrongSoFar += PER_ADDRESS;
    expect(await adminKeyDenials('127.0.0.3')).toHaveLength(PER_ADDRESS);
    // Locked, even for the right key, whatever the header claims.
    const locked = await tryKey(ADMIN_KEY, '127.0.0.3', { 'x-forwarded-for': '198.51.100.9' });
    expect(locked.status).toBe(429);
    expect(sessionSet(locked)).toBe(false);
  });

  it('rotating X-Forwarded-For one guess at a time does not reset the count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 3; i++) {
      const res = await tryKey(WRONG_KEY, '127.0.0.4', {
        'x-forwarded-for': `192.0.2.${i + 1}, 10.0.0.${i + 1}`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(PER_ADDRESS).fill(401), 429, 429, 429]);
    wrongSoFar += PER_ADDRESS;
    const spoofed = (await auditRows()).filter((row) =>
      /client=(192\.0\.2|10\.0\.0)\./.test(row.details),
    );
    expect(spoofed).toEqual([]);
  });

  it(`guesses from many addresses stop at the global ceiling (${OVERALL}): then every address gets 429, the right key too`, async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= OVERALL + 10; i++)
      statuses.push((await tryKey(WRONG_KEY, `127.0.1.${i}`)).status);
    const compared = statuses.filter((s) => s === 401).length;
    expect(compared + wrongSoFar).toBe(OVERALL);
    expect(statuses.slice(compared).every((s) => s === 429)).toBe(true);
    const fresh = await tryKey(ADMIN_KEY, '127.0.2.1');
    expect(fresh.status).toBe(429);
    expect((JSON.parse(fresh.body) as { message: string }).message).toMatch(/paused for everyone/);
    expect(sessionSet(fresh)).toBe(false);
  });
});

describe('who may sign in', () => {
  it('a user of the LMA signs in', async () => {
    const { callback, cookies } = await signInOverHttp(app.url, 'operator@pushboard.demo');
    expect(callback.status).toBe(302);
    expect(cookies).toHaveProperty('pb_session');
  });

  it('a packaging-org user (admin@relaybill.pushboard.demo) is refused with a clear sentence and an audit row', async () => {
    const { callback, cookies } = await signInOverHttp(app.url, 'admin@relaybill.pushboard.demo');
    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get('location') ?? '', app.url);
    expect(location.pathname).toBe('/authresponse');
    expect(location.searchParams.get('code')).toBe('org_not_allowed');
    expect(location.searchParams.get('message')).toBe(AUTH_RESPONSES.org_not_allowed.message);
    expect(cookies).not.toHaveProperty('pb_session');
    const user = await fetch(`${app.url}/oauth2/user`, {
      headers: { cookie: cookieHeader(cookies) },
    });
    expect(user.status).toBe(401);
    const refused = (await auditRows()).filter(
      (row) =>
        row.actor === 'admin@relaybill.pushboard.demo' &&
        row.action === 'sign-in' &&
        row.outcome === 'denied',
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]?.details).toMatch(/reason=org not allowed/);
  });
});

describe('OAuth hygiene', () => {
  it('text forged into the callback never reaches the page: the state is checked first', async () => {
    const forged = 'Your account is locked. Call +1 555 0100 to unlock it.';
    for (const state of ['forged.signature', 'c.forged.signature', '']) {
      const query = new URLSearchParams({
        error: 'access_denied',
        error_description: forged,
        state,
      });
      const res = await fetch(`${app.url}/oauth2/callback?${query.toString()}`, {
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      const location = res.headers.get('location') ?? '';
      const params = new URL(location, app.url).searchParams;
      expect(params.get('code')).toBe('invalid_state');
      expect(params.get('message')).toBe(AUTH_RESPONSES.invalid_state.message);
      expect(location).not.toMatch(/Call|555|locked/);
    }
  });

  it('sign-in uses PKCE: an intercepted authorization code is worthless without the verifier', async () => {
    const start = await fetch(`${app.url}/oauth2/loginurl`);
    const jar = cookiesOf(start);
    const authorize = new URL(((await start.json()) as { url: string }).url);
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const form = new URLSearchParams(authorize.searchParams);
    form.set('username', 'admin@pushboard.demo');
    form.set('password', 'demo');
    const login = await fetch(`${authorize.origin}${authorize.pathname}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const back = new URL(login.headers.get('location') ?? '');
    // The attacker holds the code and even the demo's client secret, but not the verifier.
    const stolen = await fetch(`${authorize.origin}/services/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        client_id: authorize.searchParams.get('client_id') ?? '',
        client_secret: 'demo-secret',
        redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
      }),
    });
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ error: 'invalid_grant' });
    // The console, which kept the verifier, still redeems it.
    const callback = await fetch(back, {
      headers: { cookie: cookieHeader(jar) },
      redirect: 'manual',
    });
    expect(callback.status).toBe(302);
    expect(cookiesOf(callback)).toHaveProperty('pb_session');
  });

  it('a GET cannot sign anyone out; a POST with the CSRF header does', async () => {
    const { cookies } = await signInOverHttp(app.url, 'viewer@pushboard.demo');
    const cookie = cookieHeader(cookies);
    const whoAmI = async () =>
      (await fetch(`${app.url}/oauth2/user`, { headers: { cookie } })).status;
    expect(await whoAmI()).toBe(200);

    const get = await fetch(`${app.url}/oauth2/logout`, {
      headers: { cookie },
      redirect: 'manual',
    });
    expect([404, 405]).toContain(get.status);
    expect(await whoAmI()).toBe(200);

    const noHeader = await fetch(`${app.url}/oauth2/logout`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(noHeader.status).toBe(403);
    expect(await whoAmI()).toBe(200);

    const post = await fetch(`${app.url}/oauth2/logout`, {
      method: 'POST',
      headers: { cookie, ...CSRF },
    });
    expect(post.status).toBe(200);
    expect(await whoAmI()).toBe(401);
  });
});
