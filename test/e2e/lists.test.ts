// Every list and detail screen in Chromium, the way a newcomer meets them
// (docs/product.md "Screens and routes"): the demo operator signs in, walks /licenses, /orgs,
// /orggroups, /packages and /packageorgs, opens a record of each from a row and clicks through
// every tab; filters with the language, saves and re-applies a filter, exports TSV, and finds a
// record with the global search from the keyboard. Screenshots of every screen (1440 px, and one
// list at 900 px) go to the OS temp folder, out of git; their paths are printed so someone can look
// at them.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { compareVersions } from '../../src/domain/versions';
import {
  openBrowser,
  signInWithSalesforce,
  startOnDemoTemplate,
  waitForFirstFetch,
  type RunningConsole,
} from './harness';
import { filter, ListWalk, localToday, seedWalkGroup, WALK_GROUP } from './list-walk';
import { column, settled, totalOf, until, WAIT } from './table-view';

const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 900, height: 900 };

let consoleApp: RunningConsole;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
/** The walk's steps on `page`. */
let walk: ListWalk;
const consoleErrors: string[] = [];
/** Pushboard's own requests that failed (4xx/5xx) once signed in. */
const failedRequests: string[] = [];
let signedIn = false;

beforeAll(async () => {
  consoleApp = await startOnDemoTemplate({}, seedWalkGroup);
  browser = await openBrowser();
  page = await browser.context.newPage();
  await page.setViewportSize(WIDE);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url || page.url();
    consoleErrors.push(`${where}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  page.on('response', (response) => {
    if (signedIn && response.status() >= 400 && response.url().startsWith(consoleApp.url))
      failedRequests.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  walk = new ListWalk(page, consoleApp.url);

  // The newcomer: the demo operator, through the simulator's login page.
  await signInWithSalesforce(page, consoleApp.url, 'operator@pushboard.demo', '/licenses');
  signedIn = true;
  await waitForFirstFetch(page, consoleApp.url);
}, 300_000);

afterAll(async () => {
  if (walk?.shots.length) console.log(`Screenshots:\n${walk.shots.join('\n')}`);
  if (consoleErrors.length) console.log(`Browser console errors:\n${consoleErrors.join('\n')}`);
  if (failedRequests.length) console.log(`Failed requests:\n${failedRequests.join('\n')}`);
  await browser?.close();
  await consoleApp?.stop();
});

describe('a newcomer walks every list and detail', () => {
  it('Licenses: the list, then a license', async () => {
    const view = await walk.openList('/licenses', 'licenses');
    expect(view.rows.length).toBeGreaterThan(0);
    await expect(page.getByTestId('list-total').innerText()).resolves.toMatch(/\d/);
    await walk.screenshot('licenses-list-1440');
    await walk.openDetail(walk.firstRowLink('licenses'), 'license');
    await page.getByText('Used Licenses', { exact: true }).waitFor(WAIT);
    await walk.expectNoFailure();
    await walk.screenshot('license-detail-1440');
  });

  it('Orgs: the list, then an org and every tab', async () => {
    const view = await walk.openList('/orgs', 'orgs');
    expect(view.rows.length).toBeGreaterThan(0);
    expect(totalOf(view)).toBeGreaterThan(0);
    await walk.screenshot('orgs-list-1440');
    await walk.openDetail(walk.firstRowLink('orgs'), 'org');
    const tabs = await walk.walkTabs('org');
    expect(Object.keys(tabs)).toEqual([
      'Versions',
      'Licenses',
      'Upgrade Jobs',
      'Related Orgs',
      'Groups',
      'History',
    ]);
    expect(tabs['Versions']).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Versions', exact: true }).click();
    await settled(walk.tabTable());
    await walk.screenshot('org-detail-1440');
  });

  it('Org Groups: the list, then a group and every tab', async () => {
    const view = await walk.openList('/orggroups', 'orggroups');
    expect(column(view, 'Name')).toContain(WALK_GROUP.name);
    await walk.screenshot('orggroups-list-1440');
    await walk.openDetail(
      page.getByTestId('table-orggroups').getByRole('link', { name: WALK_GROUP.name }).first(),
      'orggroup',
    );
    const tabs = await walk.walkTabs('orggroup');
    expect(Object.keys(tabs)).toEqual(['Members', 'Versions', 'Licenses', 'Upgrades']);
    expect(tabs['Members']).toBe(WALK_GROUP.members.length);
    await page.getByRole('tab', { name: 'Members', exact: true }).click();
    await settled(walk.tabTable());
    await walk.screenshot('orggroup-detail-1440');
  });

  it('Packages: the list, a package and its tabs, then a version and its tabs', async () => {
    const view = await walk.openList('/packages', 'packages');
    expect(view.rows.length).toBeGreaterThan(0);
    await walk.screenshot('packages-list-1440');
    await walk.openDetail(walk.firstRowLink('packages'), 'package');
    const tabs = await walk.walkTabs('package');
    expect(Object.keys(tabs)).toEqual([
      'Versions',
      'Customers',
      'Upgrades',
      'Adoption',
      'Recurring Failures',
    ]);
    expect(tabs['Versions']).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Versions', exact: true }).click();
    const versions = walk.tabTable();
    await settled(versions);
    await walk.screenshot('package-detail-1440');

    await walk.openDetail(
      versions.locator('tbody tr').first().getByRole('link').first(),
      'packageversion',
    );
    const versionTabs = await walk.walkTabs('packageversion');
    expect(Object.keys(versionTabs)).toEqual(['Customers', 'Blacklist']);
    await page.getByRole('tab', { name: 'Customers', exact: true }).click();
    await settled(walk.tabTable());
    await walk.screenshot('packageversion-detail-1440');
  });

  it('Connected Orgs: the list, then a connected org and every tab', async () => {
    const view = await walk.openList('/packageorgs', 'packageorgs');
    expect(view.rows.length).toBeGreaterThan(0);
    await walk.screenshot('packageorgs-list-1440');
    const connected = page
      .getByTestId('table-packageorgs')
      .locator('tbody tr', { hasText: 'Connected' })
      .first()
      .getByRole('link')
      .first();
    await walk.openDetail(connected, 'packageorg');
    const tabs = await walk.walkTabs('packageorg');
    expect(Object.keys(tabs)).toEqual(['Package Versions', 'Package Upgrades']);
    await page.getByRole('tab', { name: 'Package Versions', exact: true }).click();
    await settled(walk.tabTable());
    await walk.screenshot('packageorg-detail-1440');
  });

  it('one list at 900 px', async () => {
    await page.setViewportSize(NARROW);
    try {
      await walk.openList('/orgs', 'orgs');
      await walk.screenshot('orgs-list-900');
    } finally {
      await page.setViewportSize(WIDE);
    }
  });
});

describe('the filter language', () => {
  it('$Atlas on the orgs Name column: every row starts with it', async () => {
    await walk.openList('/orgs', 'orgs');
    const table = page.getByTestId('table-orgs');
    const all = totalOf(await settled(table));
    await filter(table, 'Name', '$Atlas');
    const view = await until(table, (v) => totalOf(v) < all && v.rows.length > 0);
    const names = column(view, 'Name');
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase().startsWith('atlas'), name).toBe(true);
    expect(totalOf(view)).toBeLessThan(all);
    await filter(table, 'Name', '');
    await until(table, (v) => totalOf(v) === all);
  });

  it('!? on the licenses Expiration column: only licenses that do not expire', async () => {
    await walk.openList('/licenses', 'licenses');
    const table = page.getByTestId('table-licenses');
    const all = totalOf(await settled(table));
    await filter(table, 'Expiration', '!?');
    const view = await until(table, (v) => totalOf(v) < all && v.rows.length > 0);
    const cells = column(view, 'Expiration');
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) expect(cell).toBe('Does not expire');
    await filter(table, 'Expiration', '');
    await until(table, (v) => totalOf(v) === all);
  });

  it('> 2.0 on the licenses Version Number column: every version compares greater', async () => {
    await walk.openList('/licenses', 'licenses');
    const table = page.getByTestId('table-licenses');
    const all = totalOf(await settled(table));
    await filter(table, 'Version Number', '> 2.0');
    const view = await until(table, (v) => totalOf(v) < all && v.rows.length > 0);
    const versions = column(view, 'Version Number');
    expect(versions.length).toBeGreaterThan(0);
    for (const version of versions)
      expect(compareVersions(version, '2.0'), version).toBeGreaterThan(0);
    // 2.0 is in the data (so this compares against a real version), and is left out.
    await filter(table, 'Version Number', '"2.0"');
    const exact = await until(table, (v) => v.rows.length > 0);
    expect(new Set(column(exact, 'Version Number'))).toEqual(new Set(['2.0']));
    await filter(table, 'Version Number', '');
    await until(table, (v) => totalOf(v) === all);
  });

  it('< #TODAY on Last Modified: every row was modified before today', async () => {
    await walk.openList('/licenses', 'licenses');
    const table = page.getByTestId('table-licenses');
    const all = totalOf(await settled(table));
    await filter(table, 'Last Modified', '< #TODAY');
    const view = await until(table, (v) => v.rows.length > 0 || v.empty !== null);
    const today = localToday();
    const dates = column(view, 'Last Modified');
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(date.slice(0, 10) < today, date).toBe(true);
    // A period macro: the last ten years hold every license.
    await filter(table, 'Last Modified', '#LAST_10_YEARS');
    const decade = await until(table, (v) => totalOf(v) === all);
    expect(totalOf(decade)).toBe(all);
    await filter(table, 'Last Modified', '');
  });

  it('a bad expression shows its error with the position, and the list keeps answering', async () => {
    await walk.openList('/orgs', 'orgs');
    const table = page.getByTestId('table-orgs');
    const all = totalOf(await settled(table));
    // A double-click on a filter input opens the language's help; Escape closes it.
    const nameFilter = table.getByLabel('Filter Name', { exact: true });
    await nameFilter.dblclick();
    const help = page.getByRole('dialog', { name: 'Filter help' });
    await help.waitFor(WAIT);
    await expect(help.innerText()).resolves.toContain('$acme');
    await nameFilter.press('Escape');
    await help.waitFor({ state: 'hidden', ...WAIT });

    const text = '(Atlas || ';
    const input = await filter(table, 'Name', text);
    // The message under the input names the position, and the marker shows the text with the
    // offending part marked.
    await expect.poll(() => input.getAttribute('aria-invalid'), WAIT).toBe('true');
    const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.includes('error')) ?? describedBy;
    const error = page.locator(`[id="${errorId}"]`);
    await expect(error.innerText()).resolves.toMatch(/ at \d+/);
    const marker = error.getByTestId('filter-marker');
    await expect(marker.innerText()).resolves.toContain('Atlas');
    await expect(marker.locator('mark').count()).resolves.toBe(1);
    await walk.screenshot('orgs-filter-error-1440');
    expect(totalOf(await settled(table))).toBe(all);
    await filter(table, 'Name', '');
    await expect.poll(() => input.getAttribute('aria-invalid'), WAIT).not.toBe('true');
  });
});

describe('saved filters', () => {
  it('saves the filter under a name, clears it, re-applies it from the bar: same rows', async () => {
    await walk.openList('/orgs', 'orgs');
    const table = page.getByTestId('table-orgs');
    const all = totalOf(await settled(table));
    await filter(table, 'Name', '$Atlas');
    await filter(table, 'Status', 'Installed');
    const filtered = await until(table, (v) => totalOf(v) < all && v.rows.length > 0);
    const name = `Atlas installed ${Date.now() % 100_000}`;

    await table.getByRole('button', { name: 'Save Filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Filter' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const saved = table.getByRole('button', { name, exact: true });
    await saved.waitFor(WAIT);
    await expect(saved.getAttribute('aria-pressed')).resolves.toBe('true');

    // A second click on the chosen filter clears the filters.
    await saved.click();
    const cleared = await until(table, (v) => totalOf(v) === all);
    expect(totalOf(cleared)).toBe(all);
    await expect(table.getByLabel('Filter Name', { exact: true }).inputValue()).resolves.toBe('');
    await expect(saved.getAttribute('aria-pressed')).resolves.toBe('false');

    await saved.click();
    const again = await until(table, (v) => totalOf(v) === totalOf(filtered));
    expect(again.rows).toEqual(filtered.rows);
    expect(again.total).toBe(filtered.total);
    await expect(table.getByLabel('Filter Name', { exact: true }).inputValue()).resolves.toBe(
      '$Atlas',
    );
    await walk.screenshot('orgs-saved-filter-1440');
    await saved.click();
    await until(table, (v) => totalOf(v) === all);
  });
});

describe('export', () => {
  async function exportTsv(table: Locator): Promise<string> {
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      table.getByRole('button', { name: 'Export' }).click(),
    ]);
    const path = await download.path();
    expect(download.suggestedFilename()).toMatch(/\.tsv$/);
    return readFileSync(path, 'utf8');
  }

  it('TSV of the orgs list: visible column labels, then one line per row of the total', async () => {
    await walk.openList('/orgs', 'orgs');
    const table = page.getByTestId('table-orgs');
    const view = await settled(table);
    const labels = view.headers.filter((label) => label !== '');

    const everything = (await exportTsv(table)).split('\n');
    if (everything.at(-1) === '') everything.pop();
    expect(everything[0]).toBe(labels.join('\t'));
    expect(everything.length - 1).toBe(totalOf(view));
    // Each line has one field per column; the first row of the page is in the file.
    for (const line of everything.slice(1, 50))
      expect(line.split('\t')).toHaveLength(labels.length);
    const firstId = column(view, 'Org ID')[0] ?? '';
    expect(everything.some((line) => line.startsWith(`${firstId}\t`))).toBe(true);

    await filter(table, 'Name', '$Atlas');
    const filtered = await until(table, (v) => totalOf(v) < totalOf(view) && v.rows.length > 0);
    const some = (await exportTsv(table)).split('\n').filter((line) => line !== '');
    expect(some[0]).toBe(labels.join('\t'));
    expect(some.length - 1).toBe(totalOf(filtered));
    const nameAt = labels.indexOf('Name');
    for (const line of some.slice(1)) expect(line.split('\t')[nameAt]).toMatch(/^atlas/i);
    await filter(table, 'Name', '');
  });
});

describe('global search', () => {
  it("'/' focuses it; a term, ArrowDown and Enter land on the result's screen", async () => {
    await walk.openList('/licenses', 'licenses');
    await page.locator('body').press('/');
    const search = page.getByRole('textbox', { name: 'Find org' });
    await expect(search.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.type('Atlas Biotech');
    const first = page.getByRole('option').first();
    await first.waitFor(WAIT);
    await walk.screenshot('global-search-1440');
    await page.keyboard.press('ArrowDown');
    const chosen = page.locator('[data-combobox-selected]');
    await chosen.waitFor(WAIT);
    const title = (await chosen.locator('p').first().innerText()).trim();
    const detail = await chosen.locator('p').nth(1).innerText();
    const orgId = /00D\w{15}/.exec(detail)?.[0] ?? '';
    expect(orgId, detail).not.toBe('');
    await page.keyboard.press('Enter');
    await page.getByTestId('screen-org').waitFor(WAIT);
    expect(page.url()).toBe(`${consoleApp.url}/org/${orgId}`);
    await page.getByText(orgId, { exact: true }).first().waitFor(WAIT);
    await expect(page.getByRole('heading', { level: 1 }).first().innerText()).resolves.toBe(title);
    expect(title).toMatch(/^Atlas Biotech/);
    await expect(search.inputValue()).resolves.toBe('');
    await walk.expectNoFailure();
  });
});

describe('along the way', () => {
  it("none of Pushboard's requests failed and its pages logged no errors", () => {
    const ours = consoleErrors.filter((entry) => entry.startsWith(consoleApp.url));
    expect(ours).toEqual([]);
    expect(failedRequests).toEqual([]);
  });
});
