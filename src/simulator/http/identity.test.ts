// The identity service (identity URL, userinfo), token-to-org binding and connected-app overrides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../index';
import {
  API,
  CLIENT,
  api,
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

describe('identity', () => {
  it('serves the identity URL (Bearer or oauth_token) and userinfo', async () => {
    const token = await passwordToken(sim, 'viewer@pushboard.demo');
    const byParam = await fetch(
      `${token.id}?format=json&oauth_token=${encodeURIComponent(token.access_token)}`,
    );
    const identity = (await byParam.json()) as Record<string, unknown>;
    expect(identity).toMatchObject({
      id: token.id,
      username: 'viewer@pushboard.demo',
      display_name: 'Jordan Lee',
      asserted_user: true,
      active: true,
    });
    expect((identity.urls as Record<string, string>).rest).toBe(
      `${token.instance_url}/services/data/v{version}/`,
    );
    const onInstance = await api(
      token.instance_url,
      token.access_token,
      new URL(token.id).pathname,
    );
    expect(onInstance.status).toBe(200);
    const userinfo = await api(sim.url, token.access_token, '/services/oauth2/userinfo');
    expect(userinfo.body).toMatchObject({
      sub: token.id,
      preferred_username: 'viewer@pushboard.demo',
      organization_id: orgInfo(sim, 'lma').orgId,
    });
    const bad = await fetch(`${token.id}?oauth_token=nope`);
    expect([bad.status, await bad.text()]).toEqual([403, 'Bad_OAuth_Token']);
  });

  it('binds a token to its org: another org’s instance answers INVALID_SESSION_ID', async () => {
    const token = await passwordToken(sim, 'admin@pushboard.demo');
    const reply = await api(
      orgInfo(sim, 'relaycore').instanceUrl,
      token.access_token,
      `${API}/limits`,
    );
    expect(reply).toMatchObject({ status: 401, body: [{ errorCode: 'INVALID_SESSION_ID' }] });
  });

  it('honours SIM_CLIENT_ID/SIM_CLIENT_SECRET-style overrides of the connected app', async () => {
    const other = await startTestSimulator({ clientId: 'my-app', clientSecret: 's3cret' });
    try {
      const old = await tokenRequest(other.url, {
        grant_type: 'password',
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        username: 'admin@pushboard.demo',
        password: 'demo',
      });
      expect(old.body.error).toBe('invalid_client_id');
      const ok = await tokenRequest(other.url, {
        grant_type: 'password',
        client_id: 'my-app',
        client_secret: 's3cret',
        username: 'admin@pushboard.demo',
        password: 'demo',
      });
      expect(ok.status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
