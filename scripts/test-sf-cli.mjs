// `npm run test:sf-cli`: the tier that drives the real Salesforce CLI against the simulator. Installs
// the CLI pinned in src/simulator/sf-cli/cli-install.json into .sf-cli/ (gitignored, outside the
// project's dependencies) unless that exact install is already there, then runs the tier's tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const pin = JSON.parse(readFileSync(join(root, 'src/simulator/sf-cli/cli-install.json'), 'utf8'));
const dir = join(root, '.sf-cli');
const manifest = {
  name: 'sf-cli-for-simulator-tests',
  private: true,
  dependencies: { [pin.cli]: pin.version },
  overrides: pin.overrides,
};
const installed = join(dir, 'node_modules', pin.cli, 'package.json');
const manifestPath = join(dir, 'package.json');
const wanted = JSON.stringify(manifest, null, 2);
const current = existsSync(manifestPath) ? readFileSync(manifestPath, 'utf8') : '';

function run(command, args, options) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(installed) || current !== wanted) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(manifestPath, wanted);
  const started = Date.now();
  console.log(`Installing ${pin.cli}@${pin.version} into .sf-cli/ …`);
  run('npm', ['install', '--no-audit', '--no-fund', `--before=${pin.before}`], { cwd: dir });
  console.log(`Installed in ${Math.round((Date.now() - started) / 1000)} s`);
}

run('npx', ['vitest', 'run', '--project', 'simulator', 'src/simulator/sf-cli'], {
  cwd: root,
  env: { ...process.env, SF_CLI_BIN: join(dir, 'node_modules', '.bin', 'sf') },
});
