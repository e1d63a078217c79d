// The Administration page in Chromium: a Fetch All Data job shows its progress live in every
// open tab, then lands in the history; a read-only user sees the page but can act on nothing, and
// reads in the Audit Log who started that job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, startOnDemoTemplate, type RunningConsole } from './harness';

let consoleApp: RunningConsole;
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  consoleApp = await startOnDemoTemplate();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto(`${consoleApp.url}/login?r=/admin`);
  await page.getByRole('button', { name: /sign in with salesforce/i }).click();
  await page.waitForURL(/\/services\/oauth2\/authorize/);
  await page.locator('select[name="username"]').selectOption(username);
  await page.locator('input[name="password"]').fill('demo');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(`${consoleApp.url}/admin`);
}

/** Slows every simulated Salesforce call so a fetch stays running long enough to watch. */
async function setLatency(latencyMs: number): Promise<void> {
  const res = await fetch(`${consoleApp.simulatorUrl}/__sim/faults/all`, {
    method: latencyMs ? 'PUT' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    ...(latencyMs ? { body: JSON.stringify({ latencyMs }) } : {}),
  });
  expect(res.ok).toBe(true);
}

const card = (page: Page, section: string, status: string) =>
  page
    .getByTestId(`admin-section-${section}`)
    .locator(`[data-testid="job-card"][data-job-type="fetch-all"][data-job-status="${status}"]`);

describe('Administration page', () => {
  it('shows a running Fetch All Data job live in two tabs, then its history entry', async () => {
    const first = await browser.context.newPage();
    await signIn(first, 'admin@pushboard.demo');
    const second = await browser.context.newPage();
    await second.goto(`${consoleApp.url}/admin`);
    // The first-start full fetch must be over before we start ours (one job per group).
    await first
      .getByTestId('admin-section-recent')
      .locator('[data-job-type="fetch-all"]')
      .first()
      .waitFor({ timeout: 60_000 });
    // Its end reaches the page as two live events (active jobs, history): wait for both. On a
    // copy of the demo template the jobs its restart starts must end too, which under the whole
    // suite's load took over 60 s once.
    await first
      .getByTestId('admin-section-active')
      .getByText('No active jobs')
      .waitFor({ timeout: 120_000 });

    await setLatency(400);
    try {
      await first.getByRole('button', { name: 'Fetch All Data' }).click();
      // Both tabs learn about it from the live channel, without a reload.
      for (const page of [first, second])
        await card(page, 'active', 'Running').waitFor({ timeout: 20_000 });
      const progress = card(second, 'active', 'Running').getByRole('progressbar');
      await progress.waitFor();
    } finally {
      await setLatency(0);
    }
    for (const page of [first, second]) {
      await page
        .getByTestId('admin-section-active')
        .getByText('No active jobs')
        .waitFor({ timeout: 60_000 });
      await card(page, 'recent', 'Complete').waitFor();
    }
    await first.close();
    await second.close();
  }, 240_000);

  it('a read-only user sees the jobs but every action is disabled', async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await signIn(page, 'viewer@pushboard.demo');
    await page
      .getByTestId('admin-section-recent')
      .locator('[data-testid="job-card"]')
      .first()
      .waitFor();
    for (const name of ['Fetch Data', 'Fetch All Data']) {
      await expect(page.getByRole('button', { name }).isDisabled()).resolves.toBe(true);
    }
    await page.getByRole('button', { name: 'Fetch Data' }).hover({ force: true });
    await page.getByText('You are only allowed to view information, not modify it.').waitFor();
    await page.close();
  });

  it('the Audit Log shows the job start of the first test to a read-only user', async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    await signIn(page, 'viewer@pushboard.demo');
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    const table = page.getByRole('table', { name: 'audit-log' });
    await table.waitFor();
    await table.getByRole('textbox', { name: 'Filter Action' }).fill('job.start');
    const row = table
      .locator('tbody tr')
      .filter({ hasText: 'admin@pushboard.demo' })
      .filter({ hasText: 'job.start' })
      .first();
    await row.waitFor({ timeout: 20_000 });
    await expect(row.textContent()).resolves.toContain('type=fetch-all');
    await page.close();
  });
});
