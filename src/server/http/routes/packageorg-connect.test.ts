// The connect flow end to end over HTTP: the console's /oauth2/orgurl, the simulator's real login
// pages (production and sandbox hosts, and an org's own instance URL for re-connect), the
// console's callback, with PKCE and only fixed sentences on /authresponse; plus
// pre-authorization and the export page, which never shows a token.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startSimulator,
  type RunningSimulator,
} from '../../../../test/support/salesforce-simulator';
import { AUTH_RESPONSES } from '../../../domain/auth-response';
import { findConnectedOrg } from '../../db/repositories/connected-orgs';
import type { TestDatabase } from '../../db/test-database';
import { codeChallenge } from '../../salesforce/pkce';
import type { AppInstance } from '../app';
import { startTestApp } from '../testing/test-app';
import { sessionHeaders } from '../test-session';
import { simulatorConfig } from '../testing/simulator-config';
import { cookiesOf } from '../testing/cookies-of';

let sim: RunningSimulator;
let testDb: TestDatabase;
let app: AppInstance;
let close: () => Promise<void>;
let operator: Record<string, string>;
let packaging: RunningSimulator['orgs'][number];
let lma: RunningSimulator['orgs'][number];

beforeAll(async () => {
  sim = await startSimulator({ port: 0, dataset: 'test', pace: 'manual' });
  ({ app, testDb, close } = await startTestApp({
    config: simulatorConfig(sim, {
      PUBLIC_URL: 'http://localhost:5997',
      SF_SANDBOX_LOGIN_URL: `${sim.url}/sandbox`,
    }),
    deps: { secretKey: 'd'.repeat(64) },
  }));
  operator = await sessionHeaders(testDb.db);
  const found = sim.orgs.find((org) => org.kind === 'packaging');
  const foundLma = sim.orgs.find((org) => org.kind === 'lma');
  if (!found || !foundLma) throw new Error('the test dataset has a packaging org and an LMA');
  packaging = found;
  lma = foundLma;
});
afterAll(async () => {
  await close?.();
  await sim.close();
});
beforeEach(async () => {
  await testDb.db.query('DELETE FROM connected_org');
});

/** Asks the console where to log in, then answers that login page as `username`. */
async function connectAs(
  start: string,
  username: string,
  options: { action?: 'login' | 'deny'; headers?: Record<string, string> } = {},
) {
  const res = await app.inject({ url: start, headers: options.headers ?? operator });
  expect(res.statusCode).toBe(200);
  const { url } = res.json<{ url: string }>();
  const stateCookie = cookiesOf(res.headers['set-cookie'])['pb_connect_state'] ?? '';
  const authorize = new URL(url);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('username', username);
  form.set('password', 'demo');
  form.set('action', options.action ?? 'login');
  const answer = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  const callback = new URL(answer.headers.get('location') ?? '');
  expect(callback.pathname).toBe('/oauth2/callback');
  return {
    authorize,
    loginPage: await page.text(),
    callback: callback.pathname + callback.search,
    stateCookie,
  };
}

async function finish(callback: string, stateCookie: string | undefined, headers = operator) {
  const res = await app.inject({
    url: callback,
    headers: {
      cookie: [headers.cookie, stateCookie ? `pb_connect_state=${stateCookie}` : '']
        .filter(Boolean)
        .join('; '),
    },
  });
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  const params = new URL(location, 'http://x').searchParams;
  return { location, code: params.get('code'), message: params.get('message') };
}

const adminOf = (org: { users: { username: string }[] }) => org.users[0]?.username ?? '';

