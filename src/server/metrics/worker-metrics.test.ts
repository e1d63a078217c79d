// A ROLE=worker process started the way the Procfile starts it (src/main.ts) serves no HTTP; with
// METRICS_PORT it answers scrapes there, behind METRICS_TOKEN, and reports the jobs it runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TOKEN = 'worker-metrics-token-0123456789';

let child: ChildProcess;
let dataDir: string;
let port: number;
let output = '';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pushboard-worker-metrics-'));
  port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ROLE: 'worker',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      METRICS_PORT: String(port),
      METRICS_TOKEN: TOKEN,
      // Outside demo mode (no simulator); nothing is connected, so the start-up job ends at once.
      SF_CLIENT_ID: 'client-id',
      SF_CLIENT_SECRET: 'client-secret',
      SF_LOGIN_URL: 'http://127.0.0.1:9',
      SECRET_KEY: 's'.repeat(64),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await vi.waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`the worker exited: ${output}`);
      expect(output).toContain('Pushboard job worker is running');
    },
    { timeout: 60_000, interval: 100 },
  );
}, 90_000);

afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const scrape = (authorization?: string) =>
  fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: authorization ? { authorization } : {},
  });

describe('a worker process', () => {
  it('announces where its metrics are', () => {
    expect(output).toContain(`Metrics: http://127.0.0.1:${port}/metrics`);
  });

  it('answers scrapes on METRICS_PORT only with the token', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token')).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(200);
  });

  it('reports the jobs it ran (the start-up Fetch Upgrades)', async () => {
    await vi.waitFor(
      async () => {
        const text = await (await scrape(`Bearer ${TOKEN}`)).text();
        expect(text).toMatch(/^pushboard_jobs_total\{type="fetch-upgrades",outcome="\w+"\} 1$/m);
      },
      { timeout: 30_000, interval: 200 },
    );
  });
});
