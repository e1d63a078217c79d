// A staged rollout in Chromium against the simulator (docs/product.md "Staged rollouts"): the
// operator plans three waves in the Schedule Upgrade modal (a canary group, half of the rest left
// to a person, the rest) with no soak, sees each wave in the preview and schedules; an admin
// activates (the activation policy) and the swimlanes show wave 1 pass; the simulator then fails
// every push, the admin starts wave 2, the gate halts it over its 2 % threshold and every tab gets
// the "Rollout Halted" notice; the operator resumes with a comment and the rollout goes on to the
// last wave. Screenshots go to .scratch/ (out of git).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Rollout } from '../../src/domain/api/rollouts';
import type { SchedulePreview } from '../../src/domain/api/upgrade-actions';
import { preselectedVersions } from '../../src/domain/eligibility';
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
const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR ?? join(ROOT, '.scratch', 'e2e-rollouts');
const LONG = { timeout: 120_000 };

// Both groups start empty: the test fills them with customers of one package that its newest
// Verified version reaches, two of them the canaries.
const GROUP_NAME = 'E2E Rollout Group';
const CANARY_NAME = 'E2E Canaries';
/** How many of the package's customers go into the group. */
const CANDIDATES = 8;
const DESCRIPTION = 'E2E staged rollout';
const RESUME_COMMENT = 'Known simulator failure, go on';

let app: RunningConsole;
let groupId = 0;
let canaryId = 0;
let upgradeUrl = '';
let upgradeId = 0;
let reachedOrgs = 0;
const browsers: Awaited<ReturnType<typeof openBrowser>>[] = [];
const pageErrors: string[] = [];
let operator: Page;
let admin: Page;

async function seedGroups(dir: string): Promise<number> {
  const db = await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    await migrate(db);
    const ids: number[] = [];
    for (const name of [GROUP_NAME, CANARY_NAME]) {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO org_group (name, type, created_by)
         VALUES ($1, 'Upgrade Group', 'operator@pushboard.demo') RETURNING id`,
        [name],
      );
      ids.push(rows[0]?.id ?? 0);
    }
    canaryId = ids[1] ?? 0;
    return ids[0] ?? 0;
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

async function simulator(method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${app.simulatorUrl}/__sim${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} /__sim${path}`).toBe(true);
}

