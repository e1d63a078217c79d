// Access control proven by introspection: every route in Fastify's route table, present and
// future, is called as an anonymous visitor (under every spelling of its path the router might
// accept), a read-only user and a signed-in user without the CSRF header. A route that should
// answer anyone is on the public list (public-routes.ts) with its reason, one a read-only user may
// call is named below with the reason; any other route that answers them fails here.
// The calls carry plausible ids and an empty body: access is decided before the input is read, so
// a route that validates first (and answers 400) also fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_ONLY_CLIENT_MESSAGES, type ClientMessageName } from '../../domain/live-events';
import type { TestDatabase } from '../db/test-database';
import type { AppInstance } from './app';
import { startTestApp } from './testing/test-app';
import { CSRF_HEADER } from './auth';
import { PUBLIC_ROUTES as PUBLIC } from './public-routes';
import { sessionHeaders } from './test-session';
import { pathSpellings } from './testing/path-spellings';

/** Change routes a read-only user may call, with why (docs/product.md "Roles and permissions"). */
const READ_ONLY_ALLOWED: Record<string, string> = {
  'POST /api/stats': 'Analyze stays available to read-only users; it changes nothing',
  'POST /api/orgs/:orgId/upgrade/preview':
    'the Schedule Upgrade preview changes nothing (POST only because the body is a list)',
  'POST /api/orggroups/:id/upgrade/preview':
    'the Schedule Upgrade preview changes nothing (POST only because the body is a list)',
  'POST /api/orgs/upgrade/preview':
    'the Schedule Upgrade preview changes nothing (POST only because the body is a list)',
  'POST /oauth2/logout-everywhere':
    'anyone signed in may end their own sessions; it touches no other user (CSRF-checked)',
  'POST /api/tokens':
    'a read-only user makes read tokens for their scripts (operate tokens are refused with 403)',
  'DELETE /api/tokens/:id': 'anyone may revoke their own API tokens; it touches no other user',
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
  'refresh-org-versions': 'Refresh Versions stays available to read-only users',
  'refresh-group-versions': 'Refresh Versions stays available to read-only users',
};

const PARAM_VALUES: Record<string, string> = {
  orgId: '00D000000000555AAA',
  licenseId: 'a0L000000000001AAA',
  packageId: '033000000000001AAA',
  versionId: '04t000000000001AAA',
  id: '1',
  kind: 'any',
  wave: '2',
  deliveryId: '5d0c7a4e-8d7e-4b53-9a59-2f1f0f5d9c11',
};

let testDb: TestDatabase;
let app: AppInstance;
let close: () => Promise<void>;
let readOnly: Record<string, string>;
let operator: Record<string, string>;

beforeAll(async () => {
  ({ app, testDb, close } = await startTestApp());
  readOnly = await sessionHeaders(testDb.db, { username: 'viewer@pushboard.demo', readOnly: true });
  operator = await sessionHeaders(testDb.db);
});

afterAll(() => close?.());

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

async function send(route: RouteCase, headers: Record<string, string>, url = route.url) {
  return app.inject({
    method: route.method as 'GET',
    url,
    headers: route.method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' },
    ...(route.method === 'GET' ? {} : { payload: '{}' }),
  });
}

async function call(route: RouteCase, headers: Record<string, string>) {
  return (await send(route, headers)).statusCode;
}

/** An anonymous caller that sends the CSRF header, so that only the session check can stop it. */
const ANONYMOUS = { [CSRF_HEADER]: 'pushboard' };

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
      const status = await call(route, ANONYMOUS);
      if (status !== 401) open.push(`${route.name} → ${status}`);
    }
    expect(open).toEqual([]);
  });

  it('answers every spelling of a path that reaches a route as its canonical spelling', async () => {
    const leaks: string[] = [];
    let spellings = 0;
    let reached = 0;
    for (const route of routes()) {
      if (PUBLIC[route.name]) continue;
      const canonical = await send(route, operator);
      for (const spelling of pathSpellings(route.url)) {
        spellings += 1;
        const anonymous = await send(route, ANONYMOUS, spelling.path);
        const signedIn = await send(route, operator, spelling.path);
        const reachesRoute =
          signedIn.statusCode === canonical.statusCode &&
          signedIn.headers['content-type'] === canonical.headers['content-type'];
        if (reachesRoute) reached += 1;
        // Reaching the route: the session check answers. Not reaching it: a 4xx without data or
        // the web app's page, never a JSON answer and never a server error.
        const refused = reachesRoute
          ? anonymous.statusCode === 401
          : [400, 401, 404, 414].includes(anonymous.statusCode) ||
            // The web app's page (503 "not built" here: these tests build no web app).
            ([200, 503].includes(anonymous.statusCode) &&
              String(anonymous.headers['content-type']).startsWith('text/'));
        if (!refused)
          leaks.push(
            `${route.name} as ${spelling.name} (${spelling.path}) → ${anonymous.statusCode}`,
          );
      }
    }
    console.log(`access control: ${spellings} spellings tried, ${reached} reached their route`);
    expect(leaks).toEqual([]);
    expect(reached).toBeGreaterThan(routes().length);
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
