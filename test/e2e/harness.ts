// Browser-test harness: starts Pushboard exactly as `npm start` does (scripts/start.mjs) on free
// ports with a fresh DATA_DIR, and drives Debian's Chromium through playwright-core.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningConsole {
  url: string;
  simulatorUrl: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * An existing DATA_DIR to start on (e.g. one a previous run left data in). The caller owns it:
   * stop() leaves it in place.
   */
  dataDir?: string;
  /** Keep the fresh DATA_DIR on stop() so a later start can reuse it; the caller removes it. */
  keepDataDir?: boolean;
}

export async function startConsole(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningConsole> {
  const [port, simPort] = [await freePort(), await freePort()];
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pushboard-e2e-'));
  const removeDataDir = options.dataDir === undefined && !options.keepDataDir;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      SIM_PORT: String(simPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Pushboard exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Pushboard did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    simulatorUrl: `http://localhost:${simPort}`,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (removeDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function openBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'pushboard-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Answers the simulator's login page (whichever host serves it) as `username`. */
export async function answerSimulatorLogin(
  page: Page,
  username: string,
  wait: { timeout?: number } = {},
): Promise<void> {
  await page.waitForURL(/\/services\/oauth2\/authorize/, wait);
  await page.locator('select[name="username"]').selectOption(username);
  await page.locator('input[name="password"]').fill('demo');
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Signs in through the login screen and the simulator's login page; lands on `path`. */
export async function signInWithSalesforce(
  page: Page,
  consoleUrl: string,
  username: string,
  path: string,
  wait: { timeout?: number } = {},
): Promise<void> {
  await page.goto(`${consoleUrl}/login?r=${path}`);
  await page.getByRole('button', { name: /sign in with salesforce/i }).click();
  await answerSimulatorLogin(page, username, wait);
  await page.waitForURL(`${consoleUrl}${path}`, wait);
}

interface JobSummary {
  type: string;
  status: string;
}

/**
 * Waits until the first start's full fetch has landed and nothing else runs, so every list has
 * its data. `ignoreTypes`: jobs that run on a short schedule (e.g. the upgrade monitor) and so
 * never leave the queue empty.
 */
export async function waitForFirstFetch(
  page: Page,
  consoleUrl: string,
  ignoreTypes: readonly string[] = [],
): Promise<void> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const res = await page.request.get(`${consoleUrl}/api/admin/jobs`);
    const jobs = (await res.json()) as {
      jobs: JobSummary[];
      queue: JobSummary[];
      history: { latest: JobSummary[] };
    };
    const done = jobs.history.latest.some((j) => j.type === 'fetch-all' && j.status === 'Complete');
    const busy = [...jobs.jobs, ...jobs.queue].filter((j) => !ignoreTypes.includes(j.type));
    if (done && busy.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`The first fetch did not end: ${JSON.stringify(jobs)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
