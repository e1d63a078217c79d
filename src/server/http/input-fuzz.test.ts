// Input fuzzing of every route (docs/security.md "Limits and bad input"): each route's body, query
// and params schemas in Fastify's route table are turned into fast-check arbitraries FROM THE ZOD
// SCHEMAS THEMSELVES (testing/zod-arbitrary.ts), so a route added tomorrow is fuzzed too. Each case
// is a valid input, or a valid input with one thing broken (testing/input-mutations.ts: wrong type,
// removed, null, out of range, 100 KB string, 10 000-deep nesting, 10 000-item array, unknown
// field), sent through app.inject as a signed-in operator with the CSRF header, against the
// simulator with a database filled by a real fetch. Asserted for every case:
//   - the status is never ≥ 500 (502 from Salesforce only where ALLOWED_502 says why);
//   - an input the route's own zod schema rejects (parsed here exactly as Fastify parses it, in
//     Fastify's order params → body → querystring) gets a 400 whose `field` is the path of the
//     first issue — so every 400 names the offending field; a 400 the schema did not cause (a
//     service's check) still carries a non-empty `field`;
//   - a 4xx writes nothing: the database's fingerprint is the same before and after (see
//     `fingerprint`).
// Choices (the cases and requests are built in testing/input-fuzz-requests.ts): path ids and ids
// inside bodies are drawn mostly from the fetched data (an id that must exist cannot be generated
// from its schema), with some schema-generated ones mixed in; list queries draw sort columns,
// filters and time zones from the list definitions. Each route gets a fresh session (and the
// sign-out routes one per case). The run is sized for CI on PGlite; FUZZ_RUNS=<n> sets the cases
// per route for a bigger run, and FUZZ_SEED=<n> replays a run (each run prints its seed; route i
// uses seed + i).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_LIST } from '../../domain/api';
import { startUpgradeApp, type UpgradeApp } from '../services/upgrades/testing/upgrade-app';
import type { AppInstance } from './app';
import { WriteFingerprint } from './testing/write-fingerprint';
import { startTestApp } from './testing/test-app';
import { DEFAULT_BODY_LIMIT } from './body-limits';
import { nulPath } from './nul-check';
import type { RouteRecord } from './app-instance';
import { sessionHeaders } from './test-session';
import type { InputLocation } from './testing/input-mutations';
import {
  caseArbitrary,
  fuzzedRoutes,
  partsOf,
  request,
  type Case,
  type FuzzData,
  type Input,
  type Parts,
} from './testing/input-fuzz-requests';

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? '') || 10;
const SEED = Number(process.env.FUZZ_SEED ?? '') || Math.floor(Math.random() * 2 ** 31);

/** Routes that end the session they are called with: each of their cases signs in afresh. */
const ENDS_SESSION = new Set(['POST /oauth2/logout', 'POST /oauth2/logout-everywhere']);

/** Routes where a valid call may get 502 because Salesforce (the simulator) refuses it, with why. */
const ALLOWED_502: Record<string, string> = {};

/**
 * Routes that start a background job answer 503 "Unavailable" here: this app runs no job engine
 * (the job routes have their own tests with one). Only valid input gets that far.
 */
const NEEDS_JOB_ENGINE = new Set([
  'POST /api/upgrades/refresh/:id',
  'POST /api/upgradeitems/refresh/:id',
  'POST /api/admin/jobs/cancel',
]);

/** Fastify validates in this order and reports the first failing part. */
const LOCATIONS: readonly InputLocation[] = ['params', 'body', 'querystring'];

/** Tables whose rows change on any request or are history rather than data, with why. */
const UNFINGERPRINTED: Record<string, string> = {
  session: 'last_seen_at is touched by any request, failed or not (once a minute)',
  audit_log: 'a refused attempt may be audited; the audit is not the data the request changes',
};

