// Who may not sign in, against the simulator's real login page over HTTP: only users of the
// connected LMA (or of AUTH_ORG_ID), the state checked before anything else the callback says,
// only fixed sentences on /authresponse, and PKCE.
import { OAuth2 } from 'jsforce';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_RESPONSES } from '../../../domain/auth-response';
import { hashSessionId } from '../../db/repositories/sessions';
import { codeChallenge } from '../../salesforce/pkce';
import { connectSimulatorLma } from '../testing/sign-in-org';
import { cookiesOf } from '../testing/cookies-of';
import {
  sim,
  testDb,
  app,
  lmaOrgId,
  packaging,
  consoleFor,
  signInAt,
  finish,
  responseOf,
  useSignInFixture,
} from '../testing/sign-in-fixture';

useSignInFixture();

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
