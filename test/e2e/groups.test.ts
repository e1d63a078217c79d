// Group management in Chromium (docs/product.md "Org Groups list" and "Org Group detail"): the demo
// operator creates a group by pasting org ids into the New modal, copies a member into a group
// created in the picker and moves another there, and blacklists an org — seen at once on its detail
// page (the black notice) and in another open tab's Orgs list with the Blacklisted toggle on.
// Screenshots go to E2E_SCREENSHOTS_DIR (or the OS temp folder); their paths are printed.
import { mkdirSync } from 'node:fs';
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
import { settled, until, WAIT } from './table-view';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR ?? join(tmpdir(), 'pushboard-e2e-screens');
const NOTICE =
  'This org is currently blacklisted and will be automatically excluded from future upgrades.';

let consoleApp: RunningConsole;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
let orgIds: string[] = [];
let groupPath = '';
const shots: string[] = [];
const pageErrors: string[] = [];

async function screenshot(on: Page, name: string): Promise<void> {
  const path = join(SCREENSHOTS, `groups-${name}.png`);
  await on.screenshot({ path, fullPage: true });
  shots.push(path);
}

/** Sets a Mantine switch with one click, and waits until it shows that state. */
async function setSwitch(on: Page, name: string, checked: boolean): Promise<void> {
  const input = on.getByRole('switch', { name });
  await input.waitFor({ state: 'attached', ...WAIT });
  if ((await input.isChecked()) === checked) return;
  // The input is visually hidden under its track: a click event on it is what a click on the
  // switch sends.
  await input.dispatchEvent('click');
  const deadline = Date.now() + WAIT.timeout;
  while ((await input.isChecked()) !== checked) {
    if (Date.now() > deadline) throw new Error(`The ${name} switch stays ${String(!checked)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function groupByName(name: string): Promise<{ id: number; member_count: number }> {
  const res = await page.request.get(`${consoleApp.url}/api/orggroups`, { params: { text: name } });
  const groups = (await res.json()) as { id: number; name: string; member_count: number }[];
  const group = groups.find((g) => g.name === name);
  if (!group) throw new Error(`No group ${name}`);
  return group;
}

beforeAll(async () => {
  consoleApp = await startOnDemoTemplate();
  browser = await openBrowser();
  page = await browser.context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  mkdirSync(SCREENSHOTS, { recursive: true });

  await signInWithSalesforce(page, consoleApp.url, 'operator@pushboard.demo', '/orggroups');
  await waitForFirstFetch(page, consoleApp.url);
  // Orgs in no group yet, so the blacklist step starts from a clean state.
  const res = await page.request.get(`${consoleApp.url}/api/orgs`, {
    params: { pageSize: '50', sort_field: 'org_id' },
  });
  const page1 = (await res.json()) as { rows: { org_id: string; groups: string | null }[] };
  orgIds = page1.rows.filter((r) => !r.groups).map((r) => r.org_id);
  expect(orgIds.length).toBeGreaterThanOrEqual(4);
}, 300_000);

afterAll(async () => {
  if (shots.length) console.log(`Screenshots:\n${shots.join('\n')}`);
  if (pageErrors.length) console.log(`Page errors:\n${pageErrors.join('\n')}`);
  await browser?.close();
  await consoleApp?.stop();
});

describe('org groups in the browser', () => {
  it('creates a group from pasted org ids', { timeout: 120_000 }, async () => {
    await page.goto(`${consoleApp.url}/orggroups`);
    await page.getByRole('button', { name: 'New' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Group' });
    await dialog.waitFor(WAIT);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E Pilot');
    const ids = dialog.getByRole('textbox', { name: 'Import Org Ids' });
    // 15-character forms, quotes, tabs and new lines, a duplicate and something else.
    const [a, b, c] = orgIds as [string, string, string];
    await ids.fill(`"${a.slice(0, 15)}"\t${b}\n${c}, ${a}, hello`);
    await dialog.getByRole('textbox', { name: 'Description' }).click();
    await expect(ids.inputValue()).resolves.toBe(`${a}, ${b}, ${c}`);
    await screenshot(page, 'new-group');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/orggroup\/\d+$/, WAIT);
    groupPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: 'E2E Pilot' }).waitFor(WAIT);
    const members = await until(
      page.getByRole('table', { name: 'group-members' }),
      (view) => view.rows.length === 3,
    );
    expect(members.rows.map((row) => row.find((cell) => cell.startsWith('00D')))).toEqual(
      expect.arrayContaining([a, b, c]),
    );
    await screenshot(page, 'group-created');
  });

  it(
    'copies a member into a new group from the picker, then moves another there',
    { timeout: 120_000 },
    async () => {
      const [a, b] = orgIds as [string, string];
      await page.goto(consoleApp.url + groupPath);
      const table = page.getByRole('table', { name: 'group-members' });
      await settled(table);
      await page.getByRole('checkbox', { name: `Select row ${a}` }).check();
      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      const picker = page.getByRole('dialog', { name: 'Select Group' });
      await picker.getByRole('combobox', { name: 'Group' }).fill('E2E Copies');
      await page.getByRole('option', { name: 'Create a new group "E2E Copies"' }).click();
      await screenshot(page, 'picker-create');
      await picker.getByRole('button', { name: 'Add' }).click();
      await page.getByText('Added org to E2E Copies').waitFor(WAIT);
      expect((await groupByName('E2E Copies')).member_count).toBe(1);

      await page.getByRole('checkbox', { name: `Select row ${a}` }).uncheck();
      await page.getByRole('checkbox', { name: `Select row ${b}` }).check();
      await page.getByRole('button', { name: 'Move', exact: true }).click();
      const mover = page.getByRole('dialog', { name: 'Move to Group' });
      await mover.getByRole('combobox', { name: 'Group' }).fill('E2E Cop');
      await page.getByRole('option', { name: 'E2E Copies' }).click();
      await mover.getByRole('button', { name: 'Move', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Move members' });
      await expect(confirm.innerText()).resolves.toContain(
        'Are you sure you want to move 1 member(s) to E2E Copies?',
      );
      await confirm.getByRole('button', { name: 'Move', exact: true }).click();
      await page.getByText('Moved 1 org(s) to E2E Copies').waitFor(WAIT);
      // The live event refreshed this tab's members: the moved org has left.
      const after = await until(table, (view) => view.rows.length === 2);
      expect(after.rows.flat()).not.toContain(b);
      expect((await groupByName('E2E Copies')).member_count).toBe(2);
      await screenshot(page, 'moved');
    },
  );

  it('blacklists an org and every open tab shows it', { timeout: 120_000 }, async () => {
    const orgId = orgIds[3]!;
    // Another tab, already open on the Orgs list with the Blacklisted toggle on.
    const other = await browser.context.newPage();
    await other.setViewportSize({ width: 1440, height: 900 });
    await other.goto(`${consoleApp.url}/orgs`);
    await setSwitch(other, 'Blacklisted', true);
    const blacklisted = other.getByRole('table', { name: 'orgs' });
    const before = await settled(blacklisted);
    expect(before.rows.flat()).not.toContain(orgId);

    await page.goto(`${consoleApp.url}/org/${orgId}`);
    await page.getByTestId('screen-org').waitFor(WAIT);
    expect(await page.getByText(NOTICE).count()).toBe(0);
    await setSwitch(page, 'Blacklisted', true);
    await page.getByText(NOTICE).waitFor(WAIT);
    // The switch agrees with the notice once the org has been read again.
    await page
      .getByRole('switch', { name: 'Blacklisted' })
      .and(page.locator(':enabled'))
      .waitFor(WAIT);
    expect(await page.getByRole('switch', { name: 'Blacklisted' }).isChecked()).toBe(true);
    await screenshot(page, 'org-blacklisted');

    await until(blacklisted, (view) => view.rows.flat().includes(orgId));
    await screenshot(other, 'orgs-blacklisted');

    await setSwitch(page, 'Blacklisted', false);
    await page.getByText(NOTICE).waitFor({ state: 'detached', ...WAIT });
    await until(blacklisted, (view) => !view.rows.flat().includes(orgId));
    await other.close();
    expect(pageErrors).toEqual([]);
  });
});
