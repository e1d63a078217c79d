// Every API route is described by zod schemas (the one contract): this walks the route table, so
// a route added without its schemas fails here. The OpenAPI document is generated from them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from './app';
import { startTestApp } from './testing/test-app';
import { OPENAPI_PATH } from './openapi';

let app: AppInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await startTestApp());
});

afterAll(() => close?.());

const apiRoutes = () =>
  app.routeTable.filter(
    (route) =>
      route.url.startsWith('/api/') && route.url !== OPENAPI_PATH && route.method !== 'HEAD',
  );

describe('the API contract', () => {
  it('has API routes to check', () => {
    expect(apiRoutes().length).toBeGreaterThan(20);
  });

  it('gives every JSON route a response schema, every path parameter and body a schema', () => {
    const missing: string[] = [];
    for (const route of apiRoutes()) {
      const schema = route.schema ?? {};
      const name = `${route.method} ${route.url}`;
      const streams = route.url.endsWith('/export');
      if (!streams && !(schema.response as Record<number, unknown> | undefined)?.[200])
        missing.push(`${name}: response`);
      if (route.url.includes('/:') && !schema.params) missing.push(`${name}: params`);
      if (['POST', 'PUT', 'PATCH'].includes(route.method) && !schema.body)
        missing.push(`${name}: body`);
    }
    expect(missing).toEqual([]);
  });

  it('publishes the routes as OpenAPI without a session', async () => {
    const response = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/orgs',
        '/api/orgs/{orgId}',
        '/api/licenses/export',
        '/api/filters',
      ]),
    );
    const orgs = document.paths['/api/orgs'] as {
      get: { parameters: { name: string }[] };
    };
    expect(orgs.get.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'sort_field', 'filters', 'blacklisted']),
    );
  });
});
