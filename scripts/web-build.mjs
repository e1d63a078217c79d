// Builds the web app when dist/web is missing or older than its sources, so `npm start` and
// the browser tests always serve what the code says without rebuilding needlessly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUTPUT = join(ROOT, 'dist', 'web', 'index.html');
const INPUTS = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function webBuildIsStale() {
  if (!existsSync(OUTPUT)) return true;
  const built = statSync(OUTPUT).mtimeMs;
  return INPUTS.some(
    (input) => existsSync(join(ROOT, input)) && newestMtime(join(ROOT, input)) > built,
  );
}

export function ensureWebBuild() {
  if (!webBuildIsStale()) return;
  process.stdout.write('Building the web app (vite build)…\n');
  const result = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    process.stderr.write('The web app build failed.\n');
    process.exit(result.status ?? 1);
  }
}
