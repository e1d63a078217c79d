// The fleet screens in Chromium on the demo data: the home page at / (an admin's, and the same for
// a read-only user), a package's Adoption tab with its charts and their tables, an upgrade's
// Timeline while the simulator pushes it, and an org's History. Screenshots go to a temp folder
// (E2E_SCREENSHOTS_DIR to choose it), printed at the end.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  openBrowser,
  signInWithSalesforce,
  startOnDemoTemplate,
  waitForFirstFetch,
  type RunningConsole,
} from './harness';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? mkdtempSync(join(tmpdir(), 'pushboard-fleet-'));
const WAIT = { timeout: 30_000 };
const CHANGE = { 'x-requested-with': 'pushboard', 'content-type': 'application/json' };

let app: RunningConsole;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let admin: Page;
const shots: string[] = [];

async function screenshot(page: Page, name: string): Promise<void> {
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  shots.push(path);
}

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await page.request.fetch(`${app.url}${path}`, {
    method,
    headers: method === 'GET' ? {} : CHANGE,
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

interface Pkg {
  sfid: string;
  name: string;
  latest_version_id: string | null;
}
interface Version {
  version_id: string;
  version_sort: string;
  latest_version_sort: string | null;
  customer_count: number;
}

/**
 * Schedules an upgrade of one org on an older version than its package's latest (the first the
 * server accepts: some are blacklisted or otherwise left out) to that latest version.
 */
async function scheduleUpgrade(page: Page) {
  const packages = await api<Pkg[]>(page, 'GET', '/api/packages');
  for (const pkg of packages) {
    if (!pkg.latest_version_id) continue;
    const versions = await api<Version[]>(
      page,
      'GET',
      `/api/packageversions?packageIds=${pkg.sfid}`,
    );
    const older = versions.filter(
      (v) =>
        v.latest_version_sort && v.version_sort < v.latest_version_sort && v.customer_count > 0,
    );
    for (const version of older) {
      const customers = await api<{ rows: { org_id: string }[] }>(
        page,
        'GET',
        `/api/packageversions/${version.version_id}/customers?pageSize=5`,
      );
      for (const { org_id: org } of customers.rows) {
        const res = await page.request.post(`${app.url}/api/orgs/${org}/upgrade`, {
          headers: CHANGE,
          data: JSON.stringify({
            versions: [pkg.latest_version_id],
            scheduled_date: new Date(Date.now() + 20 * 60_000).toISOString(),
            description: 'E2E fleet upgrade',
            transid: `fleet-${org}-${Date.now()}`,
          }),
        });
        if (res.ok()) {
          const { id } = (await res.json()) as { id: number };
          return { pkg, org, upgradeId: id };
        }
      }
    }
  }
  throw new Error('No org of the demo data can be upgraded');
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startOnDemoTemplate({
    ENFORCE_ACTIVATION_POLICY: 'false',
    JOB_SCHEDULES: JSON.stringify({ upgrade_monitor_interval_seconds: 2 }),
  });
  browser = await openBrowser();
  admin = await browser.context.newPage();
  await signInWithSalesforce(admin, app.url, 'admin@pushboard.demo', '/admin', WAIT);
  await waitForFirstFetch(admin, app.url, ['fetch-upgrades']);
}, 300_000);

afterAll(async () => {
  if (shots.length) console.log(`Fleet screenshots:\n${shots.join('\n')}`);
  await browser?.close();
  await app?.stop();
});

describe('the fleet screens', () => {
  let candidate: Awaited<ReturnType<typeof scheduleUpgrade>>;
  let upgradeId = 0;

  it('an activated upgrade shows on the home page with its progress, live', async () => {
    candidate = await scheduleUpgrade(admin);
    upgradeId = candidate.upgradeId;
    await admin.goto(`${app.url}/`);
    const upgrades = admin.getByTestId('tile-upgrades');
    await admin.getByRole('heading', { level: 1, name: 'Fleet' }).waitFor(WAIT);
    await api(admin, 'POST', `/api/upgrades/activate/${upgradeId}`, {});
    // Activation is announced live: the running upgrade appears without a reload.
    await upgrades.getByRole('link', { name: `${upgradeId} · E2E fleet upgrade` }).waitFor(WAIT);
    // The start lies 20 minutes ahead: the simulator's clock jumps there so the jobs run now.
    const res = await fetch(`${app.simulatorUrl}/__sim/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 25 * 60_000 }),
    });
    expect(res.ok).toBe(true);
    await admin.getByTestId('tile-adoption').getByTestId('chart-home-adoption').waitFor(WAIT);
    // Every tile links to its list; the connected orgs one carries its filter in the address.
    const attention = admin
      .getByTestId('tile-attention')
      .getByRole('link', { name: 'Connected orgs' });
    expect(decodeURIComponent((await attention.getAttribute('href')) ?? '')).toContain(
      '"id":"status"',
    );
    await expect(
      admin.locator('[data-testid="chart-home-adoption"] svg').count(),
    ).resolves.toBeGreaterThan(0);
    await screenshot(admin, 'home');
  }, 180_000);

  it('a tile opens its list filtered', async () => {
    await admin.getByTestId('tile-upgrades').getByRole('link', { name: 'All active' }).click();
    await admin.waitForURL(/\/upgrades\?filters=/, WAIT);
    const list = admin.getByTestId('screen-upgrades');
    await list.waitFor(WAIT);
    // The Status column's filter input holds the address's filter (the upgrade itself may have
    // finished by now, the simulator pushes one job in seconds, and left the Active ones).
    await expect
      .poll(
        () =>
          list
            .locator('input')
            .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
        WAIT,
      )
      .toContain('"Active"');
    await screenshot(admin, 'upgrades-filtered-active');
  }, 60_000);

  it("the package's Adoption tab charts the versions, with their table a switch away", async () => {
    await admin.goto(`${app.url}/package/${candidate.pkg.sfid}`);
    await admin.getByRole('tab', { name: 'Adoption' }).click();
    const versions = admin.getByTestId('chart-adoption-versions');
    await versions.locator('svg').first().waitFor(WAIT);
    await expect(admin.getByTestId('adoption-summary').innerText()).resolves.toMatch(
      /orgs · .* on the latest version/,
    );
    await admin.getByTestId('chart-adoption-history').locator('svg').first().waitFor(WAIT);
    await screenshot(admin, 'package-adoption');
    // A bar opens the Orgs list narrowed to the orgs on that version.
    await versions.locator('.recharts-bar-rectangle').first().click();
    await admin.waitForURL(/\/orgs\?versionId=04t/, WAIT);
    await admin.getByText(/^On package version 04t/).waitFor(WAIT);
    await admin.getByRole('table', { name: 'orgs' }).getByRole('link').first().waitFor(WAIT);
    await admin.goBack();
    await admin.getByRole('tab', { name: 'Adoption' }).click();
    await versions.locator('svg').first().waitFor(WAIT);
    await versions.getByLabel('Show as table').check({ force: true });
    const table = versions.getByRole('table');
    await table.waitFor(WAIT);
    await expect(table.innerText()).resolves.toContain('Versions behind');
    await screenshot(admin, 'package-adoption-table');
    // A version in the table opens its customers: the orgs that run it.
    await table.getByRole('link').first().click();
    await admin.waitForURL(/\/packageversion\//, WAIT);
  }, 90_000);

  it("the upgrade's Timeline counts its jobs minute by minute", async () => {
    await admin.goto(`${app.url}/upgrade/${upgradeId}`);
    await admin.getByRole('tab', { name: 'Timeline' }).click();
    const timeline = admin.getByTestId('upgrade-timeline');
    await timeline.waitFor(WAIT);
    await timeline.locator('svg').first().waitFor(WAIT);
    // Wait for the push to be seen ending: the table says succeeded or failed for the last minute.
    await timeline.getByLabel('Show as table').first().check({ force: true });
    await expect
      .poll(async () => timeline.getByRole('table').first().innerText(), { timeout: 90_000 })
      .toMatch(/\n[^\n]*\t0\t0\t(1\t0|0\t1)\s*$/);
    await timeline.getByLabel('Show as table').first().uncheck({ force: true });
    await timeline.locator('svg').first().waitFor(WAIT);
    await screenshot(admin, 'upgrade-timeline');
  }, 120_000);

  it("the org's History lists the upgrade that touched it", async () => {
    await admin.goto(`${app.url}/org/${candidate.org}`);
    await admin.getByRole('tab', { name: 'History' }).click();
    const history = admin.getByTestId('org-history');
    await history.getByRole('link', { name: `${upgradeId} · E2E fleet upgrade` }).waitFor(WAIT);
    await screenshot(admin, 'org-history');
  }, 60_000);

  it('a read-only user sees the same home page', async () => {
    const viewerBrowser = await openBrowser();
    try {
      const viewer = await viewerBrowser.context.newPage();
      await signInWithSalesforce(viewer, app.url, 'viewer@pushboard.demo', '/', WAIT);
      await viewer.getByRole('heading', { level: 1, name: 'Fleet' }).waitFor(WAIT);
      for (const tile of ['upgrades', 'failures', 'attention', 'jobs', 'adoption'])
        await viewer.getByTestId(`tile-${tile}`).waitFor(WAIT);
      await viewer.getByTestId('chart-home-adoption').locator('svg').first().waitFor(WAIT);
      await expect(viewer.getByRole('button').allInnerTexts()).resolves.not.toContain('Activate');
      await screenshot(viewer, 'home-read-only');
    } finally {
      await viewerBrowser.close();
    }
  }, 90_000);
});
