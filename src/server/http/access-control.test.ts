// Access control proven by introspection (issue #14): every route in Fastify's route table, present
// and future, is called as an anonymous visitor, a read-only user and a signed-in user without the
// CSRF header. A route that should answer anyone, or that a read-only user may call, is named in
// one of the allow-lists below with the reason; any other route that answers them fails here.
// The calls carry plausible ids and an empty body: access is decided before the input is read, so
// a route that validates first (and answers 400) also fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_CLIENT_MESSAGES, type ClientMessageName } from '../../domain/live-events';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { buildApp, type AppInstance } from './app';
import { CSRF_HEADER } from './auth';
import { sessionHeaders } from './test-session';

/** Routes anyone may call, with why. */
const PUBLIC: Record<string, string> = {
  'GET /api/docs': 'the OpenAPI description of the contract; it holds no data',
  'GET /healthz': "the load balancer's health probe",
  'GET /metrics':
    'Prometheus scrapers carry no session: it needs the METRICS_TOKEN bearer token instead, and answers 404 while none is configured',
  'GET /oauth2/loginurl': 'sign-in starts here',
  'GET /oauth2/callback':
    'Salesforce sends the browser back here to finish sign-in (state-checked)',
  'GET /oauth2/adminaccess': 'sign-in with the admin access key (rate-limited)',
  'GET /oauth2/settings': 'the login page asks whether an admin access key exists',
  'GET /oauth2/user': 'answers who is signed in; anonymous callers learn only that nobody is',
  'GET /oauth2/logout': 'signing out needs no session',
};

/** Change routes a read-only user may call, with why (spec §6). */
const READ_ONLY_ALLOWED: Record<string, string> = {
  'POST /api/stats': 'Analyze stays available to read-only users; it changes nothing',
  'POST /api/orgs/:orgId/upgrade/preview':
    'the Schedule Upgrade preview changes nothing (POST only because the body is a list)',
  'POST /api/orggroups/:id/upgrade/preview':
    'the Schedule Upgrade preview changes nothing (POST only because the body is a list)',
  'POST /oauth2/logout-everywhere':
    'anyone signed in may end their own sessions; it touches no other user (CSRF-checked)',
};

/** GET routes that change something or hand out access, so read-only users are refused. */
const CHANGING_GETS = new Set([
  'GET /oauth2/orgurl',
  'GET /oauth2/connect',
  'GET /oauth2/preauthorg',
  'GET /oauth2/exportorgurl',
  'GET /oauth2/exportorg/:orgId',
]);

/** Live-channel messages a read-only user may send, with why. */
const READ_ONLY_MESSAGES_ALLOWED: Partial<Record<ClientMessageName, string>> = {
  'refresh-org-versions': 'Refresh Versions stays available to read-only users (spec §6)',
  'refresh-group-versions': 'Refresh Versions stays available to read-only users (spec §6)',
};

const PARAM_VALUES: Record<string, string> = {
  orgId: '00D000000000555AAA',
  licenseId: 'a0L000000000001AAA',
  packageId: '033000000000001AAA',
  versionId: '04t000000000001AAA',
  id: '1',
  kind: 'any',
};

let testDb: TestDatabase;
let app: AppInstance;
let readOnly: Record<string, string>;
let operator: Record<string, string>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp(
    { config: loadConfig({}), db: testDb.db, secretKey: 'k'.repeat(64) },
    { logger: false },
  );
  await app.ready();
  readOnly = await sessionHeaders(testDb.db, { username: 'viewer@pushboard.demo', readOnly: true });
  operator = await sessionHeaders(testDb.db);
});

afterAll(async () => {
  await app.close();
  await testDb.drop();
});

interface RouteCase {
  name: string;
  method: string;
  url: string;
}

function routes(): RouteCase[] {
  return app.routeTable
    .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .filter(
      (route) =>
        route.url.startsWith('/api/') ||
        route.url.startsWith('/oauth2/') ||
        route.url === '/healthz' ||
        route.url === '/metrics',
    )
    .map((route) => ({
      name: `${route.method} ${route.url}`,
      method: route.method,
      url: route.url.replace(/:(\w+)/g, (_, param: string) => {
        const value = PARAM_VALUES[param];
        if (!value) throw new Error(`${route.url}: give ${param} a value in PARAM_VALUES`);
        return value;
      }),
    }));
}

const isChange = (route: RouteCase) => route.method !== 'GET' || CHANGING_GETS.has(route.name);

async function call(route: RouteCase, headers: Record<string, string>) {
  const response = await app.inject({
    method: route.method as 'GET',
    url: route.url,
    headers: route.method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' },
    ...(route.method === 'GET' ? {} : { payload: '{}' }),
  });
  return response.statusCode;
}

describe('access control over the whole route table', () => {
  it('covers the routes of every area', () => {
    const all = routes();
    const names = all.map((r) => r.name);
    expect(names.length).toBeGreaterThan(40);
    const changes = all.filter(isChange).length;
    // The figure the closing note quotes.
    console.log(
      `access control: ${all.length} routes (${changes} changes, ${all.length - changes} reads), ` +
        `${Object.keys(PUBLIC).length} public, ${Object.keys(READ_ONLY_ALLOWED).length} open to read-only users`,
    );
    for (const area of ['/api/orgs', '/api/orggroups', '/api/upgrades', '/api/packageorgs'])
      expect(
        names.some((name) => name.includes(area)),
        area,
      ).toBe(true);
  });

  it('names only existing routes in its allow-lists', () => {
    const names = new Set(routes().map((r) => r.name));
    const listed = [...Object.keys(PUBLIC), ...Object.keys(READ_ONLY_ALLOWED), ...CHANGING_GETS];
    expect(listed.filter((name) => !names.has(name))).toEqual([]);
  });

  it('answers anonymous callers 401 everywhere but the public routes', async () => {
    const open: string[] = [];
    for (const route of routes()) {
      if (PUBLIC[route.name]) continue;
      const status = await call(route, {});
      if (status !== 401) open.push(`${route.name} → ${status}`);
    }
    expect(open).toEqual([]);
  });

  it('refuses every change to a read-only user with 403', async () => {
    const open: string[] = [];
    for (const route of routes().filter(isChange)) {
      if (PUBLIC[route.name] || READ_ONLY_ALLOWED[route.name]) continue;
      const status = await call(route, readOnly);
      if (status !== 403) open.push(`${route.name} → ${status}`);
    }
    expect(open).toEqual([]);
  });

  it('refuses every cookie-authenticated change without the CSRF header with 403', async () => {
    const { [CSRF_HEADER]: _csrf, ...withoutCsrf } = operator;
    const open: string[] = [];
    for (const route of routes().filter((r) => r.method !== 'GET')) {
      if (PUBLIC[route.name]) continue;
      const status = await call(route, withoutCsrf);
      if (status !== 403) open.push(`${route.name} → ${status}`);
    }
    expect(open).toEqual([]);
  });

  it('lets read-only users send only the live messages listed, each with a reason', () => {
    expect([...READ_ONLY_CLIENT_MESSAGES].sort()).toEqual(
      Object.keys(READ_ONLY_MESSAGES_ALLOWED).sort(),
    );
  });
});
