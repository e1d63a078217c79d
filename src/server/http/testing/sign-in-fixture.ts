// The sign-in tests' fixture (sign-in-flow.test.ts, sign-in-refusals.test.ts): the simulator with
// its real login page, a database whose LMA is connected, a console over both, and helpers that
// sign in through the login page and finish the callback. The bindings are live: a test file reads
// them after useSignInFixture's start.
import { afterAll, beforeAll, expect } from 'vitest';
import {
  startSimulator,
  type RunningSimulator,
} from '../../../../test/support/salesforce-simulator';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import type { AppInstance } from '../app';
import { startTestApp } from './test-app';
import { connectSimulatorLma } from './sign-in-org';
import { simulatorConfig } from './simulator-config';
import { cookiesOf } from './cookies-of';

export let sim: RunningSimulator;
export let testDb: TestDatabase;

export async function consoleFor(extraEnv: Record<string, string> = {}): Promise<AppInstance> {
  const config = simulatorConfig(sim, { PUBLIC_URL: 'http://localhost:5999', ...extraEnv });
  return (await startTestApp({ testDb, config })).app;
}

/** Starts sign-in on the console, answers the simulator's login page, returns the callback URL. */
export async function signInAt(
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

export async function finish(
  app: AppInstance,
  callbackPath: string,
  stateCookie: string | undefined,
) {
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

export let app: AppInstance;
export let lmaOrgId: string;
export let packaging: RunningSimulator['orgs'][number];
/** Registers the fixture's start and stop around the test file that calls it. */
export function useSignInFixture(): void {
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
}

/** The /authresponse query of a redirect. */
export const responseOf = (location: string) => {
  const params = new URL(location, 'http://x').searchParams;
  return { code: params.get('code'), message: params.get('message') };
};
