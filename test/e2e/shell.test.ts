// The console shell in Chromium: sign in with the access key on the login page, then every route of
// docs/product.md "Route table" renders inside the top menu, and the / key focuses the org search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, startOnDemoTemplate, type RunningConsole } from './harness';

const ADMIN_KEY = 'e2e-access-key-0123456789';
const MENU = [
  'Upgrades',
  'Packages',
  'Org Groups',
  'Orgs',
  'Licenses',
  'Connected Orgs',
  'Administration',
];
const ROUTES: [string, string][] = [
  ['/', 'home'],
  ['/upgrades', 'upgrades'],
  ['/upgrade/1', 'upgrade'],
  ['/upgradeitem/1', 'upgradeitem'],
  ['/licenses', 'licenses'],
  ['/license/a0L000000000001AAA', 'license'],
  ['/orgs', 'orgs'],
  ['/org/00D000000000001AAA', 'org'],
  ['/orggroups', 'orggroups'],
  ['/orggroup/1', 'orggroup'],
  ['/packages', 'packages'],
  ['/package/a0P000000000001AAA', 'package'],
  ['/packageversion/04t000000000001AAA', 'packageversion'],
  ['/packageorgs', 'packageorgs'],
  ['/packageorg/00D000000000002AAA', 'packageorg'],
  ['/admin', 'admin'],
];

let consoleApp: RunningConsole;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  consoleApp = await startOnDemoTemplate({ ADMIN_ACCESS_KEY: ADMIN_KEY });
  browser = await openBrowser();
  page = await browser.context.newPage();
  await page.goto(`${consoleApp.url}/login`);
  await page.getByLabel('Admin access key').fill(ADMIN_KEY);
  await page.getByLabel('Admin access key').press('Enter');
  await page.waitForURL(`${consoleApp.url}/`);
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

describe('console shell', () => {
  it.each(ROUTES)('%s renders its screen inside the top menu', async (route, name) => {
    await page.goto(consoleApp.url + route);
    await page.getByTestId(`screen-${name}`).waitFor();
    const nav = page.getByRole('navigation');
    for (const item of MENU)
      await expect(nav.getByText(item, { exact: true }).count()).resolves.toBe(1);
    // The signed-in user's name arrives with its own request, after the screen.
    await page.getByText('Admin (access key)').waitFor();
  });

  it('the / key focuses the search box without typing a slash', async () => {
    await page.goto(`${consoleApp.url}/orgs`);
    await page.getByTestId('screen-orgs').waitFor();
    await page.locator('body').press('/');
    const search = page.getByPlaceholder('Type / to find org');
    await expect(search.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(search.inputValue()).resolves.toBe('');
  });

  it('/authresponse shows the error, and without a message goes home', async () => {
    await page.goto(
      `${consoleApp.url}/authresponse?message=Denied&severity=Error&code=access_denied`,
    );
    await page.getByText('Sorry about this, but...').waitFor();
    await expect(page.getByText('access_denied').isVisible()).resolves.toBe(true);
    await page.goto(`${consoleApp.url}/authresponse`);
    await page.waitForURL(`${consoleApp.url}/`);
  });

  it('unknown API paths answer JSON 404 to the browser too', async () => {
    const res = await page.request.get(`${consoleApp.url}/api/nope`);
    expect(res.status()).toBe(404);
    expect(await res.json()).toMatchObject({ subject: 'Not Found' });
  });
});
