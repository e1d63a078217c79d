// instanceUrls 'origin': every org on a port of its own, its instance URL a bare origin like a My
// Domain, which clients that append paths to `new URL(instanceUrl).toString()` (the sf CLI) need.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator, SimOrgInfo } from '../index';
import {
  API,
  CLIENT,
  api,
  orgInfo,
  passwordToken,
  startTestSimulator,
  tokenRequest,
  type TokenReply,
} from '../test-support';

let sim: RunningSimulator;
let core: SimOrgInfo;
let admin: TokenReply;

beforeAll(async () => {
  sim = await startTestSimulator({ instanceUrls: 'origin' });
  core = orgInfo(sim, 'relaycore');
  admin = await passwordToken(sim, 'admin@relaycore.pushboard.demo');
});
afterAll(async () => {
  await sim.close();
});

describe('origin instance URLs', () => {
  it('gives each org an origin of its own and puts it in the token reply', () => {
    const origins = sim.orgs.map((o) => o.instanceUrl);
    for (const origin of origins) expect(origin).toMatch(/^http:\/\/localhost:\d+$/);
    expect(new Set(origins).size).toBe(sim.orgs.length);
    expect(origins).not.toContain(sim.url);
    expect(admin.instance_url).toBe(core.instanceUrl);
    // The identity URL stays on the login host, as Salesforce issues it.
    expect(admin.id).toBe(`${sim.url}/id/${core.orgId}/${admin.id.split('/').pop() ?? ''}`);
  });

  it('serves the REST API, userinfo and OAuth at the root of the origin', async () => {
    const limits = await api(core.instanceUrl, admin.access_token, `${API}/limits`);
    // A packaging org is a Dev Hub here: it has scratch org allocations.
    expect(limits).toMatchObject({ status: 200, body: { ActiveScratchOrgs: { Max: 3 } } });
    const userinfo = await api(core.instanceUrl, admin.access_token, '/services/oauth2/userinfo');
    expect(userinfo.body).toMatchObject({
      preferred_username: 'admin@relaycore.pushboard.demo',
      organization_id: core.orgId,
    });
    const onOrigin = await tokenRequest(core.instanceUrl, {
      grant_type: 'password',
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      username: 'admin@relaycore.pushboard.demo',
      password: 'demo',
    });
    expect(onOrigin).toMatchObject({ status: 200, body: { instance_url: core.instanceUrl } });
  });

  it('reads a doubled slash before services as one, as Salesforce does', async () => {
    const reply = await api(
      core.instanceUrl,
      admin.access_token,
      `/${API}/query?q=SELECT+Id+FROM+MetadataPackage`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ totalSize: 1, done: true });
    const versions = await fetch(`${core.instanceUrl}//services/data`);
    expect(versions.status).toBe(200);
  });

  it('answers another org’s token with INVALID_SESSION_ID, and unknown paths with NOT_FOUND', async () => {
    const lma = await passwordToken(sim, 'admin@pushboard.demo');
    expect(await api(core.instanceUrl, lma.access_token, `${API}/limits`)).toMatchObject({
      status: 401,
      body: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }],
    });
    expect(await api(core.instanceUrl, admin.access_token, '/services/nothing/here')).toMatchObject(
      {
        status: 404,
        body: [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }],
      },
    );
  });

  it('still serves the path-style instance URL on the login host', async () => {
    const reply = await api(`${sim.url}/org/${core.orgId}`, admin.access_token, `${API}/limits`);
    expect(reply.status).toBe(200);
  });
});
