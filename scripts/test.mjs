// `npm test`: every test tier. Browser tests need Chromium; without it they are skipped with one
// line saying why, unless REQUIRE_E2E=1, which makes that a failure (CI sets it).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, ensureWebBuild } from './web-build.mjs';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const hasChromium = existsSync(chromium);
const requireE2e = process.env.REQUIRE_E2E === '1';
// The security suite starts the real console as `npm start` does, so it needs the built web app.
const projects = ['domain', 'simulator', 'server', 'web', 'security'];
ensureWebBuild();

if (hasChromium) {
  projects.push('e2e');
} else if (requireE2e) {
  process.stderr.write(
    `Browser tests required (REQUIRE_E2E=1) but no Chromium at ${chromium}; install Debian's chromium or set CHROMIUM_PATH.\n`,
  );
  process.exit(1);
}

const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const extra = process.argv.slice(2);
// `npm test -- --project server` narrows the run; otherwise every available tier runs.
const chosen = extra.includes('--project') ? [] : projects.flatMap((name) => ['--project', name]);
const args = ['run', ...chosen, ...extra];
const result = spawnSync(process.execPath, [vitest, ...args], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
if (!hasChromium) {
  process.stdout.write(
    `Browser tests skipped: no Chromium at ${chromium} (install Debian's chromium or set CHROMIUM_PATH to run them).\n`,
  );
}
process.exit(result.status ?? 1);
