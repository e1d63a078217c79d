// The OAuth web-server flow end to end against the simulator's real login page over HTTP: who
// may sign in (users of the connected LMA, or of AUTH_ORG_ID), the state checked before anything
// else the callback says, only fixed sentences on /authresponse, and PKCE.
import { OAuth2 } from 'jsforce';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startSimulator,
  type RunningSimulator,
} from '../../../../test/support/salesforce-simulator';
import { AUTH_RESPONSES } from '../../../domain/auth-response';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { hashSessionId } from '../../db/repositories/sessions';
import { codeChallenge } from '../../salesforce/pkce';
import { SecretBox } from '../../secrets';
import type { AppInstance } from '../app';
import { startTestApp } from '../testing/test-app';
import { connectSimulatorLma } from '../testing/sign-in-org';
import { simulatorConfig } from '../testing/simulator-config';
import { cookiesOf } from '../testing/cookies-of';

let sim: RunningSimulator;
let testDb: TestDatabase;

async function consoleFor(extraEnv: Record<string, string> = {}): Promise<AppInstance> {
  const config = simulatorConfig(sim, { PUBLIC_URL: 'http://localhost:5999', ...extraEnv });
  return (await startTestApp({ testDb, config })).app;
}

/** Starts sign-in on the console, answers the simulator's login page, returns the callback URL. */
async function signInAt(
  app: AppInstance,
  username: string,
  options: { action?: 'login' | 'deny'; returnTo?: string } = {},
) {
  const start = await app.inject(
    `/oauth2/loginurl?returnTo=${encodeURIComponent(options.returnTo ?? '/orgs')}`,
  );
  const { url } = start.json<{ url: string }>();
  const stateCookie = cookiesOf(start.headers['set-cookie'])['pb_oauth_state'] ?? '';
  const authorize = new URL(url);
  expect(authorize.origin).toBe(new URL(sim.url).origin);
  expect(authorize.searchParams.get('prompt')).toBe('login');
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('name="password"');
  const form = new URLSearchParams(authorize.searchParams);
  form.set('username', username);
  form.set('password', 'demo');
  form.set('action', options.action ?? 'login');
  const answer = await fetch(`${sim.url}/services/oauth2/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  const callback = new URL(answer.headers.get('location') ?? '');
  expect(callback.pathname).toBe('/oauth2/callback');
  return { callbackPath: callback.pathname + callback.search, stateCookie };
}

async function finish(app: AppInstance, callbackPath: string, stateCookie: string | undefined) {
  const res = await app.inject({
    url: callbackPath,
    headers: stateCookie ? { cookie: `pb_oauth_state=${stateCookie}` } : {},
  });
  expect(res.statusCode).toBe(302);
  return {
    location: String(res.headers.location),
    session: cookiesOf(res.headers['set-cookie'])['pb_session'],
  };
}

let app: AppInstance;
let lmaOrgId: string;
let packaging: RunningSimulator['orgs'][number];
beforeAll(async () => {
  sim = await startSimulator({ port: 0, dataset: 'test', pace: 'manual' });
  testDb = await createTestDatabase();
  lmaOrgId = await connectSimulatorLma(testDb.db, sim);
  const found = sim.orgs.find((org) => org.kind === 'packaging');
  if (!found) throw new Error('the test dataset has a packaging org');
  packaging = found;
  app = await consoleFor();
});
afterAll(async () => {
  await app.close();
  await sim.close();
  await testDb.drop();
});

describe('sign-in through the login host', () => {
  it.each([
    ['admin@pushboard.demo', false],
    ['operator@pushboard.demo', false],
    ['viewer@pushboard.demo', true],
  ])(
    '%s lands back where they were, read_only=%s from LMA permissions',
    async (username, readOnly) => {
      const { callbackPath, stateCookie } = await signInAt(app, username, {
        returnTo: '/org/00D000000000001AAA',
      });
      const { location, session } = await finish(app, callbackPath, stateCookie);
      expect(location).toBe('/org/00D000000000001AAA');
      expect(session).toBeTruthy();
      const user = await app.inject({
        url: '/oauth2/user',
        headers: { cookie: `pb_session=${session}` },
      });
      expect(user.json()).toMatchObject({ username, read_only: readOnly });
      // The user's Salesforce tokens stay on the server: the cookie is an opaque id.
      const stored = await testDb.db.query<{ access_token_enc: string }>(
        'SELECT access_token_enc FROM session WHERE username = $1',
        [username],
      );
      expect(stored.rows[0]?.access_token_enc).toMatch(/^v1\./);
    },
  );

  it('a replayed state is refused (single use)', async () => {
    const { callbackPath, stateCookie } = await signInAt(app, 'admin@pushboard.demo');
    await finish(app, callbackPath, stateCookie);
    const again = await finish(app, callbackPath, stateCookie);
    expect(again.location).toMatch(/^\/authresponse\?/);
    expect(new URL(again.location, 'http://x').searchParams.get('code')).toBe('invalid_state');
    expect(again.session).toBeUndefined();
  });

  it('a callback without the browser binding cookie is refused (login CSRF)', async () => {
    const { callbackPath } = await signInAt(app, 'admin@pushboard.demo');
    const { location, session } = await finish(app, callbackPath, undefined);
    expect(new URL(location, 'http://x').searchParams.get('code')).toBe('invalid_state');
    expect(session).toBeUndefined();
  });

  it('a forged state is refused', async () => {
    const { callbackPath, stateCookie } = await signInAt(app, 'admin@pushboard.demo');
    const forged = callbackPath.replace(/state=[^&]+/, `state=${stateCookie}.forged-signature`);
    const { location } = await finish(app, forged, stateCookie);
    expect(new URL(location, 'http://x').searchParams.get('code')).toBe('invalid_state');
  });

  it('Deny on the login page lands on /authresponse with the fixed sentence for the error', async () => {
    const { callbackPath, stateCookie } = await signInAt(app, 'admin@pushboard.demo', {
      action: 'deny',
    });
    const { location } = await finish(app, callbackPath, stateCookie);
    const params = new URL(location, 'http://x').searchParams;
    expect(location).toMatch(/^\/authresponse\?/);
    expect(params.get('code')).toBe('access_denied');
    expect(params.get('severity')).toBe('Error');
    expect(params.get('message')).toBe(AUTH_RESPONSES.access_denied.message);
    // The simulator's own text ("end-user denied authorization") is not passed on.
    expect(location).not.toMatch(/end-user/);
  });

  it('a missing code is a clear error, not a crash', async () => {
    const res = await app.inject('/oauth2/callback');
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location), 'http://x').searchParams.get('code')).toBe(
      'invalid_state',
    );
  });

  it('AUTH_ORG_ID refuses users of other orgs with a clear page', async () => {
    const gated = await consoleFor({ AUTH_ORG_ID: '00D000000000099' });
    try {
      const { callbackPath, stateCookie } = await signInAt(gated, 'admin@pushboard.demo');
      const { location, session } = await finish(gated, callbackPath, stateCookie);
      expect(new URL(location, 'http://x').searchParams.get('code')).toBe('org_not_allowed');
      expect(session).toBeUndefined();
    } finally {
      await gated.close();
    }
  });
});

describe('permissions follow the LMA while the session lives', () => {
  /** An LMA admin removes every permission set assignment of a user (over the REST API). */
  async function removeAssignments(userId: string): Promise<number> {
    const token = (await (
      await fetch(`${sim.url}/services/oauth2/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: 'pushboard-demo',
          client_secret: 'demo-secret',
          username: 'admin@pushboard.demo',
          password: 'demo',
        }),
      })
    ).json()) as { access_token: string; instance_url: string };
    const soql = `SELECT Id FROM PermissionSetAssignment WHERE AssigneeId = '${userId}'`;
    const found = (await (
      await fetch(`${token.instance_url}/services/data/v62.0/query?q=${encodeURIComponent(soql)}`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      })
    ).json()) as { records: { Id: string }[] };
    const lma = sim.orgs.find((org) => org.kind === 'lma');
    for (const { Id } of found.records)
      sim.control.deleteRecord(lma?.orgId ?? '', 'PermissionSetAssignment', Id);
    return found.records.length;
  }

  it('a removed permission set makes the session read-only when it is renewed', async () => {
    const { callbackPath, stateCookie } = await signInAt(app, 'operator@pushboard.demo');
    const { session } = await finish(app, callbackPath, stateCookie);
    const cookie = `pb_session=${session ?? ''}`;
    const before = await app.inject({ url: '/oauth2/user', headers: { cookie } });
    expect(before.json()).toMatchObject({ read_only: false });

    const stored = await testDb.db.query<{ user_id: string }>(
      `SELECT user_id FROM session WHERE username = 'operator@pushboard.demo' LIMIT 1`,
    );
    expect(await removeAssignments(stored.rows[0]?.user_id ?? '')).toBeGreaterThan(0);

    // Within the re-check interval nothing changes; once it has passed, the renewal re-reads it.
    const unchanged = await app.inject({ url: '/oauth2/user', headers: { cookie } });
    expect(unchanged.json()).toMatchObject({ read_only: false });
    await testDb.db.query(
      `UPDATE session SET permissions_checked_at = now() - interval '1 hour',
         last_seen_at = now() - interval '10 minutes' WHERE username = 'operator@pushboard.demo'`,
    );
    const after = await app.inject({ url: '/oauth2/user', headers: { cookie } });
    expect(after.json()).toMatchObject({ read_only: true });
  });

  it('a session whose tokens no listed SECRET_KEY opens ends at its renewal (401, not a 502 on every call)', async () => {
    const { callbackPath, stateCookie } = await signInAt(app, 'admin@pushboard.demo');
    const { session } = await finish(app, callbackPath, stateCookie);
    const cookie = `pb_session=${session ?? ''}`;
    // As after a rotation to a new key alone: the stored token was sealed under a key now gone.
    const sealedElsewhere = new SecretBox('z'.repeat(64)).encrypt('00Dgone!token');
    // This session only: the file's earlier tests left other sessions of the same user.
    const idHash = hashSessionId(session ?? '');
    await testDb.db.query(
      `UPDATE session SET access_token_enc = $1, permissions_checked_at = now() - interval '1 hour',
         last_seen_at = now() - interval '10 minutes' WHERE id_hash = $2`,
      [sealedElsewhere, idHash],
    );
    const res = await app.inject({ url: '/api/orggroups', headers: { cookie } });
    expect(res.statusCode).toBe(401);
    const left = await testDb.db.query(`SELECT 1 FROM session WHERE id_hash = $1`, [idHash]);
    expect(left.rows).toHaveLength(0);
  });
});

