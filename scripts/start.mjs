// `npm start`: build the web app if needed, then run the console (src/main.ts) with tsx.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
