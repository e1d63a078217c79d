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
// Choices: path ids and ids inside bodies are drawn mostly from the fetched data (an id that must
// exist cannot be generated from its schema), with some schema-generated ones mixed in; list
// queries draw sort columns, filters and time zones from the list definitions. Each route gets a
// fresh session (and the sign-out routes one per case). The run is sized for CI on PGlite;
// FUZZ_RUNS=<n> sets the cases per route for a bigger run, and FUZZ_SEED=<n> replays a run (each
// run prints its seed; route i uses seed + i).
import fc from 'fast-check';
import { parse as parseQueryString } from 'fast-querystring';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../../domain/api';
import { ORG_LIST, PAGE_SIZES, orgIdParam, type ListDefinition } from '../../domain/api';
import { startUpgradeApp, type UpgradeApp } from '../services/upgrades/testing/upgrade-app';
import type { AppInstance } from './app';
import { WriteFingerprint } from './testing/write-fingerprint';
import { startTestApp } from './testing/test-app';
import { DEFAULT_BODY_LIMIT } from './body-limits';
import type { RouteRecord } from './app-instance';
import { sessionHeaders } from './test-session';
import { mutationArbitrary, serializeBody, type InputLocation } from './testing/input-mutations';
import { zodArbitrary, type SchemaPath } from './testing/zod-arbitrary';

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
let ids: Record<string, string[]>;
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
  ids = {
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
}, 180_000);

