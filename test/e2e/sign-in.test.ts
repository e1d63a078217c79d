// Sign-in in Chromium through the simulator's real login page (demo mode), sign-out, deep links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { AUTH_RESPONSES } from '../../src/domain/auth-response';
import { answerSimulatorLogin, openBrowser, startConsole, type RunningConsole } from './harness';

let consoleApp: RunningConsole;
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  // A first start, not a copy of the demo template (harness.ts startOnDemoTemplate): signing in
  // on a console that has never run, while its first fetch runs, is part of what this proves.
  consoleApp = await startConsole();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
});

/** Clicks 'Sign in with Salesforce' and answers the simulator's login page. */
async function signInThroughLoginHost(page: Page, username: string): Promise<void> {
  await page.getByRole('button', { name: /sign in with salesforce/i }).click();
  await answerSimulatorLogin(page, username);
}

async function freshPage(context: BrowserContext): Promise<Page> {
  await context.clearCookies();
  return context.newPage();
}

describe('sign-in', () => {
  it('a deep link while signed out returns to that page after sign-in, with the display name shown', async () => {
    const page = await freshPage(browser.context);
    await page.goto(`${consoleApp.url}/orgs?blacklisted=true`);
    await page.waitForURL(/\/login\?r=/);
    await signInThroughLoginHost(page, 'admin@pushboard.demo');
    await page.waitForURL(`${consoleApp.url}/orgs?blacklisted=true`);
    await page.getByTestId('screen-orgs').waitFor();
    const user = (await (await page.request.get(`${consoleApp.url}/oauth2/user`)).json()) as {
      display_name: string;
      read_only: boolean;
    };
    expect(user.read_only).toBe(false);
    await page.getByRole('link', { name: new RegExp(`Logout ${user.display_name}`) }).waitFor();
    await page.close();
  });

  it('the viewer is signed in read-only', async () => {
    const page = await freshPage(browser.context);
    await page.goto(`${consoleApp.url}/login`);
    await signInThroughLoginHost(page, 'viewer@pushboard.demo');
    await page.waitForURL(`${consoleApp.url}/`);
    const user = (await (await page.request.get(`${consoleApp.url}/oauth2/user`)).json()) as {
      username: string;
      read_only: boolean;
    };
    expect(user).toMatchObject({ username: 'viewer@pushboard.demo', read_only: true });
    await page.close();
  });

  it('Deny on the login page shows the error on /authresponse', async () => {
    const page = await freshPage(browser.context);
    await page.goto(`${consoleApp.url}/login`);
    await page.getByRole('button', { name: /sign in with salesforce/i }).click();
    await page.waitForURL(/\/services\/oauth2\/authorize/);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL(/\/authresponse\?/);
    await page.getByText('Sorry about this, but...').waitFor();
    await expect(page.getByText('access_denied').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('authresponse-message').textContent()).resolves.toBe(
      AUTH_RESPONSES.access_denied.message,
    );
    await page.close();
  });

  it('a user of a packaging org is refused on /authresponse with a clear sentence', async () => {
    const page = await freshPage(browser.context);
    await page.goto(`${consoleApp.url}/login`);
    await signInThroughLoginHost(page, 'admin@relaybill.pushboard.demo');
    await page.waitForURL(/\/authresponse\?/);
    await expect(page.getByTestId('authresponse-message').textContent()).resolves.toBe(
      AUTH_RESPONSES.org_not_allowed.message,
    );
    await expect(page.getByText('org_not_allowed').isVisible()).resolves.toBe(true);
    expect((await page.request.get(`${consoleApp.url}/oauth2/user`)).status()).toBe(401);
    await page.close();
  });

  it('logout (a POST with the CSRF header) ends the session: the app sends you back to the login page', async () => {
    const page = await freshPage(browser.context);
    await page.goto(`${consoleApp.url}/login`);
    await signInThroughLoginHost(page, 'operator@pushboard.demo');
    await page.waitForURL(`${consoleApp.url}/`);
    await page.getByRole('link', { name: /^Logout/ }).click();
    await page.waitForURL(`${consoleApp.url}/logout`);
    await page.getByRole('button', { name: /sign in with salesforce/i }).waitFor();
    expect((await page.request.get(`${consoleApp.url}/oauth2/user`)).status()).toBe(401);
    await page.goto(`${consoleApp.url}/packages`);
    await page.waitForURL(/\/login\?r=%2Fpackages/);
    await page.close();
  });
});
