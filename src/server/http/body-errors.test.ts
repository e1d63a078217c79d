// A body Fastify cannot read is the client's fault and names `body`, on every route that takes
// one (the route table, present and future): text that is not JSON, JSON with a `__proto__` key
// (which Fastify's parser refuses; the input fuzzer once drew one and got a 400 naming nothing),
// an empty body under a JSON content type, a content type no parser takes, and text where the
// schema wants an object.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toId18 } from '../../domain';
import type { TestDatabase } from '../db/test-database';
import type { AppInstance } from './app';
import { startTestApp } from './testing/test-app';
import { sessionHeaders } from './test-session';

let testDb: TestDatabase;
let app: AppInstance;
let close: () => Promise<void>;
let operator: Record<string, string>;

beforeAll(async () => {
  ({ app, testDb, close } = await startTestApp());
  operator = await sessionHeaders(testDb.db);
});

afterAll(() => close?.());

const CASES = [
  { name: 'not JSON', type: 'application/json', payload: '{"name":', status: 400 },
  {
    name: 'a __proto__ key',
    type: 'application/json',
    payload: '{"__proto__":{"a":1}}',
    status: 400,
  },
  {
    name: 'constructor.prototype',
    type: 'application/json',
    payload: '{"constructor":{"prototype":{"a":1}}}',
    status: 400,
  },
  { name: 'empty JSON', type: 'application/json', payload: '', status: 400 },
  { name: 'an unknown type', type: 'application/xml', payload: '<a/>', status: 415 },
] as const;

/** Every route that reads a body, with plausible path parameters. */
function bodyRoutes() {
  return app.routeTable
    .filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
    .map((route) => ({
      name: `${route.method} ${route.url}`,
      method: route.method as 'POST',
      url: route.url.replace(/:(\w+)/g, (_, name: string) =>
        name === 'orgId'
          ? toId18('00D000000000555')!
          : name === 'deliveryId'
            ? '00000000-0000-4000-8000-000000000001'
            : '1',
      ),
      hasSchema: Boolean(route.schema?.body),
    }));
}

describe('a body that cannot be read', () => {
  it('is refused naming body on every route that takes one', async () => {
    const routes = bodyRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const route of routes) {
      const cases = route.hasSchema
        ? [...CASES, { name: 'plain text', type: 'text/plain', payload: 'hello', status: 400 }]
        : CASES;
      for (const bad of cases) {
        const response = await app.inject({
          method: route.method,
          url: route.url,
          headers: { ...operator, 'content-type': bad.type },
          payload: bad.payload,
        });
        const body = response.json<{ field?: string; message?: string }>();
        if (response.statusCode !== bad.status || body.field !== 'body')
          problems.push(`${route.name} [${bad.name}] ${response.statusCode} ${response.body}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('says what is wrong with it', async () => {
    const send = (type: string, payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/upgradeitems/cancel/1',
        headers: { ...operator, 'content-type': type },
        payload,
      });
    const expected = {
      '{"a":': [400, 'body: is not valid JSON (or holds a __proto__ or constructor.prototype key)'],
      '': [400, 'body: is empty, but its content type says JSON'],
    } as const;
    for (const [payload, [status, message]] of Object.entries(expected)) {
      const response = await send('application/json', payload);
      expect(response.statusCode).toBe(status);
      expect(
        isDeepStrictEqual(response.json(), { message, subject: 'Invalid Request', field: 'body' }),
        response.body,
      ).toBe(true);
    }
    const xml = await send('application/xml', '<a/>');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({
      message: 'body: this content type is not accepted; send application/json',
      subject: 'Unsupported Media Type',
      field: 'body',
    });
  });
});
