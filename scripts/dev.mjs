// `npm run dev`: the API (restarted on change) and Vite with hot reload, side by side.
// Open the Vite URL it prints (http://localhost:5173); it proxies /api, /oauth2 and the live channel.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './web-build.mjs';

const children = [
  spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      'watch',
      '--clear-screen=false',
      'src/main.ts',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  ),
  spawn(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js')], {
    cwd: ROOT,
    stdio: 'inherit',
  }),
];
const stopAll = (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
