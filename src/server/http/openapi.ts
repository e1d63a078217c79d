// The API's OpenAPI description, generated from the same zod schemas that validate requests, at
// /api/docs (public: it describes shapes, never data), so scripts and other tools can use the API.
import swagger from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppInstance } from './app';

export const OPENAPI_PATH = '/api/docs';

/** Every route as registered, for the tests that check each has its schemas. */
export interface RouteRecord {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

export async function registerOpenApi(app: AppInstance, routes: RouteRecord[]): Promise<void> {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, schema: route.schema });
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Pushboard API',
        description:
          'The console API. Every call needs a signed-in session cookie; changes also need the header X-Requested-With: pushboard.',
        version: '1',
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