afterAll(async () => {
  console.log(
    `input fuzz (FUZZ_SEED=${SEED}): ${casesRun} cases over ${fuzzedRoutes().length} routes; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
  );
  await app?.close();
  await t?.close();
});

// ---- what to send ---------------------------------------------------------------------------

const LISTS = Object.values(api).filter(
  (value): value is ListDefinition =>
    typeof value === 'object' && value !== null && 'columns' in value && 'rowKey' in value,
);
const COLUMN_IDS = [...new Set(LISTS.flatMap((list) => list.columns.map((c) => c.id)))];
const FILTER_VALUES = fc.oneof(
  fc.constantFrom('abc', "'x'", '> 5', '<= 2024-01-01', '#TODAY', '?', '!?', '1.2', 'Active'),
  fc.constantFrom("'; DROP TABLE org; --", '$1', '\\', '(a || b) && !c', '#LAST_2_DAYS'),
  fc.string({ maxLength: 20 }),
);
const columnFilters = fc.array(
  fc.record({ id: fc.constantFrom(...COLUMN_IDS), value: FILTER_VALUES }),
  { maxLength: 3 },
);

/** Existing ids (mostly) and 15-character forms of them, plus a few generated. */
const existing = (pool: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...pool), weight: 6 },
    {
      arbitrary: fc.constantFrom(...pool).map((id) => (id.length === 18 ? id.slice(0, 15) : id)),
      weight: 1,
    },
    { arbitrary: fc.string({ maxLength: 18 }), weight: 1 },
  );
const numericPool = (pool: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...pool.map(Number)), weight: 6 },
    { arbitrary: fc.integer({ min: -2, max: 1_000_000 }), weight: 1 },
  );

/** The pool a route's `:id` (and the matching ids in its body) come from. */
function idPoolOf(url: string): string {
  if (url.startsWith('/api/orggroups')) return 'group';
  if (url.startsWith('/api/upgradeitems')) return 'item';
  if (url.startsWith('/api/upgrades')) return 'upgrade';
  if (url.startsWith('/api/packageorgs') || url.startsWith('/oauth2/')) return 'packageorg';
  if (url.startsWith('/api/filters')) return 'filter';
  return 'org';
}

function hintFor(route: RouteRecord, location: InputLocation) {
  const key = `${route.method} ${route.url}`;
  const connected = route.url.startsWith('/api/packageorgs') || route.url.startsWith('/oauth2/');
  return (schema: z.ZodType, path: SchemaPath): fc.Arbitrary<unknown> | undefined => {
    const name = String(path.filter((p) => typeof p === 'string').at(-1) ?? '');
    const inArray = typeof path.at(-1) === 'number';
    if (location === 'params') {
      if (path.length !== 1) return undefined;
      if (name === 'id') {
        const pool = ids[idPoolOf(route.url)]!;
        return key === 'POST /api/orggroups/:id/members'
          ? fc.oneof(numericPool(pool), fc.constant(-1))
          : numericPool(pool);
      }
      if (name === 'orgId') return existing(connected ? ids.packageorg! : ids.org!);
      if (name === 'licenseId') return existing(ids.license!);
      if (name === 'packageId') return existing(ids.package!);
      if (name === 'versionId') return existing(ids.version!);
      return undefined;
    }
    if (location === 'querystring') {
      if (path.length !== 1) return undefined;
      switch (name) {
        case 'filters':
          return columnFilters.map((filters) => JSON.stringify(filters));
        case 'sort_field':
        case 'columns':
          return fc
            .array(fc.constantFrom(...COLUMN_IDS), { maxLength: 3 })
            .map((cols) => cols.join(','));
        case 'sort_dir':
          return fc.array(fc.constantFrom('asc', 'desc'), { maxLength: 3 }).map((d) => d.join(','));
        case 'pageSize':
          return fc.constantFrom(...PAGE_SIZES);
        case 'page':
          return fc.integer({ min: 1, max: 3 });
        case 'tz':
          return fc.constantFrom('UTC', 'Europe/Berlin', 'Asia/Kathmandu', 'Not/AZone');
        case 'key':
          return fc.constantFrom(...LISTS.map((list) => list.key));
        case 'groupId':
          return numericPool(ids.group!);
        case 'itemId':
          return numericPool(ids.item!);
        case 'packageId':
          return existing(ids.package!);
        case 'org_id':
          return existing(ids.packageorg!);
        default:
          return undefined;
      }
    }
    // body
    if (schema === (orgIdParam as z.ZodType) || name === 'org_id' || (name === 'orgIds' && inArray))
      return existing(connected ? ids.packageorg! : ids.org!);
    if (name === 'versions' && inArray) return existing(ids.version!);
    if (name === 'upgradeIds' && inArray) return numericPool(ids.upgrade!);
    if (['orggroupIds', 'orgGroupIds'].includes(name) && inArray) return numericPool(ids.group!);
    if (name === 'moveFrom') return numericPool(ids.group!);
    if (name === 'id' && path.length === 1) return numericPool(ids[idPoolOf(route.url)]!);
    if (name === 'query' && path.length === 1) return columnFilters;
    if (name === 'key' && path.length === 1) return fc.constantFrom(...LISTS.map((l) => l.key));
    if (name === 'scheduled_date')
      return fc
        .integer({ min: -3600, max: 30 * 86_400 })
        .map((s) => new Date(t.h.sim.control.now().getTime() + s * 1000).toISOString());
    return undefined;
  };
}

// ---- the routes -----------------------------------------------------------------------------

type Parts = Partial<Record<InputLocation, z.ZodType>>;

function partsOf(route: RouteRecord): Parts {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const parts: Parts = {};
  if (schema.params) parts.params = schema.params as z.ZodType;
  if (schema.body) parts.body = schema.body as z.ZodType;
  if (schema.querystring) parts.querystring = schema.querystring as z.ZodType;
  return parts;
}

/** Reads first, then changes, then the changes that remove what later cases use. */
function order(route: RouteRecord): number {
  if (route.method === 'GET') return 0;
  // Revoking or removing a packaging org's connection makes later upgrade changes answer 502.
  if (/^\/api\/packageorgs\/(revoke|delete)$/.test(route.url)) return 3;
  if (/delete|revoke|purge|remove|cancel|DELETE/.test(`${route.method} ${route.url}`)) return 2;
  return 1;
}

function fuzzedRoutes(): RouteRecord[] {
  return app.routeTable
    .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .filter((route) => Object.keys(partsOf(route)).length > 0)
    .sort((a, b) => order(a) - order(b));
}

interface Input {
  params?: unknown;
  body?: unknown;
  querystring?: unknown;
}
interface Case {
  input: Input;
  /** What was broken, for the failure message. */
  mutation: string;
}

function caseArbitrary(route: RouteRecord): fc.Arbitrary<Case> {
  const parts = partsOf(route);
  const valid = fc.record(
    Object.fromEntries(
      Object.entries(parts).map(([location, schema]) => [
        location,
        zodArbitrary(schema, { hint: hintFor(route, location as InputLocation) }),
      ]),
    ),
  ) as fc.Arbitrary<Input>;
  const locations = Object.keys(parts) as InputLocation[];
  return fc.oneof(
    { arbitrary: valid.map((input) => ({ input, mutation: 'none' })), weight: 1 },
    {
      arbitrary: valid
        .chain((input) =>
          fc.tuple(
            fc.constant(input),
            // Path parameters that are all optional (or none) leave nothing to break in the URL.
            fc.constantFrom(
              ...locations.filter(
                (l) => l !== 'params' || Object.keys(input.params ?? {}).length > 0,
              ),
            ),
          ),
        )
        .chain(([input, location]) =>
          mutationArbitrary(input[location], location).map((m) => ({
            input: { ...input, [location]: m.value },
            mutation: `${m.kind} at ${location}${m.path.length ? `.${m.path.join('.')}` : ''}`,
          })),
        ),
      weight: 3,
    },
  );
}

const asText = (value: unknown): string | string[] =>
  Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : (JSON.stringify(value) ?? '');

/** The request as sent, and each part as Fastify will see it after parsing. */
function request(route: RouteRecord, input: Input) {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(asText(params[name] ?? ''))),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.querystring ?? {}) as Record<string, unknown>)) {
    if (value === undefined) continue;
    const text = asText(value);
    for (const one of Array.isArray(text) ? text : [text]) search.append(key, one);
  }
  const query = search.toString();
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE' && input.body !== undefined;
  const payload = hasBody ? serializeBody(input.body) : undefined;
  const seen: Input = {
    params: Object.fromEntries(
      Object.keys(params).map((name) => [name, String(asText(params[name] ?? ''))]),
    ),
    querystring: { ...parseQueryString(query) },
    body: payload === undefined ? undefined : (JSON.parse(payload) as unknown),
  };
  return { url: query ? `${url}?${query}` : url, payload, seen };
}

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
  // The NUL check reads a query parameter as sent (one string) and names it; the schema would
  // name the element of the array it becomes ('ids' for 'ids.0'): the same field.
  const nulOfParameter =
    typeof field === 'string' &&
    expected?.startsWith(`${field}.`) === true &&
    response.body.includes('NUL character');
  if (expected !== undefined && field !== expected && !nulOfParameter)
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
    const names = fuzzedRoutes().map((route) => `${route.method} ${route.url}`);
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
    for (const route of fuzzedRoutes()) {
      expect(() => caseArbitrary(route), `${route.method} ${route.url}`).not.toThrow();
    }
  });

  const failures: string[] = [];
  it('answers every valid, mutated and oversized input with < 500, a named field and no partial write', async () => {
    for (const [index, route] of fuzzedRoutes().entries()) {
      // A fresh session per route: a route that signs in again or out must not end the next one's.
      const headers = await sessionHeaders(t.h.testDb.db);
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route), async (fuzzCase) => {
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
