// The sandbox login host (<root>/sandbox, test.salesforce.com on Salesforce): the same web-server
// flow over real HTTP, its page saying it is the sandbox host, and nothing else served there.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningSimulator } from '../index';
import { CLIENT, startTestSimulator } from '../test-support';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startTestSimulator();
});
afterAll(async () => {
  await sim.close();
});

it('runs the authorization-code flow on the sandbox login host', async () => {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT.clientId,
    redirect_uri: 'http://localhost:9/cb',
    state: 's1',
  });
  const page = await fetch(`${sim.url}/sandbox/services/oauth2/authorize?${params.toString()}`);
  const html = await page.text();
  expect(page.status).toBe(200);
  expect(html).toContain('Log in to Salesforce (Sandbox)');
  expect(html).toContain('action="/sandbox/services/oauth2/authorize"');

  const form = new URLSearchParams(params);
  form.set('username', 'admin@pushboard.demo');
  form.set('password', 'demo');
  form.set('action', 'login');
  const answer = await fetch(`${sim.url}/sandbox/services/oauth2/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location') ?? '');
  expect(back.searchParams.get('state')).toBe('s1');
  const code = back.searchParams.get('code') ?? '';

  const token = await fetch(`${sim.url}/sandbox/services/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      redirect_uri: 'http://localhost:9/cb',
    }),
  });
  expect(token.status).toBe(200);
  expect(await token.json()).toMatchObject({ token_type: 'Bearer' });
});

it('the production login page does not call itself the sandbox host', async () => {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT.clientId,
    redirect_uri: 'http://localhost:9/cb',
  });
  const html = await (
    await fetch(`${sim.url}/services/oauth2/authorize?${params.toString()}`)
  ).text();
  expect(html).toContain('Log in to Salesforce</h1>');
  expect(html).not.toContain('Sandbox');
});

it('serves only OAuth under /sandbox', async () => {
  expect((await fetch(`${sim.url}/sandbox/services/data`)).status).toBe(404);
});