/** The /authresponse query of a redirect. */
const responseOf = (location: string) => {
  const params = new URL(location, 'http://x').searchParams;
  return { code: params.get('code'), message: params.get('message') };
};

describe('only users of the connected LMA (or of AUTH_ORG_ID) may sign in', () => {
  it('a packaging-org user is refused with the fixed sentence and an audit row, and gets no session', async () => {
    const username = packaging.users[0]?.username ?? '';
    const { callbackPath, stateCookie } = await signInAt(app, username);
    const { location, session } = await finish(app, callbackPath, stateCookie);
    expect(responseOf(location)).toEqual({
      code: 'org_not_allowed',
      message: AUTH_RESPONSES.org_not_allowed.message,
    });
    expect(session).toBeUndefined();
    const stored = await testDb.db.query('SELECT 1 FROM session WHERE username = $1', [username]);
    expect(stored.rows).toEqual([]);
    const audit = await testDb.db.query<{ outcome: string; org: string }>(
      `SELECT outcome, details->>'orgId' AS org FROM audit_log
       WHERE action = 'sign-in' AND actor = $1`,
      [username],
    );
    expect(audit.rows).toEqual([{ outcome: 'denied', org: packaging.orgId }]);
  });

  it('with AUTH_ORG_ID set, its users sign in and everyone else is refused, LMA users too', async () => {
    const gated = await consoleFor({ AUTH_ORG_ID: packaging.orgId });
    try {
      const own = await signInAt(gated, packaging.users[0]?.username ?? '');
      expect((await finish(gated, own.callbackPath, own.stateCookie)).session).toBeTruthy();
      const lmaUser = await signInAt(gated, 'operator@pushboard.demo');
      const refused = await finish(gated, lmaUser.callbackPath, lmaUser.stateCookie);
      expect(responseOf(refused.location).code).toBe('org_not_allowed');
      expect(refused.session).toBeUndefined();
    } finally {
      await gated.close();
    }
  });

  it('with no LMA connected and no AUTH_ORG_ID, nobody signs in, and the refusal says how to set it up', async () => {
    // A sign-in started while the LMA was still connected finishes after it was removed.
    const started = await signInAt(app, 'admin@pushboard.demo');
    await testDb.db.query('DELETE FROM connected_org WHERE org_id = $1', [lmaOrgId]);
    try {
      const start = await app.inject('/oauth2/loginurl');
      expect(start.statusCode).toBe(409);
      const { message } = start.json<{ message: string }>();
      expect(message).toBe(AUTH_RESPONSES.no_sign_in_org.message);
      expect(message).toMatch(/AUTH_ORG_ID/);
      expect(message).toMatch(/admin access key/);
      const { location, session } = await finish(app, started.callbackPath, started.stateCookie);
      expect(responseOf(location).code).toBe('no_sign_in_org');
      expect(session).toBeUndefined();
      const audit = await testDb.db.query<{ reason: string }>(
        `SELECT details->>'reason' AS reason FROM audit_log
         WHERE action = 'sign-in' AND outcome = 'denied' ORDER BY id DESC LIMIT 1`,
      );
      expect(audit.rows).toEqual([{ reason: 'no sign-in org' }]);
    } finally {
      await connectSimulatorLma(testDb.db, sim);
    }
  });

  it('a session whose org may no longer sign in ends at its next renewal', async () => {
    const { callbackPath, stateCookie } = await signInAt(app, 'admin@pushboard.demo');
    const { session } = await finish(app, callbackPath, stateCookie);
    const cookie = `pb_session=${session ?? ''}`;
    expect((await app.inject({ url: '/oauth2/user', headers: { cookie } })).statusCode).toBe(200);
    await testDb.db.query('DELETE FROM connected_org WHERE org_id = $1', [lmaOrgId]);
    try {
      await testDb.db.query(
        `UPDATE session SET permissions_checked_at = now() - interval '1 hour',
           last_seen_at = now() - interval '10 minutes' WHERE id_hash = $1`,
        [hashSessionId(session ?? '')],
      );
      expect((await app.inject({ url: '/oauth2/user', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await connectSimulatorLma(testDb.db, sim);
    }
  });
});

describe('the callback checks the state first and shows only fixed sentences', () => {
  const FORGED = 'Your account is locked. Call +1 555 0100 to unlock it.';

  it('a forged error_description with a bad or missing state shows only the state sentence', async () => {
    for (const state of ['forged.signature', '', undefined]) {
      const query = new URLSearchParams({ error: 'access_denied', error_description: FORGED });
      if (state !== undefined) query.set('state', state);
      const res = await app.inject(`/oauth2/callback?${query.toString()}`);
      expect(res.statusCode).toBe(302);
      const location = String(res.headers.location);
      expect(responseOf(location)).toEqual({
        code: 'invalid_state',
        message: AUTH_RESPONSES.invalid_state.message,
      });
      expect(location).not.toMatch(/Call|555|locked/);
    }
  });

  it('with a valid state, what Salesforce sends is mapped to a fixed sentence, never shown as sent', async () => {
    for (const [error, code] of [
      ['access_denied', 'access_denied'],
      ['<b>anything</b>', 'oauth_error'],
    ] as const) {
      const { callbackPath, stateCookie } = await signInAt(app, 'admin@pushboard.demo');
      const state = new URL(callbackPath, 'http://x').searchParams.get('state') ?? '';
      const query = new URLSearchParams({ error, error_description: FORGED, state });
      const { location, session } = await finish(
        app,
        `/oauth2/callback?${query.toString()}`,
        stateCookie,
      );
      expect(responseOf(location)).toEqual({ code, message: AUTH_RESPONSES[code].message });
      expect(location).not.toMatch(/Call|555|anything/);
      expect(session).toBeUndefined();
    }
  });
});

describe('PKCE', () => {
  afterEach(() => vi.restoreAllMocks());

  /** The code verifier stored with a pending sign-in (the state cookie is its nonce). */
  const storedVerifier = async (nonce: string) =>
    (
      await testDb.db.query<{ code_verifier: string | null }>(
        'SELECT code_verifier FROM oauth_state WHERE nonce = $1',
        [nonce],
      )
    ).rows[0]?.code_verifier;

  it('the authorization URL carries the S256 challenge of a verifier that stays on the server', async () => {
    const start = await app.inject('/oauth2/loginurl');
    const nonce = cookiesOf(start.headers['set-cookie'])['pb_oauth_state'] ?? '';
    const verifier = await storedVerifier(nonce);
    expect(verifier).toMatch(/^[\w-]{43,128}$/);
    const authorize = new URL(start.json<{ url: string }>().url);
    expect(authorize.searchParams.get('code_challenge')).toBe(codeChallenge(verifier ?? ''));
    // The verifier reaches neither the browser's URL nor its cookies.
    expect(start.body).not.toContain(verifier);
    expect(JSON.stringify(start.headers)).not.toContain(verifier);
  });

  it('the token request carries the stored code verifier, and the login host accepts it', async () => {
    // Every form jsforce posts to the token endpoint, passed on unchanged.
    const tokenCalls = vi.spyOn(OAuth2.prototype, '_postParams');
    const { callbackPath, stateCookie } = await signInAt(app, 'admin@pushboard.demo');
    const verifier = await storedVerifier(stateCookie);
    const { session } = await finish(app, callbackPath, stateCookie);
    expect(session).toBeTruthy();
    const exchange = tokenCalls.mock.calls
      .map(([params]) => params)
      .find((params) => params.grant_type === 'authorization_code');
    expect(exchange?.code_verifier).toBe(verifier);
    // Used once: the pending sign-in (and its verifier) is gone.
    expect(await storedVerifier(stateCookie)).toBeUndefined();
  });

  it('an intercepted code is worthless without the verifier', async () => {
    const { callbackPath } = await signInAt(app, 'admin@pushboard.demo');
    const code = new URL(callbackPath, 'http://x').searchParams.get('code') ?? '';
    const res = await fetch(`${sim.url}/services/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: 'pushboard-demo',
        client_secret: 'demo-secret',
        redirect_uri: 'http://localhost:5999/oauth2/callback',
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('a verifier that does not match is refused with a fixed sentence, not the login host’s text', async () => {
    const { callbackPath, stateCookie } = await signInAt(app, 'admin@pushboard.demo');
    await testDb.db.query('UPDATE oauth_state SET code_verifier = $2 WHERE nonce = $1', [
      stateCookie,
      'x'.repeat(86),
    ]);
    const { location, session } = await finish(app, callbackPath, stateCookie);
    expect(responseOf(location)).toEqual({
      code: 'invalid_grant',
      message: AUTH_RESPONSES.invalid_grant.message,
    });
    expect(location).not.toMatch(/verifier/);
    expect(session).toBeUndefined();
  });
});
