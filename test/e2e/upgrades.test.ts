// The upgrade story in Chromium against the simulator
// (docs/architecture.md "One schedule, end to end"): the demo operator schedules an upgrade for a
// group from Org Group detail and lands on /upgrade/{id}; with the activation policy enforced they
// cannot activate their own upgrade; an admin in a second browser activates it; the progress moves
// live in both browsers without a reload; a failed job's error dialog shows the message the
// simulator's PackagePushError carried; Retry Failed makes a linked upgrade; Cancel with a comment
// stops it. A group no version reaches cannot be scheduled: the modal says why, one line per reason
// that opens to its orgs. Screenshots of each screen go to .scratch/ (out of git).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NOTHING_TO_SCHEDULE } from '../../src/domain/api/upgrade-actions';
import { ACTIVATION_POLICY_MESSAGE } from '../../src/domain/policy';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import {
  openBrowser,
  signInWithSalesforce,
  startOnDemoTemplate,
  waitForFirstFetch,
  type RunningConsole,
} from './harness';
import { WAIT } from './table-view';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR ?? join(ROOT, '.scratch', 'e2e-upgrades');
const LONG = { timeout: 90_000 };

// Demo orgs of the simulator's dataset, as the list walk uses them.
const GROUP_NAME = 'E2E Upgrade Group';
const GROUP_MEMBERS = [
  '00DKa0000004CGxMAM',
  '00D0q0000004CP2EAM',
  '00D9w0000004CXDEA2',
  '00D7Q0000004CNgUAM',
  '00D8c0000004CNfEAM',
];

// Orgs the demo's Salesforce does not know: no package is installed in them.
const NOBODY_GROUP = 'E2E Nobody To Upgrade';
const NOBODY_MEMBERS = ['00D000000000901AAA', '00D000000000902AAA'];

let app: RunningConsole;
let groupId = 0;
let nobodyGroupId = 0;
const browsers: Awaited<ReturnType<typeof openBrowser>>[] = [];
let operator: Page;
let admin: Page;
const shots: string[] = [];
const pageErrors: string[] = [];

async function seedGroup(dir: string, name: string, members: readonly string[]): Promise<number> {
  const db = await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    await migrate(db);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO org_group (name, type, description, created_by)
       VALUES ($1, 'Upgrade Group', 'Orgs the upgrade story pushes to', 'operator@pushboard.demo')
       RETURNING id`,
      [name],
    );
    const id = rows[0]?.id ?? 0;
    for (const orgId of members)
      await db.query(
        `INSERT INTO org_group_member (org_group_id, org_id, added_by) VALUES ($1, $2, $3)`,
        [id, orgId, 'operator@pushboard.demo'],
      );
    return id;
  } finally {
    await db.close();
  }
}

async function signIn(username: string): Promise<Page> {
  const browser = await openBrowser();
  browsers.push(browser);
  const page = await browser.context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${username} ${page.url()}: ${error.message}`));
  await signInWithSalesforce(page, app.url, username, '/upgrades');
  return page;
}

async function simulator(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${app.simulatorUrl}/__sim${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} /__sim${path}`).toBe(true);
  return res.json();
}

async function screenshot(page: Page, name: string): Promise<void> {
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  shots.push(path);
}

const actions = (page: Page) => page.getByRole('group', { name: 'Upgrade actions' });
const summary = (page: Page) => page.getByTestId('progress-summary');

/** Waits until the progress summary (updated by live events only: no reload) says `pattern`. */
async function progressReads(page: Page, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + LONG.timeout;
  for (;;) {
    const text = await summary(page).innerText();
    if (pattern.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`progress still reads '${text}', not ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  app = await startOnDemoTemplate(
    {
      ENFORCE_ACTIVATION_POLICY: 'true',
      // The monitor reconciles every 2 s, so the story does not wait on the default 30 s.
      JOB_SCHEDULES: JSON.stringify({ upgrade_monitor_interval_seconds: 2 }),
    },
    async (dataDir) => {
      groupId = await seedGroup(dataDir, GROUP_NAME, GROUP_MEMBERS);
      nobodyGroupId = await seedGroup(dataDir, NOBODY_GROUP, NOBODY_MEMBERS);
    },
  );
  operator = await signIn('operator@pushboard.demo');
  // The upgrade monitor runs every 2 s here, so its own runs never leave the queue empty.
  await waitForFirstFetch(operator, app.url, ['fetch-upgrades']);
  // Every push job fails in the simulator, so the error dialog and Retry Failed have work.
  await simulator('PUT', '/failure-rate', { rate: 1 });
}, 300_000);

