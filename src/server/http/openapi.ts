// The API's OpenAPI description, generated from the same zod schemas that validate requests, at
// /api/docs (public: it describes shapes, never data), so scripts and other tools can use the API.
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { operationEndpoints } from '../../domain';
import type { AppInstance, RouteRecord } from './app-instance';
import { route } from './route';
import { SESSION_COOKIE } from '../actor';

export const OPENAPI_PATH = operationEndpoints.openApi.path;

export async function registerOpenApi(app: AppInstance, routes: RouteRecord[]): Promise<void> {
  app.addHook('onRoute', (registered) => {
    const methods = Array.isArray(registered.method) ? registered.method : [registered.method];
    for (const method of methods) {
      routes.push({ method, url: registered.url, schema: registered.schema });
    }
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Pushboard API',
        description:
          'The console API. Every call needs a signed-in session cookie (changes also need the header X-Requested-With: pushboard) or a personal API token as a bearer (Authorization: Bearer pbt_…, no cookie, no CSRF header).',
        version: '1',
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token made at POST /api/tokens (pbt_…): scope read or operate, always expiring, acting as its owner.',
          },
        },
      },
      security: [{ sessionCookie: [] }, { apiToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  route(app, operationEndpoints.openApi, {}, async () => app.swagger());
}