async function rollout(page: Page): Promise<Rollout> {
  const res = await page.request.get(`${app.url}/api/upgrades/${upgradeId}/rollout`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Rollout;
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${app.url}${path}`);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

const CHANGE = { 'x-requested-with': 'pushboard' };

async function addMembers(page: Page, group: number, orgIds: readonly string[]) {
  const added = await page.request.post(`${app.url}/api/orggroups/${group}/members`, {
    headers: CHANGE,
    data: { orgIds },
  });
  expect(added.ok()).toBe(true);
}

/** The orgs of `candidates` one version reaches, by the scheduler's own preview of the group. */
async function reached(page: Page, versionId: string, candidates: string[]): Promise<string[]> {
  const res = await page.request.post(`${app.url}/api/orggroups/${groupId}/upgrade/preview`, {
    headers: CHANGE,
    data: { versions: [versionId] },
  });
  expect(res.ok()).toBe(true);
  const preview = (await res.json()) as SchedulePreview;
  const left = new Set(preview.leftOut.flatMap((l) => l.orgs.map((o) => o.org_id.slice(0, 15))));
  return candidates.filter((orgId) => !left.has(orgId.slice(0, 15)));
}

/**
 * One package's newest Verified version and customers of that package not on it, put into the
 * group (two of those it reaches into the canary group). A single package keeps each wave one
 * dependency tier, so a wave whose pushes all fail still ends (after a failed tier, later tiers
 * would wait for a person).
 */
async function planOrgs(page: Page): Promise<{ packageName: string; versionId: string }> {
  const packages = await getJson<{ sfid: string; name: string }[]>(page, '/api/packages');
  const versions = await getJson<
    {
      version_id: string;
      package_id: string;
      version_number: string;
      version_sort: string;
      status: string | null;
    }[]
  >(page, `/api/packageversions?packageIds=${packages.map((p) => p.sfid).join(',')}`);
  for (const version of preselectedVersions(versions).values()) {
    const customers = await getJson<{ rows: { org_id: string; version_id: string }[] }>(
      page,
      `/api/packages/${version.package_id}/customers?pageSize=100`,
    );
    const candidates = [
      ...new Set(
        customers.rows.filter((c) => c.version_id !== version.version_id).map((c) => c.org_id),
      ),
    ].slice(0, CANDIDATES);
    if (candidates.length < 4) continue;
    await addMembers(page, groupId, candidates);
    const orgs = await reached(page, version.version_id, candidates);
    if (orgs.length < 4) continue;
    await addMembers(page, canaryId, orgs.slice(0, 2));
    reachedOrgs = orgs.length;
    const packageName = packages.find((p) => p.sfid === version.package_id)?.name ?? '';
    return { packageName, versionId: version.version_id };
  }
  throw new Error('No package version reaches four of its customers');
}

/**
 * Waits until a lane's state badge (moved by live events only: no reload) reads `state` (its
 * text, not innerText: the badge draws it in capitals).
 */
async function laneReads(page: Page, wave: number, state: string): Promise<void> {
  await expect
    .poll(() => page.getByTestId(`wave-lane-${wave}-state`).textContent(), LONG)
    .toBe(state);
}

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

/** Picks an option of a Mantine Select (its options open in a portal, outside the dialog). */
async function choose(page: Page, box: ReturnType<Page['getByRole']>, option: string) {
  await box.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  app = await startOnDemoTemplate(
    {
      ENFORCE_ACTIVATION_POLICY: 'true',
      JOB_SCHEDULES: JSON.stringify({ upgrade_monitor_interval_seconds: 2 }),
    },
    async (dataDir) => {
      groupId = await seedGroups(dataDir);
    },
  );
  operator = await signIn('operator@pushboard.demo');
  await waitForFirstFetch(operator, app.url, ['fetch-upgrades']);
}, 300_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await app?.stop();
});

describe('a staged rollout', () => {
  it('is planned in three waves in the modal, previewed wave by wave, and scheduled', async () => {
    const { packageName, versionId } = await planOrgs(operator);
    await operator.goto(`${app.url}/orggroup/${groupId}`);
    await operator.getByRole('heading', { level: 1, name: GROUP_NAME }).waitFor(WAIT);
    await operator.getByRole('button', { name: 'Upgrade Packages' }).click();
    const modal = operator.getByRole('dialog');
    await modal.getByTestId('schedule-preview').waitFor(WAIT);
    await modal.getByLabel('Description').fill(DESCRIPTION);

    // One package's version, so each wave is one dependency tier.
    if ((await modal.getByRole('button', { name: 'Select None' }).count()) > 0) {
      await modal.getByRole('button', { name: 'Select None' }).click();
    }
    await modal.getByRole('listbox', { name: packageName, exact: true }).selectOption(versionId);

    await modal.getByText('Staged rollout', { exact: true }).click();
    await choose(operator, modal.getByRole('combobox', { name: 'Canary group' }), CANARY_NAME);
    await modal.getByRole('button', { name: 'Canary group, 10 %, 50 %, the rest' }).click();
    // Three waves: the canaries, half of the rest (left to a person), the rest.
    await modal.getByRole('button', { name: 'Remove wave 2' }).click();
    await choose(
      operator,
      modal.getByTestId('rollout-wave-2').getByRole('combobox', { name: 'Start' }),
      'When someone starts it',
    );
    await modal.getByRole('textbox', { name: /Soak/ }).fill('0');

    const waves = modal.getByTestId('preview-waves');
    await modal.getByTestId('preview-wave-3').waitFor(WAIT);
    await expect(modal.getByTestId('preview-wave-1').innerText()).resolves.toMatch(/2 orgs/i);
    await expect(waves.innerText()).resolves.toMatch(/Wave 2[\s\S]*Wave 3/);
    await screenshot(operator, 'schedule-modal-rollout');

    await modal.getByRole('button', { name: 'Schedule' }).click();
    await operator.waitForURL(/\/upgrade\/\d+$/, LONG);
    upgradeUrl = operator.url();
    upgradeId = Number(upgradeUrl.split('/').pop());
    await operator.getByRole('heading', { level: 1, name: DESCRIPTION }).waitFor(WAIT);
    await operator.getByTestId('rollout-section').waitFor(WAIT);
    for (const wave of [1, 2, 3]) await laneReads(operator, wave, 'Waiting');
    const planned = await rollout(operator);
    expect(planned.soak_minutes).toBe(0);
    // The canaries, then half of the others rounded up, then the rest.
    const half = Math.ceil((reachedOrgs - 2) / 2);
    expect(planned.waves.map((w) => [w.start_mode, w.org_count])).toEqual([
      ['gate', 2],
      ['person', half],
      ['gate', reachedOrgs - 2 - half],
    ]);
  }, 240_000);

  it('an admin activates, and the swimlanes show wave 1 pass and wave 2 wait', async () => {
    admin = await signIn('admin@pushboard.demo');
    await admin.goto(upgradeUrl);
    await admin.getByRole('heading', { level: 1, name: DESCRIPTION }).waitFor(WAIT);
    await admin
      .getByRole('group', { name: 'Upgrade actions' })
      .getByRole('button', { name: 'Activate' })
      .click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    // The start lies 15+ minutes ahead: the simulator's clock jumps there so the jobs run now.
    await simulator('POST', '/clock/advance', { ms: 25 * 60_000 });
    await laneReads(admin, 1, 'Passed');
    await laneReads(operator, 1, 'Passed');
    await laneReads(admin, 2, 'Waiting');
    await admin
      .getByTestId('wave-lane-2')
      .getByRole('button', { name: 'Start wave' })
      .waitFor(WAIT);
    await screenshot(admin, 'rollout-wave-1-passed');
  }, 240_000);

  it('wave 2 halts on its failures, and every tab hears of it', async () => {
    // The simulator now fails every push: wave 2's failures cross the 2 % threshold.
    await simulator('PUT', '/failure-rules', { rules: [{ rate: 1 }] });
    await admin.getByTestId('wave-lane-2').getByRole('button', { name: 'Start wave' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await laneReads(operator, 2, 'Halted');
    await expect(operator.getByTestId('wave-lane-2-halt').innerText()).resolves.toMatch(
      /Wave 2 failed on \d+ of \d+ orgs? \(.+ %\), over the 2 % threshold/,
    );
    // This upgrade's notice (demo mode seeds a halted rollout of its own).
    for (const page of [operator, admin]) {
      const notice = page.locator('.mantine-Notification-root', { hasText: 'Rollout Halted' });
      await notice
        .filter({ hasText: `Upgrade ${upgradeId}: Wave 2 failed` })
        .first()
        .waitFor(WAIT);
    }
    await expect(operator.getByTestId('rollout-state').textContent()).resolves.toBe('Halted');
    await laneReads(operator, 3, 'Waiting');
    await screenshot(operator, 'rollout-halted');
  }, 240_000);

  it('the operator resumes with a comment, and the rollout goes on to the last wave', async () => {
    await simulator('PUT', '/failure-rules', { rules: [] });
    await operator.getByTestId('wave-lane-2').getByRole('button', { name: 'Resume' }).click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Comment/ }).fill(RESUME_COMMENT);
    await dialog.getByRole('button', { name: 'Resume' }).click();
    await expect
      .poll(() => operator.getByTestId('wave-lane-2').innerText(), LONG)
      .toContain(RESUME_COMMENT);
    await expect(operator.getByTestId('wave-lane-2').innerText()).resolves.toMatch(
      /Resumed .* by operator@pushboard\.demo/,
    );
    await expect
      .poll(async () => (await rollout(operator)).waves[2]?.state, LONG)
      .toMatch(/Started|Passed/);
    await expect
      .poll(() => operator.getByTestId('wave-lane-3-state').textContent(), LONG)
      .toMatch(/Running|Passed/);
    await screenshot(operator, 'rollout-resumed');
    expect(pageErrors).toEqual([]);
  }, 240_000);
});
