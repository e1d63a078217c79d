// Webhooks in Chromium against a console started as `npm start` starts it: an admin access key
// session adds an endpoint on the Administration page, sees its secret once, sends a test event,
// and sees the delivery succeed; a real local receiver checked the signature with that secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestReceiver } from '../../src/server/services/webhooks/testing/receiver';
import { openBrowser, startOnDemoTemplate, type RunningConsole } from './harness';

const ADMIN_KEY = 'e2e-webhooks-access-key-0123456789';

let consoleApp: RunningConsole;
let browser: Awaited<ReturnType<typeof openBrowser>>;
const receiver = new TestReceiver();

beforeAll(async () => {
  await receiver.start();
  consoleApp = await startOnDemoTemplate({ ADMIN_ACCESS_KEY: ADMIN_KEY });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await consoleApp?.stop();
  await receiver.stop();
});

describe('Webhooks on the Administration page', () => {
  it('adds an endpoint, shows the secret once, and a test event is delivered signed', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${consoleApp.url}/login`);
    await page.getByLabel('Admin access key').fill(ADMIN_KEY);
    await page.getByLabel('Admin access key').press('Enter');
    await page.waitForURL(`${consoleApp.url}/`);
    await page.goto(`${consoleApp.url}/admin`);
    await page.getByRole('tab', { name: 'Webhooks' }).click();

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await dialog.getByLabel('URL').fill(receiver.url);
    await dialog.getByLabel('Fetch failed').check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByTestId('webhook-secret');
    await shown.waitFor();
    const secret = (await shown.textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByText('This is the only time the secret is shown. Copy it now.').waitFor();
    receiver.secret = secret;
    await page.getByRole('button', { name: 'Done' }).click();

    const row = page.locator(`tr[data-endpoint-url="${receiver.url}"]`);
    await row.waitFor();
    expect(await page.content()).not.toContain(secret);
    await row.getByRole('button', { name: 'Send test event' }).click();
    await page
      .getByTestId('webhook-deliveries')
      .locator('tr[data-delivery-event="webhook.test"][data-delivery-status="succeeded"]')
      .waitFor({ timeout: 20_000 });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.verified).toBe(true);
    expect(receiver.received[0]!.headers['pushboard-event']).toBe('webhook.test');
    await page.close();
  });
});
