// The list walk's fixture and steps (lists.test.ts): the org group it seeds before the console
// starts, and what it does on one page again and again: open a list or a record, click through a
// detail screen's tabs, type a column filter, take a screenshot, check that nothing failed.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { settled, WAIT, type TableView } from './table-view';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR ?? join(tmpdir(), 'pushboard-e2e-screens');

// Demo mode has no org groups (they come with group management), so the walk brings one: a group
// of orgs from the simulator's demo dataset, written before the console starts. Should the
// dataset change, the group's tabs show their empty text, which the walk accepts too.
export const WALK_GROUP = {
  name: 'E2E Walk Group',
  description: 'Orgs the list walk looks at',
  members: [
    '00DKa0000004CGxMAM',
    '00D0q0000004CP2EAM',
    '00D9w0000004CXDEA2',
    '00D7Q0000004CNgUAM',
    '00D8c0000004CNfEAM',
  ],
};

/** Writes WALK_GROUP into the console's data folder, before the console starts. */
export async function seedWalkGroup(dataDir: string): Promise<void> {
  const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    await migrate(db);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO org_group (name, type, description, created_by)
       VALUES ($1, 'Upgrade Group', $2, 'operator@pushboard.demo') RETURNING id`,
      [WALK_GROUP.name, WALK_GROUP.description],
    );
    for (const orgId of WALK_GROUP.members)
      await db.query(
        `INSERT INTO org_group_member (org_group_id, org_id, added_by) VALUES ($1, $2, $3)`,
        [rows[0]?.id, orgId, 'operator@pushboard.demo'],
      );
  } finally {
    await db.close();
  }
}

/**
 * Tabs that are not a server-paged list (charts, failure clusters): the walk checks that their
 * panel shows something and nothing failed, and counts no rows for them.
 */
const NOT_LISTS = new Set(['History', 'Adoption', 'Recurring Failures']);

/** The walk's steps on one signed-in page of the console at `consoleUrl`. */
export class ListWalk {
  /** The screenshots taken, for the run's log. */
  readonly shots: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly consoleUrl: string,
  ) {
    mkdirSync(SCREENSHOTS, { recursive: true });
  }

  /** The screen shows no failed request and no "not available yet". */
  async expectNoFailure(): Promise<void> {
    await expect(this.page.getByText('Failed Request').count()).resolves.toBe(0);
    await expect(this.page.getByText('not available yet', { exact: false }).count()).resolves.toBe(
      0,
    );
  }

  /** A full-page screenshot into the screenshots folder (out of git). */
  async screenshot(name: string): Promise<void> {
    const path = join(SCREENSHOTS, `${name}.png`);
    await this.page.screenshot({ path, fullPage: true });
    this.shots.push(path);
  }

  async openList(path: string, name: string): Promise<TableView> {
    await this.page.goto(this.consoleUrl + path);
    await this.page.getByTestId(`screen-${name}`).waitFor(WAIT);
    const view = await settled(this.page.getByTestId(`table-${name}`));
    await this.expectNoFailure();
    return view;
  }

  async openDetail(link: Locator, name: string): Promise<void> {
    await link.click();
    await this.page.getByTestId(`screen-${name}`).waitFor(WAIT);
    await this.page.getByRole('heading', { level: 1 }).first().waitFor(WAIT);
    await this.expectNoFailure();
  }

  /** Clicks every tab of the detail screen; each shows real rows or its empty text. */
  async walkTabs(screen: string): Promise<Record<string, number>> {
    const tabs = this.page.getByRole('tab');
    // The tabs come with the record, after the header's placeholder title.
    await tabs.first().waitFor(WAIT);
    const names = await tabs.allInnerTexts();
    expect(names.length, `${screen} has tabs`).toBeGreaterThan(0);
    const seen: Record<string, number> = {};
    for (const name of names) {
      await this.page.getByRole('tab', { name, exact: true }).click();
      const panel = this.page.getByRole('tabpanel');
      await expect(panel.getAttribute('aria-labelledby')).resolves.toBeTruthy();
      if (NOT_LISTS.has(name)) {
        await expect
          .poll(async () => (await panel.innerText()).trim().length, { timeout: WAIT.timeout })
          .toBeGreaterThan(0);
        seen[name] = 0;
        await this.expectNoFailure();
        continue;
      }
      const view = await settled(this.tabTable());
      expect(view.empty !== null || view.rows.length > 0, `${screen} tab ${name}`).toBe(true);
      if (view.rows.length)
        expect(view.rows[0]?.join('').trim(), `${screen} tab ${name}`).not.toBe('');
      seen[name] = view.rows.length;
      await this.expectNoFailure();
    }
    return seen;
  }

  /** The DataTable of the active tab. */
  tabTable(): Locator {
    return this.page
      .getByRole('tabpanel')
      .locator('[data-testid^="table-"]:not([data-testid="table-total"])')
      .first();
  }

  firstRowLink(table: string): Locator {
    return this.page
      .getByTestId(`table-${table}`)
      .locator('tbody tr')
      .first()
      .getByRole('link')
      .first();
  }
}

/** Types a filter into a column's input the way a person does. */
export async function filter(table: Locator, label: string, text: string): Promise<Locator> {
  const input = table.getByLabel(`Filter ${label}`, { exact: true });
  await input.fill(text);
  await input.press('Enter');
  return input;
}

/** Today's date in the browser's (the machine's) time zone, as the lists print dates. */
export function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
