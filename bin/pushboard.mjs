#!/usr/bin/env node
// The `pushboard` command (package.json "bin"): the TypeScript CLI run through tsx, as the
// console itself runs.
import { register } from 'tsx/esm/api';

register();
const { runCli, processIo } = await import('../src/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2), processIo());
