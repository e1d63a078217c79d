// Serves the built web app: its files as caching.ts says (hashed assets cached for a year,
// compressed copies made at build time), and index.html for every client route (docs/product.md
// "Route table") so deep links work. API-like paths never get the HTML: they answer JSON 404.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from './app-instance';
import { NotFoundError } from '../errors';
import { staticFileOptions, UNHASHED_CACHE_CONTROL } from './caching';

const API_PREFIXES = ['/api/', '/oauth2/', '/socket.io/', '/healthz', '/metrics'];

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export async function registerSpa(app: AppInstance, webDir: string | undefined): Promise<void> {
  const hasWeb = webDir !== undefined && existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, staticFileOptions(webDir));
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(path) &&
      !/\.[a-z0-9]+$/i.test(path);
    if (!wantsPage) throw new NotFoundError(`No such resource: ${request.method} ${path}`);
    if (!hasWeb) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', UNHASHED_CACHE_CONTROL).sendFile('index.html');
  });
}
