// `npm run simulator` on a taken SIM_PORT: one line naming the setting and the port, exit 1, and
// none of Node's EADDRINUSE stack.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let server: Server;
let port = 0;
beforeAll(async () => {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, () => resolve()));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => {
  server.close();
});

function runCli(env: Record<string, string>): Promise<{ code: number | null; err: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src', 'simulator', 'cli.ts')],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, err })));
}

describe('npm run simulator', () => {
  it('names SIM_PORT and the port in one line and exits 1 when the port is taken', async () => {
    const { code, err } = await runCli({ SIM_PORT: String(port), SIM_DATASET: 'test' });
    expect(code).toBe(1);
    expect(err.trimEnd().split('\n')).toEqual([
      `SIM_PORT ${port} is already in use: stop the other process or set SIM_PORT to a free port.`,
    ]);
    expect(err).not.toContain('EADDRINUSE');
  }, 60_000);
});
