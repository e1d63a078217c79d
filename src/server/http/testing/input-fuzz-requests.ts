// What the input fuzz (http/input-fuzz.test.ts) sends: the routes it fuzzes and in which order,
// each route's cases as fast-check arbitraries (a valid input from the route's zod schemas, or one
// with a thing broken), and the request a case becomes with each part as Fastify will parse it.
// Ids that must exist cannot be generated from a schema, so they are drawn mostly from pools the
// test reads from its fixture's database; list queries draw columns, filters and time zones from
// the list definitions.
import fc from 'fast-check';
import { parse as parseQueryString } from 'fast-querystring';
import type { z } from 'zod';
import * as api from '../../../domain/api';
import { PAGE_SIZES, orgIdParam, type ListDefinition } from '../../../domain/api';
import type { RouteRecord } from '../app-instance';
import { mutationArbitrary, serializeBody, type InputLocation } from './input-mutations';
import { zodArbitrary, type SchemaPath } from './zod-arbitrary';

/** What the cases draw on besides the schemas. */
export interface FuzzData {
  /**
   * Existing ids by pool: org, license, package, version, group, upgrade, item, packageorg
   * (connected orgs), filter.
   */
  ids: Record<string, string[]>;
  /** The simulator's clock, which scheduled dates are drawn around. */
  now: () => Date;
}

// ---- the routes -----------------------------------------------------------------------------

export type Parts = Partial<Record<InputLocation, z.ZodType>>;

/** A route's params, body and querystring schemas, those it has. */
export function partsOf(route: RouteRecord): Parts {
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

/** The routes with an input schema, in the order they are fuzzed. */
export function fuzzedRoutes(routeTable: readonly RouteRecord[]): RouteRecord[] {
  return routeTable
    .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .filter((route) => Object.keys(partsOf(route)).length > 0)
    .sort((a, b) => order(a) - order(b));
}

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

function hintFor(route: RouteRecord, location: InputLocation, { ids, now }: FuzzData) {
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
        .map((s) => new Date(now().getTime() + s * 1000).toISOString());
    return undefined;
  };
}

export interface Input {
  params?: unknown;
  body?: unknown;
  querystring?: unknown;
}
export interface Case {
  input: Input;
  /** What was broken, for the failure message. */
  mutation: string;
}

/** One case for `route`: a valid input (1 in 4), or a valid input with one part broken. */
export function caseArbitrary(route: RouteRecord, data: FuzzData): fc.Arbitrary<Case> {
  const parts = partsOf(route);
  const valid = fc.record(
    Object.fromEntries(
      Object.entries(parts).map(([location, schema]) => [
        location,
        zodArbitrary(schema, { hint: hintFor(route, location as InputLocation, data) }),
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

// ---- the request ----------------------------------------------------------------------------

const asText = (value: unknown): string | string[] =>
  Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : (JSON.stringify(value) ?? '');

/** The request as sent, and each part as Fastify will see it after parsing. */
export function request(route: RouteRecord, input: Input) {
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
