// My API tokens in Chromium: a token made on the page is shown once, opens the API to a script
// (a real HTTP call with the bearer, no cookie), and revoking it on the page shuts it out at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openBrowser,
  signInWithSalesforce,
  startOnDemoTemplate,
  type RunningConsole,
} from './harness';

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

const apiStatus = async (token: string) =>
  (
    await fetch(`${consoleApp.url}/api/orgs?pageSize=5`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).status;

describe('My API tokens', () => {
  it('makes a token shown once, which a script uses until it is revoked on the page', async () => {
    const page = await browser.context.newPage();
    await signInWithSalesforce(page, consoleApp.url, 'admin@pushboard.demo', '/upgrades');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'My API tokens' }).click();
    await page.waitForURL(`${consoleApp.url}/tokens`);
    await page.getByTestId('screen-tokens').waitFor();

    await page.getByRole('button', { name: 'New token' }).click();
    await page.getByLabel('Name').fill('release pipeline');
    await page.getByText('Operate', { exact: true }).click();
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByTestId('new-token');
    await shown.waitFor();
    const token = (await shown.textContent())?.trim() ?? '';
    expect(token).toMatch(/^pbt_/);
    await page.getByText('This is the only time the token is shown. Copy it now.').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();

    const row = page.getByTestId('tokens-own').locator('tr[data-token-name="release pipeline"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('operate');
    // The list never shows the secret again, only its first characters.
    expect(await page.content()).not.toContain(token);

    expect(await apiStatus(token)).toBe(200);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page
      .getByText("Scripts using 'release pipeline' get 401 from their next call.")
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('revoked').waitFor();
    expect(await apiStatus(token)).toBe(401);
    await page.close();
  });
});
