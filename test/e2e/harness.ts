// Browser-test harness: starts Pushboard exactly as `npm start` does (test/support/
// console-process.ts), fresh or on a copy of the demo template (test/support/demo-template.ts),
// and drives Debian's Chromium through playwright-core.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { RunningConsole } from '../support/console-process';
import { startOnDemoTemplate as startOnTemplateCopy } from '../support/start-on-demo-template';

export {
  freePort,
  startConsole,
  type RunningConsole,
  type StartOptions,
} from '../support/console-process';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Starts Pushboard on a copy of the demo template: a restart of a demo whose first fetch is done
 * (its data, its job history, the demo rollout), so the lists have their rows at once.
 * `prepare` writes into the copy before the start (e.g. a file's own groups). Without Chromium
 * the file could not open a page anyway: it fails here, before anything is started or built.
 */
export async function startOnDemoTemplate(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<RunningConsole> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: no browser tests`);
  return startOnTemplateCopy(env, prepare);
}

export async function openBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'pushboard-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
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
 * its data. On a copy of the demo template that fetch is in the copied job history: this waits
 * for the jobs the restart itself starts (the upgrade monitor, an incremental fetch when its slot
 * is due). `ignoreTypes`: jobs that run on a short schedule (e.g. the upgrade monitor) and so
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
