// The OAuth web-server flow end to end against the simulator's real login page over HTTP: signing
// in through the login host, and permissions that follow the LMA while the session lives.
import { describe, expect, it } from 'vitest';
import { AUTH_RESPONSES } from '../../../domain/auth-response';
import { hashSessionId } from '../../db/repositories/sessions';
import { SecretBox } from '../../secrets';
import {
  sim,
  testDb,
  app,
  consoleFor,
  signInAt,
  finish,
  useSignInFixture,
} from '../testing/sign-in-fixture';

useSignInFixture();

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
