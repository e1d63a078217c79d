// OAuth 2.0 and identity contracts over real HTTP, with jsforce as the client where it fits.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../index';
import {
  API,
  CLIENT,
  api,
  connection,
  login,
  orgInfo,
  passwordToken,
  startTestSimulator,
  tokenRequest,
} from '../test-support';

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startTestSimulator({ accessTokenTtlSeconds: 600 });
});
afterAll(async () => {
  await sim.close();
});

/** What a browser does on the login page: read the form, fill it in, submit it. */
async function submitLogin(
  pageUrl: string,
  html: string,
  fields: Record<string, string>,
  cookie = '',
): Promise<Response> {
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(
      m[1] ?? '',
      (m[2] ?? '').replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))),
    );
  }
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  return fetch(new URL(action, pageUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: form.toString(),
  });
}

describe('web-server flow', () => {
  it('logs a person in on the authorize page and trades the code for tokens (jsforce authorize)', async () => {
    const conn = connection(sim.url);
    const authorizeUrl = conn.oauth2.getAuthorizationUrl({ state: 'st-42', prompt: 'login' });
    expect(authorizeUrl.startsWith(`${sim.url}/services/oauth2/authorize?`)).toBe(true);
    const page = await fetch(authorizeUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('operator@pushboard.demo');
    expect(html).toContain('Deny');

    const reply = await submitLogin(authorizeUrl, html, {
      username: 'operator@pushboard.demo',
      password: 'demo',
      action: 'login',
    });
    expect(reply.status).toBe(302);
    const location = new URL(reply.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(CLIENT.redirectUri);
    expect(location.searchParams.get('state')).toBe('st-42');
    const code = location.searchParams.get('code') ?? '';

    const userInfo = await conn.authorize(code);
    const lma = orgInfo(sim, 'lma');
    expect(userInfo.organizationId).toBe(lma.orgId);
    expect(conn.instanceUrl).toBe(lma.instanceUrl);
    expect(conn.refreshToken).toMatch(/^5Aep861/);
    expect(conn.accessToken?.startsWith(`${lma.orgId.slice(0, 15)}!`)).toBe(true);
    const identity = await conn.identity();
    expect(identity.username).toBe('operator@pushboard.demo');
    expect(identity.organization_id).toBe(lma.orgId);

    // A code works once.
    const again = await tokenRequest(sim.url, {
      grant_type: 'authorization_code',
      code,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      redirect_uri: CLIENT.redirectUri,
    });
    expect(again).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'invalid authorization code' },
    });

    // The browser session now approves at once, unless prompt=login asks for the page again.
    const cookie = (reply.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const silent = await fetch(conn.oauth2.getAuthorizationUrl({ state: 's2' }), {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(silent.status).toBe(302);
    expect(new URL(silent.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
    const forced = await fetch(conn.oauth2.getAuthorizationUrl({ prompt: 'login' }), {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(forced.status).toBe(200);
  });

  it('returns the token reply fields, with a verifiable signature', async () => {
    const conn = connection(sim.url);
    const authorizeUrl = conn.oauth2.getAuthorizationUrl({});
    const reply = await submitLogin(authorizeUrl, await (await fetch(authorizeUrl)).text(), {
      username: 'admin@pushboard.demo',
      password: 'demo',
      action: 'login',
    });
    const code = new URL(reply.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const { status, body } = await tokenRequest(sim.url, {
      grant_type: 'authorization_code',
      code,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      redirect_uri: CLIENT.redirectUri,
    });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'id',
      'instance_url',
      'issued_at',
      'refresh_token',
      'scope',
      'signature',
      'token_type',
    ]);
    const expected = createHmac('sha256', CLIENT.clientSecret)
      .update(`${String(body.id)}${String(body.issued_at)}`)
      .digest('base64');
    expect(body.signature).toBe(expected);
    expect(body.id).toMatch(new RegExp(`^${sim.url}/id/00D[0-9A-Za-z]{15}/005[0-9A-Za-z]{15}$`));
  });

  it('redirects "Deny" with error and error_description, and keeps state', async () => {
    const url = connection(sim.url).oauth2.getAuthorizationUrl({ state: 'abc' });
    const reply = await submitLogin(url, await (await fetch(url)).text(), { action: 'deny' });
    const location = new URL(reply.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBe('end-user denied authorization');
    expect(location.searchParams.get('state')).toBe('abc');
  });

  it('shows the login error for a wrong password and stays on the page', async () => {
    const url = connection(sim.url).oauth2.getAuthorizationUrl({});
    const reply = await submitLogin(url, await (await fetch(url)).text(), {
      username: 'viewer@pushboard.demo',
      password: 'nope',
      action: 'login',
    });
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain('Please check your username and password');
  });

  it('refuses an unknown client and an unregistered callback with an error page', async () => {
    const bad = await fetch(
      `${sim.url}/services/oauth2/authorize?response_type=code&client_id=nope&redirect_uri=${encodeURIComponent(CLIENT.redirectUri)}`,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('invalid_client_id');
    const mismatch = await fetch(
      `${sim.url}/services/oauth2/authorize?response_type=code&client_id=${CLIENT.clientId}&redirect_uri=${encodeURIComponent('https://evil.example.com/cb')}`,
    );
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('redirect_uri_mismatch');
  });
});

describe('token endpoint', () => {
  it('signs in scripts with the password grant (jsforce login), without a refresh token', async () => {
    const conn = await login(sim, 'admin@relaycore.pushboard.demo');
    expect(conn.instanceUrl).toBe(orgInfo(sim, 'relaycore').instanceUrl);
    const reply = await passwordToken(sim, 'viewer@pushboard.demo');
    expect(reply.refresh_token).toBeUndefined();
    expect(reply.token_type).toBe('Bearer');
  });

  it('answers bad credentials as Salesforce does', async () => {
    const base = { grant_type: 'password', username: 'admin@pushboard.demo', password: 'demo' };
    expect(
      await tokenRequest(sim.url, {
        ...base,
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        password: 'x',
      }),
    ).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'authentication failure' },
    });
    expect(
      await tokenRequest(sim.url, { ...base, client_id: CLIENT.clientId, client_secret: 'wrong' }),
    ).toEqual({
      status: 400,
      body: { error: 'invalid_client', error_description: 'invalid client credentials' },
    });
    expect(
      await tokenRequest(sim.url, {
        ...base,
        client_id: 'other',
        client_secret: CLIENT.clientSecret,
      }),
    ).toEqual({
      status: 400,
      body: { error: 'invalid_client_id', error_description: 'client identifier invalid' },
    });
    expect(
      await tokenRequest(sim.url, {
        grant_type: 'refresh_token',
        refresh_token: 'nope',
        client_id: CLIENT.clientId,
      }),
    ).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'expired access/refresh token' },
    });
    expect(await tokenRequest(sim.url, { grant_type: 'client_magic' })).toEqual({
      status: 400,
      body: { error: 'unsupported_grant_type', error_description: 'grant type not supported' },
    });
  });

  it('refreshes an expired access token: jsforce retries the call after its refresh', async () => {
    const conn = connection(sim.url);
    const url = conn.oauth2.getAuthorizationUrl({});
    const reply = await submitLogin(url, await (await fetch(url)).text(), {
      username: 'admin@pushboard.demo',
      password: 'demo',
      action: 'login',
    });
    await conn.authorize(
      new URL(reply.headers.get('location') ?? '').searchParams.get('code') ?? '',
    );
    const before = conn.accessToken ?? '';
    sim.control.advance(601_000);
    const expired = await api(conn.instanceUrl, before, `${API}/limits`);
    expect(expired).toMatchObject({
      status: 401,
      body: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }],
    });
    let refreshed = '';
    conn.on('refresh', (token: string) => {
      refreshed = token;
    });
    const result = await conn.query('SELECT Id FROM sfLma__Package__c');
    expect(result.totalSize).toBe(2);
    expect(refreshed).not.toBe('');
    expect(conn.accessToken).toBe(refreshed);
    expect(refreshed).not.toBe(before);
  });

  it('revokes a refresh token together with its access tokens', async () => {
    const conn = connection(sim.url);
    const url = conn.oauth2.getAuthorizationUrl({});
    const reply = await submitLogin(url, await (await fetch(url)).text(), {
      username: 'operator@pushboard.demo',
      password: 'demo',
      action: 'login',
    });
    await conn.authorize(
      new URL(reply.headers.get('location') ?? '').searchParams.get('code') ?? '',
    );
    const { accessToken, refreshToken, instanceUrl } = conn;
    await conn.oauth2.revokeToken(refreshToken ?? '');
    expect((await api(instanceUrl, accessToken ?? '', `${API}/limits`)).status).toBe(401);
    expect(
      (
        await tokenRequest(sim.url, {
          grant_type: 'refresh_token',
          refresh_token: refreshToken ?? '',
          client_id: CLIENT.clientId,
        })
      ).body.error,
    ).toBe('invalid_grant');
    const unknown = await fetch(`${sim.url}/services/oauth2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=nope',
    });
    expect(unknown.status).toBe(400);
  });
});