describe('Add Org', () => {
  it('connects a packaging org through the production login page and stores sealed tokens', async () => {
    const flow = await connectAs(
      '/oauth2/orgurl?type=Package&returnTo=/packageorgs',
      adminOf(packaging),
    );
    expect(flow.authorize.origin + flow.authorize.pathname).toBe(
      `${sim.url}/services/oauth2/authorize`,
    );
    expect(flow.authorize.searchParams.get('scope')).toContain('refresh_token');
    expect(flow.loginPage).not.toContain('(Sandbox)');
    const { location } = await finish(flow.callback, flow.stateCookie);
    expect(location).toBe('/packageorgs');
    const row = await findConnectedOrg(testDb.db, packaging.orgId);
    expect(row).toMatchObject({
      type: 'Package',
      status: 'Connected',
      name: packaging.name,
      namespace: packaging.namespace,
      login_url: sim.url,
    });
    expect(row?.refresh_token_enc).toMatch(/^v1\./);
    const audit = await testDb.db.query<{ actor: string; outcome: string }>(
      `SELECT actor, outcome FROM audit_log WHERE action = 'connected-org.connect' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]).toEqual({ actor: 'operator@pushboard.demo', outcome: 'success' });
  });

  it('shift-click (sandbox=true) goes to the sandbox login host and remembers it', async () => {
    const flow = await connectAs(
      '/oauth2/orgurl?type=Licenses&sandbox=true&returnTo=/packageorgs',
      adminOf(lma),
    );
    expect(flow.authorize.pathname).toBe('/sandbox/services/oauth2/authorize');
    expect(flow.loginPage).toContain('Log in to Salesforce (Sandbox)');
    await finish(flow.callback, flow.stateCookie);
    expect(await findConnectedOrg(testDb.db, lma.orgId)).toMatchObject({
      type: 'Licenses',
      login_url: `${sim.url}/sandbox`,
    });
  });

  it('without a type, an org with a namespace is Package and one without is Licenses', async () => {
    for (const org of [packaging, lma]) {
      const flow = await connectAs('/oauth2/orgurl?returnTo=/packageorgs', adminOf(org));
      await finish(flow.callback, flow.stateCookie);
    }
    expect((await findConnectedOrg(testDb.db, packaging.orgId))?.type).toBe('Package');
    expect((await findConnectedOrg(testDb.db, lma.orgId))?.type).toBe('Licenses');
  });

  it('Deny on the login page stores nothing and explains on /authresponse', async () => {
    const flow = await connectAs('/oauth2/orgurl?type=Package', adminOf(packaging), {
      action: 'deny',
    });
    const { code } = await finish(flow.callback, flow.stateCookie);
    expect(code).toBe('access_denied');
    expect(await findConnectedOrg(testDb.db, packaging.orgId)).toBeUndefined();
  });

  it('a callback without the browser binding cookie is refused', async () => {
    const flow = await connectAs('/oauth2/orgurl?type=Package', adminOf(packaging));
    expect((await finish(flow.callback, undefined)).code).toBe('invalid_state');
    expect(await findConnectedOrg(testDb.db, packaging.orgId)).toBeUndefined();
  });

  it('another operator cannot finish someone else’s connect', async () => {
    const flow = await connectAs('/oauth2/orgurl?type=Package', adminOf(packaging));
    const other = await sessionHeaders(testDb.db, { username: 'admin@pushboard.demo' });
    expect((await finish(flow.callback, flow.stateCookie, other)).code).toBe('forbidden');
  });

  it('read-only users cannot start it (403), and an unknown type is a 400 naming it', async () => {
    const viewer = await sessionHeaders(testDb.db, {
      username: 'viewer@pushboard.demo',
      readOnly: true,
    });
    expect(
      (await app.inject({ url: '/oauth2/orgurl?type=Package', headers: viewer })).statusCode,
    ).toBe(403);
    const bad = await app.inject({ url: '/oauth2/orgurl?type=Customers', headers: operator });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field: string }>().field).toBe('type');
  });
});

describe('Add Org: PKCE, the state first, fixed sentences', () => {
  const FORGED = 'Your org is compromised: call +1 555 0100 now.';
  const verifierOf = async (nonce: string) =>
    (
      await testDb.db.query<{ code_verifier: string | null }>(
        'SELECT code_verifier FROM oauth_state WHERE nonce = $1',
        [nonce],
      )
    ).rows[0]?.code_verifier;

  it('the authorization URL carries the S256 challenge of a verifier kept with the state', async () => {
    const flow = await connectAs('/oauth2/orgurl?type=Package', adminOf(packaging));
    const verifier = await verifierOf(flow.stateCookie);
    expect(verifier).toMatch(/^[\w-]{43,128}$/);
    expect(flow.authorize.searchParams.get('code_challenge')).toBe(codeChallenge(verifier ?? ''));
    // The simulator redeems the code only with the verifier: connecting works, so it was sent.
    expect((await finish(flow.callback, flow.stateCookie)).location).toBe('/packageorgs');
    expect(await findConnectedOrg(testDb.db, packaging.orgId)).toMatchObject({
      status: 'Connected',
    });
  });

  it('a verifier that does not match stores nothing and shows the fixed sentence', async () => {
    const flow = await connectAs('/oauth2/orgurl?type=Package', adminOf(packaging));
    await testDb.db.query('UPDATE oauth_state SET code_verifier = $2 WHERE nonce = $1', [
      flow.stateCookie,
      'y'.repeat(86),
    ]);
    const { code, message, location } = await finish(flow.callback, flow.stateCookie);
    expect({ code, message }).toEqual({
      code: 'invalid_grant',
      message: AUTH_RESPONSES.invalid_grant.message,
    });
    expect(location).not.toMatch(/verifier/);
    expect(await findConnectedOrg(testDb.db, packaging.orgId)).toBeUndefined();
  });

  it('a forged error_description: a bad state shows the state sentence, a good one the fixed sentence', async () => {
    const forged = new URLSearchParams({
      error: 'access_denied',
      error_description: FORGED,
      state: 'c.forged.signature',
    });
    const bad = await finish(`/oauth2/callback?${forged.toString()}`, undefined);
    expect({ code: bad.code, message: bad.message }).toEqual({
      code: 'invalid_state',
      message: AUTH_RESPONSES.invalid_state.message,
    });
    expect(bad.location).not.toMatch(/compromised|555/);

    const flow = await connectAs('/oauth2/orgurl?type=Package', adminOf(packaging));
    const state = new URL(flow.callback, 'http://x').searchParams.get('state') ?? '';
    const query = new URLSearchParams({ error: 'access_denied', error_description: FORGED, state });
    const good = await finish(`/oauth2/callback?${query.toString()}`, flow.stateCookie);
    expect({ code: good.code, message: good.message }).toEqual({
      code: 'access_denied',
      message: AUTH_RESPONSES.access_denied.message,
    });
    expect(good.location).not.toMatch(/compromised|555/);
  });
});

describe('re-connect and pre-authorization', () => {
  it('re-connects an Invalid org on its own instance URL', async () => {
    const first = await connectAs('/oauth2/orgurl?type=Package', adminOf(packaging));
    await finish(first.callback, first.stateCookie);
    await testDb.db.query(
      `UPDATE connected_org SET status = 'Invalid', access_token_enc = NULL, refresh_token_enc = NULL`,
    );
    const query = new URLSearchParams({
      instanceUrl: packaging.instanceUrl,
      type: 'Package',
      returnTo: `/packageorg/${packaging.orgId}`,
    });
    const again = await connectAs(`/oauth2/orgurl?${query.toString()}`, adminOf(packaging));
    expect(
      again.authorize.href.startsWith(`${packaging.instanceUrl}/services/oauth2/authorize`),
    ).toBe(true);
    const { location } = await finish(again.callback, again.stateCookie);
    expect(location).toBe(`/packageorg/${packaging.orgId}`);
    expect(await findConnectedOrg(testDb.db, packaging.orgId)).toMatchObject({
      status: 'Connected',
    });
  });

  it('never sends the browser to an instance URL Pushboard does not know', async () => {
    const res = await app.inject({
      url: '/oauth2/orgurl?type=Package&instanceUrl=https%3A%2F%2Fevil.example.com',
      headers: operator,
    });
    expect(res.statusCode).toBe(404);
  });

  it('pre-authorizes the named org only: logging in to another org stores nothing', async () => {
    const start = `/oauth2/preauthorg?org_id=${packaging.orgId}`;
    const wrong = await connectAs(start, adminOf(lma));
    expect((await finish(wrong.callback, wrong.stateCookie)).code).toBe('wrong_org');
    expect(await findConnectedOrg(testDb.db, lma.orgId)).toBeUndefined();
    const right = await connectAs(start, adminOf(packaging));
    const { location } = await finish(right.callback, right.stateCookie);
    expect(location).toBe(`/packageorg/${packaging.orgId}`);
    expect(await findConnectedOrg(testDb.db, packaging.orgId)).toMatchObject({
      type: 'Package',
      status: 'Connected',
    });
  });

  it('a bad org id for pre-authorization is a 400 naming org_id', async () => {
    const res = await app.inject({ url: '/oauth2/preauthorg?org_id=nope', headers: operator });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field: string }>().field).toBe('org_id');
  });
});

describe('export', () => {
  it('opens a page with the connection’s details and a reconnect link, never a token', async () => {
    const flow = await connectAs('/oauth2/orgurl?type=Package', adminOf(packaging));
    await finish(flow.callback, flow.stateCookie);
    const query = new URLSearchParams({ instanceUrl: packaging.instanceUrl, type: 'Package' });
    const start = await app.inject({
      url: `/oauth2/exportorgurl?${query.toString()}`,
      headers: operator,
    });
    expect(start.statusCode).toBe(200);
    const { url } = start.json<{ url: string }>();
    expect(url).toBe(
      `/oauth2/exportorg/${packaging.orgId}?returnTo=${encodeURIComponent(`/packageorg/${packaging.orgId}`)}`,
    );
    const page = await app.inject({ url, headers: operator });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const text of [
      packaging.orgId,
      packaging.name,
      packaging.instanceUrl,
      'operator@pushboard.demo',
      'Connected',
    ])
      expect(page.body).toContain(text);
    expect(page.body).toContain('href="/oauth2/connect?instanceUrl=');

    const row = await findConnectedOrg(testDb.db, packaging.orgId);
    const sealed = [row?.access_token_enc ?? '', row?.refresh_token_enc ?? ''];
    const plain = sealed.map((value) => app.services.secrets.decrypt(value));
    for (const secret of [...sealed, ...plain, 'demo-secret']) {
      expect(start.body).not.toContain(secret);
      expect(page.body).not.toContain(secret);
    }

    // The reconnect link starts the same flow as a redirect to the org's own login page.
    const link =
      /href="(\/oauth2\/connect\?[^"]+)"/.exec(page.body)?.[1]?.replaceAll('&#38;', '&') ?? '';
    const reconnect = await app.inject({ url: link, headers: operator });
    expect(reconnect.statusCode).toBe(302);
    expect(
      String(reconnect.headers.location).startsWith(
        `${packaging.instanceUrl}/services/oauth2/authorize`,
      ),
    ).toBe(true);
  });

  it('needs status Connected (409) and refuses read-only users (403)', async () => {
    const flow = await connectAs('/oauth2/orgurl?type=Package', adminOf(packaging));
    await finish(flow.callback, flow.stateCookie);
    const query = new URLSearchParams({ instanceUrl: packaging.instanceUrl, type: 'Package' });
    const viewer = await sessionHeaders(testDb.db, {
      username: 'viewer@pushboard.demo',
      readOnly: true,
    });
    expect(
      (await app.inject({ url: `/oauth2/exportorgurl?${query.toString()}`, headers: viewer }))
        .statusCode,
    ).toBe(403);
    await testDb.db.query(`UPDATE connected_org SET status = 'Invalid'`);
    expect(
      (await app.inject({ url: `/oauth2/exportorgurl?${query.toString()}`, headers: operator }))
        .statusCode,
    ).toBe(409);
  });
});