let t: UpgradeApp;
/** The app over the fixture's database and simulator, with the secrets its tokens are sealed with. */
let app: AppInstance;
/** The pools of existing ids the cases draw from, read once the fixture is filled. */
let data: FuzzData;
let casesRun = 0;
const statuses = new Map<number, number>();

beforeAll(async () => {
  t = await startUpgradeApp();
  // The export and search budgets are per user, and every route's cases are one user's: out of
  // the way, or the later export routes would answer 429 where their schemas answer 400.
  ({ app } = await startTestApp({
    testDb: t.h.testDb,
    env: { RATE_LIMIT_EXPORTS_PER_MINUTE: '100000', RATE_LIMIT_SEARCH_PER_MINUTE: '100000' },
    deps: { secretKey: 's'.repeat(64), prebuilt: { secrets: t.h.secrets, gateway: t.h.gateway } },
  }));
  // An upgrade (with its request and jobs) and a saved filter, so their routes have ids to use.
  const [candidate] = await t.candidates(1);
  await t.scheduleGroup([candidate!.org_id], [candidate!.target], 'Fuzz');
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/filters',
    headers: t.operator,
    payload: { key: ORG_LIST.key, name: 'Fuzz', query: [{ id: 'org_id', value: '00D' }] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const pool = async (sql: string) =>
    (await t.rows<{ id: string }>(`SELECT x::text AS id FROM (${sql} LIMIT 20) s(x)`)).map((r) =>
      r.id.trim(),
    );
  const ids = {
    org: await pool(`SELECT org_id FROM org ORDER BY org_id`),
    license: await pool(`SELECT sfid FROM license ORDER BY sfid`),
    package: await pool(`SELECT sfid FROM package ORDER BY sfid`),
    version: await pool(`SELECT version_id FROM package_version ORDER BY version_id`),
    group: await pool(`SELECT id FROM org_group ORDER BY id`),
    upgrade: await pool(`SELECT id FROM upgrade ORDER BY id`),
    item: await pool(`SELECT id FROM upgrade_item ORDER BY id`),
    packageorg: await pool(`SELECT org_id FROM connected_org ORDER BY org_id`),
    filter: await pool(`SELECT id FROM saved_filter ORDER BY id`),
  };
  for (const [name, values] of Object.entries(ids)) expect(values.length, name).toBeGreaterThan(0);
  data = { ids, now: () => t.h.sim.control.now() };
}, 180_000);

afterAll(async () => {
  console.log(
    `input fuzz (FUZZ_SEED=${SEED}): ${casesRun} cases over ${fuzzedRoutes(app.routeTable).length} routes; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
  );
  await app?.close();
  await t?.close();
});

// ---- what the answer should name ------------------------------------------------------------

/** The field Fastify's 400 should name, or undefined when the schemas accept the input. */
function expectedField(parts: Parts, seen: Input): string | undefined {
  for (const location of LOCATIONS) {
    const schema = parts[location];
    if (!schema) continue;
    const result = schema.safeParse(seen[location]);
    if (!result.success) return result.error.issues[0]!.path.join('.') || location;
  }
  return undefined;
}

/** Whether the value at `field` ('ids', 'orgIds.3') of a request part holds a NUL anywhere. */
function holdsNul(part: unknown, field: string): boolean {
  let value = part;
  for (const key of field.split('.')) {
    if (typeof value !== 'object' || value === null) return false;
    value = (value as Record<string, unknown>)[key];
  }
  return nulPath(value) !== undefined;
}

// ---- no partial write -----------------------------------------------------------------------

const fingerprint = new WriteFingerprint((sql) => t.rows(sql), UNFINGERPRINTED);

// ---- the property ---------------------------------------------------------------------------

/** What is wrong with the answer to one case, or null. */
async function check(
  route: RouteRecord,
  headers: Record<string, string>,
  fuzzCase: Case,
): Promise<string | null> {
  const name = `${route.method} ${route.url}`;
  const parts = partsOf(route);
  const { url, payload, seen } = request(route, fuzzCase.input);
  const sumBefore = await fingerprint.before();
  const response = await app.inject({
    method: route.method as 'GET',
    url,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload }),
  });
  casesRun++;
  const status = response.statusCode;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const fail = (problem: string) =>
    `${name} [${fuzzCase.mutation}] ${problem}: ${url.slice(0, 160)} → ${status} ${response.body.slice(0, 240)}`;
  const unavailable = status === 503 && NEEDS_JOB_ENGINE.has(name);
  if (status >= 500 && !(status === 502 && ALLOWED_502[name]) && !unavailable)
    return fail('server error');
  const field =
    status === 400 || status === 414 ? response.json<{ field?: unknown }>().field : undefined;
  // Fastify's router refuses a path parameter over 100 characters before any schema runs.
  if (status === 414 && fuzzCase.mutation.includes(' at params') && field === 'params') return null;
  // A body over the route's size limit is refused (413, JSON) before any schema runs.
  if (status === 413 && payload !== undefined && Buffer.byteLength(payload) > DEFAULT_BODY_LIMIT)
    return null;
  const expected = expectedField(parts, seen);
  if (expected !== undefined && status !== 400)
    return fail(`schema rejects '${expected}' but not 400`);
  // The NUL check runs before the schemas (nul-check.ts): a NUL in one field is named even when
  // the schema would have named another; and it names a query parameter as sent (one string),
  // where the schema names the element of the array it becomes ('ids' for 'ids.0').
  const namedNul =
    typeof field === 'string' &&
    response.body.includes('NUL character') &&
    LOCATIONS.some((location) => holdsNul(seen[location], field));
  if (expected !== undefined && field !== expected && !namedNul)
    return fail(`400 should name '${expected}'`);
  if (status === 400 && (typeof field !== 'string' || field.trim() === ''))
    return fail('400 names no field');
  if (status >= 400 && status < 500) {
    const changed = await fingerprint.changedSince(sumBefore);
    if (changed.length > 0) return fail(`partial write to ${changed.join(', ')}`);
  }
  return null;
}

describe('input fuzzing of every route schema', () => {
  it('covers the routes of every area and their schemas', () => {
    const names = fuzzedRoutes(app.routeTable).map((route) => `${route.method} ${route.url}`);
    expect(names.length).toBeGreaterThan(50);
    for (const area of [
      '/api/orgs',
      '/api/orggroups',
      '/api/upgrades',
      '/api/packageorgs',
      '/api/filters',
    ])
      expect(
        names.some((n) => n.includes(area)),
        area,
      ).toBe(true);
    // Every schema can be generated (an unsupported zod kind throws here, naming the route).
    for (const route of fuzzedRoutes(app.routeTable)) {
      expect(() => caseArbitrary(route, data), `${route.method} ${route.url}`).not.toThrow();
    }
  });

  const failures: string[] = [];
  it('answers every valid, mutated and oversized input with < 500, a named field and no partial write', async () => {
    for (const [index, route] of fuzzedRoutes(app.routeTable).entries()) {
      // A fresh session per route: a route that signs in again or out must not end the next one's.
      const headers = await sessionHeaders(t.h.testDb.db);
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, data), async (fuzzCase) => {
          const as = ENDS_SESSION.has(`${route.method} ${route.url}`)
            ? await sessionHeaders(t.h.testDb.db)
            : headers;
          const problem = await check(route, as, fuzzCase).catch(
            (error: unknown) =>
              `${route.method} ${route.url} [${fuzzCase.mutation}] threw ${String(error)}`,
          );
          if (problem) failures.push(problem);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED + index },
      );
    }
    // All problems at once (the property itself never fails, so nothing shrinks or stops early).
    if (failures.length > 0) console.log(`FUZZ_SEED=${SEED} replays:\n${failures.join('\n')}`);
    expect(failures).toEqual([]);
  }, 600_000);
});
