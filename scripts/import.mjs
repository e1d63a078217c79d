#!/usr/bin/env node
// `npm run import`: the import from the old console (src/server/import/cli.ts), run through tsx
// as the console itself runs.
import { register } from 'tsx/esm/api';

register();
const { runImportCli } = await import('../src/server/import/cli.ts');
process.exitCode = await runImportCli(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
