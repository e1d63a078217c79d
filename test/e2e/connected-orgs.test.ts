// Connected orgs in Chromium (demo mode): remove a packaging org's connection, add it again through
// the simulator's real login page, deactivate and reactivate it, revoke it; the read-only viewer
// can select nothing and change nothing. Screenshots go to .scratch/ (not committed).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  answerSimulatorLogin,
  openBrowser,
  signInWithSalesforce,
  startOnDemoTemplate,
  type RunningConsole,
} from './harness';

const SHOTS = join(process.cwd(), '.scratch', 'connected-orgs');
const WAIT = { timeout: 60_000 };

let consoleApp: RunningConsole;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let packagingOrg: { orgId: string; name: string; users: { username: string }[] };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  consoleApp = await startOnDemoTemplate();
  browser = await openBrowser();
  const orgs = (await (await fetch(`${consoleApp.simulatorUrl}/__sim/orgs`)).json()) as {
    orgId: string;
    name: string;
    kind: string;
    users: { username: string }[];
  }[];
  const found = orgs.find((org) => org.kind === 'packaging');
  if (!found) throw new Error('the demo dataset has packaging orgs');
  packagingOrg = found;
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

const signIn = (page: Page, username: string) =>
  signInWithSalesforce(page, consoleApp.url, username, '/packageorgs', WAIT);

const rowOf = (page: Page, orgId: string) =>
  page.getByRole('table', { name: 'packageorgs' }).locator('tr', { hasText: orgId });

const field = (page: Page, label: string) =>
  page
    .getByTestId('packageorg-body')
    .locator('p', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::*[1]');

describe('Connected Orgs', () => {
  it('adds an org through the login page, deactivates and reactivates it, and revokes it', async () => {
    const page = await browser.context.newPage();
    page.setDefaultTimeout(WAIT.timeout);
    await signIn(page, 'operator@pushboard.demo');
    const { orgId, name } = packagingOrg;
    await rowOf(page, orgId).waitFor(WAIT);

    // Remove the demo connection, so that Add Org really adds it.
    await page.getByRole('checkbox', { name: `Select row ${orgId}` }).check();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure you want to remove 1 connected org(s)?').waitFor();
    await page.screenshot({ path: join(SHOTS, '1-delete-confirm.png') });
    await page.getByRole('button', { name: 'Yes' }).click();
    await rowOf(page, orgId).waitFor({ state: 'detached', ...WAIT });

    // Shift-click Add Org: the sandbox login host (docs/product.md "Constants and limits"). Back
    // out of it again.
    await page.getByRole('button', { name: 'Add Org' }).click({ modifiers: ['Shift'] });
    await page.waitForURL(/\/sandbox\/services\/oauth2\/authorize/, WAIT);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Log in to Salesforce (Sandbox)',
    );
    await page.screenshot({ path: join(SHOTS, '2-sandbox-login-page.png') });
    await page.goBack();
    await rowOf(page, packagingOrg.orgId).waitFor({ state: 'detached', ...WAIT });

    // Add Org: the simulator's production login page, as the packaging org's admin.
    await page.getByRole('button', { name: 'Add Org' }).click();
    await page.waitForURL(/\/services\/oauth2\/authorize/, WAIT);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Log in to Salesforce');
    await page.screenshot({ path: join(SHOTS, '2-login-page.png') });
    await answerSimulatorLogin(page, packagingOrg.users[0]?.username ?? '', WAIT);
    await page.waitForURL(`${consoleApp.url}/packageorgs`, WAIT);
    const row = rowOf(page, orgId);
    await row.getByText('Connected').waitFor(WAIT);
    expect(await row.innerText()).toContain('Package');
    await page.screenshot({ path: join(SHOTS, '3-added.png') });

    // Its detail: deactivate (confirmed), then activate again.
    await row.getByRole('link', { name }).click();
    await page.waitForURL(`${consoleApp.url}/packageorg/${orgId}`, WAIT);
    const actions = page.getByRole('group', { name: 'Connected org actions' });
    await actions.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('Are you sure you want to deactivate this org connection?').waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await actions.getByRole('button', { name: 'Activate', exact: true }).waitFor(WAIT);
    expect(await field(page, 'Active').innerText()).toBe('No');
    await page.screenshot({ path: join(SHOTS, '4-deactivated.png') });
    await actions.getByRole('button', { name: 'Activate', exact: true }).click();
    await actions.getByRole('button', { name: 'Deactivate' }).waitFor(WAIT);
    expect(await field(page, 'Active').innerText()).toBe('Yes');

    // Connect is disabled while Connected; Revoke ends the connection and the page reloads it.
    expect(await actions.getByRole('button', { name: 'Connect' }).isDisabled()).toBe(true);
    await actions.getByRole('button', { name: 'Revoke' }).click();
    await field(page, 'Status').getByText('Invalid').waitFor(WAIT);
    expect(await actions.getByRole('button', { name: 'Connect' }).isEnabled()).toBe(true);
    expect(await actions.getByRole('button', { name: 'Revoke' }).isDisabled()).toBe(true);
    await page.screenshot({ path: join(SHOTS, '5-revoked.png') });
    await page.close();
  });

  it('Export opens a 540×600 popup with the connection, never a token', async () => {
    const page = await browser.context.newPage();
    page.setDefaultTimeout(WAIT.timeout);
    await signIn(page, 'operator@pushboard.demo');
    const lmaRow = page
      .getByRole('table', { name: 'packageorgs' })
      .locator('tr', { hasText: 'Licenses' })
      .first();
    await lmaRow.getByRole('link').first().click();
    await page.waitForURL(/\/packageorg\//, WAIT);
    const popupOpened = page.waitForEvent('popup');
    await page
      .getByRole('group', { name: 'Connected org actions' })
      .getByRole('button', { name: 'Export' })
      .click();
    const popup = await popupOpened;
    await popup.waitForURL(/\/oauth2\/exportorg\//, WAIT);
    await popup.getByRole('table', { name: 'Connection details' }).waitFor(WAIT);
    const size = await popup.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
    expect(size).toEqual({ w: 540, h: 600 });
    const html = await popup.content();
    // Salesforce access tokens are the org's 15-character id, '!', then an opaque part. (The
    // API tests compare every answer with the stored tokens themselves.)
    expect(html).not.toMatch(/access_token|00D[0-9A-Za-z]{12}![0-9A-Za-z._]{20,}/);
    expect(html).toContain('Reconnect');
    await popup.screenshot({ path: join(SHOTS, '6-export-popup.png') });
    await popup.close();
    await page.close();
  });

  it('the read-only viewer can select no row and change nothing', async () => {
    const page = await browser.context.newPage();
    await browser.context.clearCookies();
    await signIn(page, 'viewer@pushboard.demo');
    await page
      .getByRole('table', { name: 'packageorgs' })
      .locator('tbody tr')
      .first()
      .waitFor(WAIT);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    for (const name of ['Add Org', 'Refresh', 'Revoke', 'Delete'])
      expect(await page.getByRole('button', { name }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add Org' }).locator('xpath=..').hover();
    await page
      .getByRole('tooltip')
      .getByText('You are only allowed to view information, not modify it.')
      .waitFor(WAIT);
    await page.screenshot({ path: join(SHOTS, '7-read-only.png') });
    // The server refuses too.
    const refused = await page.request.post(`${consoleApp.url}/api/packageorgs/delete`, {
      headers: { 'x-requested-with': 'pushboard', 'content-type': 'application/json' },
      data: { orgIds: [packagingOrg.orgId] },
    });
    expect(refused.status()).toBe(403);
    await page.close();
  });
});
