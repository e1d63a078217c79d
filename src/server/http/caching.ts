// What browsers and proxies may keep, and in which encoding, as
// docs/architecture.md "Serving the web app" describes. The build writes a brotli (.br) and a gzip
// (.gz) copy beside every text file of the web app, and the static plugin sends the copy the
// browser accepts, with Vary: Accept-Encoding, so no file is compressed per request. Files under
// /assets/ are named after their content's hash and are cached for a year; index.html and the
// other unhashed files are revalidated on every use. API answers are compressed as they are sent
// (@fastify/compress) and never stored: they hold one signed-in user's data.
import type { FastifyStaticOptions } from '@fastify/static';
import type { AppInstance } from './app-instance';

/** Everything Vite writes under assets/ is named after its content's hash. */
export const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files, so a browser must ask whether it changed. */
export const UNHASHED_CACHE_CONTROL = 'no-cache';
/** API answers: one user's data, never kept by a browser or a proxy. */
export const API_CACHE_CONTROL = 'no-store';

/** The endings of the compressed copies the build writes beside the files. */
export const PRECOMPRESSED_ENDINGS = ['.br', '.gz'] as const;

export function isPrecompressedCopy(path: string): boolean {
  return PRECOMPRESSED_ENDINGS.some((ending) => path.endsWith(ending));
}

/** Cache-Control of a file of the web app, by its path on disk or in the URL. */
export function cacheControlFor(path: string): string {
  return /(^|[\\/])assets[\\/]/.test(path) ? HASHED_CACHE_CONTROL : UNHASHED_CACHE_CONTROL;
}

/** The static plugin's options for the built web app in `webDir`. */
export function staticFileOptions(webDir: string): FastifyStaticOptions {
  return {
    root: webDir,
    // One route per file (no wildcard), so an unknown path reaches the SPA fallback.
    wildcard: false,
    index: false,
    // Sends x.js.br or x.js.gz for x.js when the request accepts it, and adds Vary.
    preCompressed: true,
    // The copies are sent in place of their file, never under their own name.
    globIgnore: PRECOMPRESSED_ENDINGS.map((ending) => `**/*${ending}`),
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path));
    },
  };
}

/** API answers that set no Cache-Control of their own get `no-store`. */
export function registerApiCacheControl(app: AppInstance, isApiPath: (url: string) => boolean) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && isApiPath(request.url)) {
      reply.header('cache-control', API_CACHE_CONTROL);
    }
    return payload;
  });
}