afterAll(async () => {
  if (shots.length) console.log(`Screenshots:\n${shots.join('\n')}`);
  if (pageErrors.length) console.log(`Page errors:\n${pageErrors.join('\n')}`);
  for (const browser of browsers) await browser.close();
  await app?.stop();
});

describe('the upgrade story', () => {
  let upgradeUrl = '';

  it('a group no version reaches cannot be scheduled, and the modal says why', async () => {
    await operator.goto(`${app.url}/orggroup/${nobodyGroupId}`);
    await operator.getByRole('heading', { level: 1, name: NOBODY_GROUP }).waitFor(WAIT);
    await operator.getByRole('button', { name: 'Upgrade Packages' }).click();
    const modal = operator.getByRole('dialog');
    await modal.getByTestId('schedule-disabled-reason').waitFor(WAIT);
    await expect(modal.getByTestId('schedule-disabled-reason').innerText()).resolves.toBe(
      NOTHING_TO_SCHEDULE,
    );
    await expect(modal.getByRole('button', { name: 'Schedule' }).isDisabled()).resolves.toBe(true);
    const preview = modal.getByTestId('schedule-preview');
    await expect(preview.innerText()).resolves.toContain('Left out: 2 orgs');
    // One line per reason with its count; it opens to the orgs it covers.
    const line = preview.getByTestId('left-out-not-installed');
    await expect(line.innerText()).resolves.toMatch(/Package not installed\s+2/);
    await line.getByRole('button', { name: /Package not installed/ }).click();
    const orgs = line.getByRole('table', { name: 'orgs left out: Package not installed' });
    await orgs.waitFor(WAIT);
    for (const orgId of NOBODY_MEMBERS) await expect(orgs.innerText()).resolves.toContain(orgId);
    await modal.getByRole('button', { name: 'Schedule' }).scrollIntoViewIfNeeded();
    await screenshot(operator, 'schedule-modal-nobody');
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'hidden', ...WAIT });
    // Nothing was written for the group (demo mode has its own staged rollout).
    const upgrades = await operator.request.get(`${app.url}/api/upgrades?groupId=${nobodyGroupId}`);
    expect(await upgrades.json()).toEqual([]);
  }, 120_000);

  it('an operator schedules an upgrade for a group and lands on the upgrade', async () => {
    await operator.goto(`${app.url}/orggroup/${groupId}`);
    await operator.getByRole('heading', { level: 1, name: GROUP_NAME }).waitFor(WAIT);
    await operator.getByRole('button', { name: 'Upgrade Packages' }).click();
    const modal = operator.getByRole('dialog');
    await modal.getByTestId('schedule-preview').waitFor(WAIT);
    await screenshot(operator, 'schedule-modal');
    const reach = await modal
      .getByRole('table', { name: 'orgs each version will reach' })
      .innerText();
    expect(reach).toMatch(/\d/);
    await modal.getByLabel('Description').fill('E2E group upgrade');
    await modal.getByRole('button', { name: 'Schedule' }).click();
    await operator.waitForURL(/\/upgrade\/\d+$/, LONG);
    upgradeUrl = operator.url();
    await operator.getByRole('heading', { level: 1, name: 'E2E group upgrade' }).waitFor(WAIT);
    await expect(summary(operator).innerText()).resolves.toMatch(/active/);
    await screenshot(operator, 'upgrade-detail-scheduled');
  }, 180_000);

  it('the same operator cannot activate their own upgrade under the policy', async () => {
    const activate = actions(operator).getByRole('button', { name: 'Activate' });
    await expect(activate.isDisabled()).resolves.toBe(true);
    await activate.locator('xpath=..').hover();
    await expect(operator.getByRole('tooltip').innerText(WAIT)).resolves.toContain(
      ACTIVATION_POLICY_MESSAGE,
    );
  });

  it('an admin in a second browser activates, and the progress moves live in both', async () => {
    admin = await signIn('admin@pushboard.demo');
    await admin.goto(upgradeUrl);
    await admin.getByRole('heading', { level: 1, name: 'E2E group upgrade' }).waitFor(WAIT);
    const activate = actions(admin).getByRole('button', { name: 'Activate' });
    await expect(activate.isEnabled()).resolves.toBe(true);
    await activate.click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    // The start lies 15+ minutes ahead: the simulator's clock jumps there so the jobs run now.
    await simulator('POST', '/clock/advance', { ms: 25 * 60_000 });
    // Every job fails, so the first tier ends with failures and the next tier does not start.
    const seenByAdmin = await progressReads(admin, /[1-9]\d* failed/);
    const seenByOperator = await progressReads(operator, /[1-9]\d* failed/);
    expect(seenByOperator).toBe(seenByAdmin);
    await screenshot(operator, 'upgrade-detail-done');
    await screenshot(admin, 'upgrade-detail-admin');
  }, 180_000);

  it("a failed job's error dialog shows the simulator's message", async () => {
    const id = Number(upgradeUrl.split('/').pop());
    const res = await operator.request.get(`${app.url}/api/upgradejobs?upgradeId=${id}`);
    const jobs = (await res.json()) as {
      item_id: number;
      message: string | null;
      status: string;
    }[];
    const failed = jobs.find((job) => job.status === 'Failed' && job.message);
    expect(failed, 'a failed job with a message').toBeDefined();
    // The monitor stored the simulator's PackagePushError rows as a JSON list.
    const items = JSON.parse(failed?.message ?? '[]') as { title: string; message: string }[];
    expect(items[0]?.message).toBeTruthy();

    // Its request, from the upgrade's Requests tab, shows the job with the red 'Error' chip.
    await operator.getByRole('tab', { name: 'Requests' }).click();
    await operator
      .getByTestId('table-upgrade requests')
      .locator(`a[href="/upgradeitem/${failed?.item_id}"]`)
      .first()
      .click();
    await operator.waitForURL(new RegExp(`/upgradeitem/${failed?.item_id}$`));
    const chip = operator.getByTestId('job-error').first();
    await chip.waitFor(WAIT);
    await screenshot(operator, 'upgrade-request-detail');
    await chip.click();
    const dialog = operator.getByRole('dialog', { name: 'Error' });
    await dialog.waitFor(WAIT);
    const shown = await dialog.innerText();
    expect(shown).toContain(items[0]?.title);
    expect(shown).toContain(items[0]?.message);
    await screenshot(operator, 'job-error-dialog');
    await operator.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', ...WAIT });
  }, 120_000);

  it('Retry Failed makes a linked upgrade, and Cancel with a comment stops it', async () => {
    await operator.goto(upgradeUrl);
    await operator.getByRole('heading', { level: 1, name: 'E2E group upgrade' }).waitFor(WAIT);
    await actions(operator).getByRole('button', { name: 'Retry Failed' }).click();
    const confirm = operator.getByRole('dialog');
    await expect(confirm.innerText()).resolves.toContain(
      'Are you sure you want to retry this upgrade? Only failed jobs will be rescheduled.',
    );
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await operator.waitForURL(
      (url) => /\/upgrade\/\d+$/.test(url.pathname) && url.href !== upgradeUrl,
      LONG,
    );
    const original = upgradeUrl.split('/').pop() ?? '';
    // Exact: the new upgrade's items link reads "Retry of upgrade 1: …" once they have loaded.
    await operator.getByRole('link', { name: `Upgrade ${original}`, exact: true }).waitFor(WAIT);

    await actions(operator).getByRole('button', { name: 'Cancel' }).click();
    const cancel = operator.getByRole('dialog');
    await cancel.getByRole('textbox', { name: /Comment/ }).fill('Stopped by the e2e story');
    await cancel.getByRole('button', { name: 'Yes' }).click();
    await operator.getByTestId('upgrade-comment').waitFor(WAIT);
    await expect(operator.getByTestId('upgrade-comment').innerText()).resolves.toBe(
      'Stopped by the e2e story',
    );
    await expect(
      operator
        .getByText('Status', { exact: true })
        .locator('xpath=following-sibling::*[1]')
        .innerText(),
    ).resolves.toMatch(/^Canceled/);
    await screenshot(operator, 'upgrade-detail-canceled');

    await operator.goto(`${app.url}/upgrades`);
    await operator.getByTestId('table-upgrades').locator('tbody tr').nth(1).waitFor(WAIT);
    await screenshot(operator, 'upgrades-list');
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
