// Vite serves and builds the React app in src/web. In development the API, the OAuth routes and the
// live channel run on the Pushboard server; proxying them keeps the browser on one origin, so the
// session cookie and the CSRF header behave exactly as in production.
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const apiTarget = `http://localhost:${process.env.PORT ?? 5000}`;

/**
 * The web app has its own `src/web/api/` folder, so in development a module such as
 * `/api/client.ts` shares the `/api` prefix with the server's routes. Requests for files that
 * exist in src/web are Vite's to serve; everything else under the prefix goes to the server.
 */
function serveOwnSourceFiles(req: IncomingMessage): string | undefined {
  try {
    const pathname = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
    return existsSync(join(webRoot, pathname)) ? req.url : undefined;
  } catch {
    return undefined; // a malformed URL is not one of our files; let the server answer it
  }
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy of every text file of the build, at their best (and
 * slowest) settings, once; the server sends the copy a browser accepts instead of compressing each
 * answer (src/server/http/caching.ts). A copy no smaller than its file is not written.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  let outDir = '';
  return {
    name: 'pushboard-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const copies: [string, Buffer][] = [
            [
              '.br',
              await brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
            ],
            ['.gz', await gzipped(content, { level: constants.Z_BEST_COMPRESSION })],
          ];
          for (const [ending, copy] of copies) {
            if (copy.length < content.length) await writeFile(file + ending, copy);
          }
        }),
      );
    },
  };
}

export default defineConfig({
  root: webRoot,
  // .env files live at the repository root, not inside src/web.
  envDir: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than our screens: separate chunks stay cached across
        // releases, and none grows past the 500 kB warning on its own.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            {
              name: 'mantine',
              test: /[\\/]node_modules[\\/](@mantine|@floating-ui)[\\/]/,
              priority: 2,
            },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, bypass: serveOwnSourceFiles },
      '/oauth2': { target: apiTarget },
      '/healthz': { target: apiTarget },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
