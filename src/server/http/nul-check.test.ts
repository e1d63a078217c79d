// The NUL character, which PostgreSQL text cannot hold, is refused with a 400 naming the field on
// every route in Fastify's route table (present and future), in each part of the request, before
// anything reads it, on a real database over HTTP; and the walk that finds it, for any JSON.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toId18 } from '../../domain';
import { loadConfig } from '../config';
import type { TestDatabase } from '../db/test-database';
import type { AppInstance } from './app';
import { startTestApp } from './testing/test-app';
import { nulPath } from './nul-check';
import { sessionHeaders } from './test-session';

const PARAM_VALUES: Record<string, string> = {
  orgId: toId18('00D000000000555')!,
  licenseId: 'a0L000000000001AAA',
  packageId: '033000000000001AAA',
  versionId: '04t000000000001AAA',
  id: '1',
  kind: 'any',
};

let testDb: TestDatabase;
let app: AppInstance;
let close: () => Promise<void>;
let operator: Record<string, string>;
let readOnly: Record<string, string>;

beforeAll(async () => {
  // Budgets out of the way: every export route is called several times here.
  const config = loadConfig({
    RATE_LIMIT_EXPORTS_PER_MINUTE: '100000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '100000',
  });
  ({ app, testDb, close } = await startTestApp({ config }));
  operator = await sessionHeaders(testDb.db);
  readOnly = await sessionHeaders(testDb.db, { username: 'viewer@x', readOnly: true });
});

afterAll(() => close?.());

const NUL_400 = (field: string) => ({
  field,
  message: `${field}: must not contain a NUL character`,
  subject: 'Invalid Request',
});

function routes() {
  return app.routeTable
    .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .map((route) => ({
      name: `${route.method} ${route.url}`,
      method: route.method as 'GET',
      url: route.url,
      params: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!),
    }));
}

function pathOf(url: string, nulIn?: string): string {
  return url
    .replace(/:(\w+)/g, (_, name: string) => (name === nulIn ? '%00' : (PARAM_VALUES[name] ?? 'x')))
    .replace('*', 'x');
}

describe('a NUL character in any string input', () => {
  it('is a 400 naming the field in the query string, the body and the path of every route', async () => {
    const problems: string[] = [];
    const expect400 = async (name: string, field: string, request: InjectOptions) => {
      const response = await app.inject(request);
      const json = String(response.headers['content-type'] ?? '').includes('json');
      const body: unknown = json ? response.json() : null;
      if (response.statusCode !== 400 || !isDeepStrictEqual(body, NUL_400(field)))
        problems.push(`${name} (${field}): ${response.statusCode} ${response.body.slice(0, 200)}`);
    };
    const all = routes();
    expect(all.length).toBeGreaterThan(50);
    for (const route of all) {
      const url = pathOf(route.url);
      await expect400(route.name, 'probe', {
        method: route.method,
        url: `${url}?page=1&probe=a%00b`,
        headers: operator,
      });
      if (route.method !== 'GET' && route.method !== 'DELETE') {
        await expect400(route.name, 'probe.0.name', {
          method: route.method,
          url,
          headers: { ...operator, 'content-type': 'application/json' },
          payload: JSON.stringify({ probe: [{ name: 'x\u0000' }] }),
        });
      }
      for (const param of route.params) {
        await expect400(route.name, param, {
          method: route.method,
          url: pathOf(route.url, param),
          headers: operator,
        });
      }
    }
    expect(problems).toEqual([]);
  });

  it('names the search term, the group name and the upgrade description', async () => {
    const search = await app.inject({
      url: '/api/search?term=acme%00',
      headers: operator,
    });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual(NUL_400('term'));
    const group = await app.inject({
      method: 'PUT',
      url: '/api/orggroups',
      headers: operator,
      payload: { name: 'Pilot\u0000', description: 'x' },
    });
    expect(group.json()).toEqual(NUL_400('name'));
    const upgrade = await app.inject({
      method: 'POST',
      url: `/api/orgs/${PARAM_VALUES.orgId!}/upgrade`,
      headers: operator,
      payload: {
        versions: ['04t000000000001AAA'],
        scheduled_date: new Date().toISOString(),
        description: 'Spring\u0000',
        transid: 't1',
      },
    });
    expect(upgrade.json()).toEqual(NUL_400('description'));
    const key = await app.inject({
      method: 'PUT',
      url: '/api/orggroups',
      headers: operator,
      payload: { name: 'ok', 'bad\u0000key': 1 },
    });
    expect(key.json()).toMatchObject({
      field: 'body',
      message: 'body: a field name in it must not contain a NUL character',
    });
  });

  it("is a 400 before a read-only user's refusal is audited with the path's id", async () => {
    const before = await testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/orgs/%00/blacklist',
      headers: { ...readOnly, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(NUL_400('orgId'));
    const after = await testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('lets other control characters through to the schemas (PostgreSQL stores them)', async () => {
    const response = await app.inject({
      url: '/api/search?term=acme%01%1b%7f',
      headers: operator,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('nulPath', () => {
  it('finds the first NUL anywhere in any JSON value, by its path, and nothing in clean values', () => {
    const clean = fc.jsonValue().filter((value) => !JSON.stringify(value).includes('\\u0000'));
    fc.assert(
      fc.property(clean, (value) => {
        expect(nulPath(value)).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), clean, { minKeys: 1 }), fc.nat(), (object, pick) => {
        const keys = Object.keys(object);
        const key = keys[pick % keys.length]!;
        const found = nulPath({ ...object, [key]: { deep: ['ok', 'a\u0000'] } });
        expect(found).toEqual({ path: [key, 'deep', 1], inKey: false });
      }),
    );
  });

  it('walks JSON nested 100 000 deep without running out of stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`) as unknown;
    expect(nulPath(deep)?.path).toHaveLength(100_000);
  });
});
