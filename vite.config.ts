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
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
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

/**
 * The chart libraries: @mantine/charts, recharts and what recharts brings (d3 modules, redux,
 * immer…). Only the home page and the detail tabs that draw charts use them.
 */
const CHARTS =
  /(@mantine[\\/]charts|recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|redux|redux-thunk|react-redux|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant|use-sync-external-store)[\\/]/;

/** A test for the code-splitting groups: a script of a package whose path after node_modules/ matches. */
function library(path: RegExp): (id: string) => boolean {
  const pattern = new RegExp(`[\\\\/]node_modules[\\\\/]${path.source}`);
  return (id) => pattern.test(id) && !id.endsWith('.css');
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

/**
 * The entry (src/web/main.tsx) is small: it starts loading the address's screen, then imports the
 * app (src/web/app/start.tsx). Vite's index.html names only the entry's own imports; this adds the
 * app's chunks, so the browser fetches them beside the entry rather than after it. The big ones
 * come first in the page: a browser opens six connections to a server over HTTP/1.1, and the
 * libraries, which take longest, should not wait behind the entry's small files.
 */
function preloadApp(): Plugin {
  const BIG = 20 * 1024;
  return {
    name: 'pushboard-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const start = Object.values(bundle).find(
          (output) =>
            output.type === 'chunk' &&
            output.moduleIds.some((id) => /[\\/]src[\\/]web[\\/]app[\\/]start\.tsx$/.test(id)),
        );
        if (start?.type !== 'chunk') throw new Error('No chunk of the build holds app/start.tsx.');
        const scripts = new Map<string, number>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (scripts.has(fileName) || chunk?.type !== 'chunk') return;
          scripts.set(fileName, chunk.code.length);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          chunk.imports.forEach(visit);
        };
        visit(start.fileName);
        const absent = (fileName: string) => !html.includes(`/${fileName}"`);
        const link = (rel: string, fileName: string, first: boolean): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${fileName}` },
          injectTo: first ? 'head-prepend' : 'head',
        });
        return {
          html,
          tags: [
            ...[...scripts]
              .filter(([fileName]) => absent(fileName))
              .sort(([, a], [, b]) => b - a)
              .map(([fileName, size]) => link('modulepreload', fileName, size >= BIG)),
            ...[...styles].filter(absent).map((fileName) => link('stylesheet', fileName, false)),
          ],
        };
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  // .env files live at the repository root, not inside src/web.
  envDir: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), preloadApp(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // One style sheet for the whole app (31 kB compressed, the date pickers' 4 kB among it): a
    // separate sheet per chunk took a connection of its own on the first visit, and a screen's
    // chunk waited for its sheet before it could render.
    cssCodeSplit: false,
    rolldownOptions: {
      // The domain is pure (docs/architecture.md "Layers"): a module of it none of whose exports a
      // chunk uses is left out of that chunk, so the first page does not carry every screen's
      // schemas and the filter compiler.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]src[\\/]domain[\\/]/, sideEffects: false }],
      },
      output: {
        // Libraries change far less often than our screens: separate chunks stay cached across
        // releases, and none grows past the 500 kB warning on its own. A group takes every module
        // it matches wherever it is used, so one only a few screens need (Mantine's date pickers,
        // for the schedule modal) is left out of the groups and loads with those screens; so are
        // style sheets, whose empty modules would tie the entry to a library chunk. The app's
        // shell and the parts its screens share go in one chunk, not in dozens of small ones.
        codeSplitting: {
          groups: [
            {
              // What the entry runs before the app: kept apart, or a group that also needs it (the
              // helper that preloads a chunk's imports) would make the entry wait for that group.
              name: 'boot',
              test: /(vite[\\/](preload-helper|modulepreload-polyfill)|[\\/]src[\\/]web[\\/]app[\\/]screens\.ts$)/,
              priority: 6,
            },
            {
              name: 'react',
              test: library(/(react|react-dom|scheduler|react-router)[\\/]/),
              priority: 5,
            },
            {
              name: 'mantine',
              test: library(/(@mantine[\\/](?!(dates|charts)[\\/])|@floating-ui[\\/])/),
              priority: 4,
            },
            {
              name: 'vendor',
              test: library(new RegExp(`(?!@mantine[\\\\/]dates[\\\\/])(?!${CHARTS.source})`)),
              priority: 3,
            },
            {
              // After the others, so that what the charts share with every page (React, Mantine)
              // stays in those chunks and this one loads only with the screens that draw charts.
              name: 'charts',
              test: library(CHARTS),
              priority: 2,
            },
            {
              name: 'app',
              test: /[\\/]src[\\/]web[\\/](app|api|components)[\\/]/,
              priority: 1,
            },
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
