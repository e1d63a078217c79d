// Failure clusters in Chromium against the simulator (docs/product.md "Failure clusters"): an
// upgrade whose push jobs all fail in the simulator shows its failed jobs grouped by error on the
// Failures tab; Retry this cluster asks, then opens a new upgrade of exactly that cluster's orgs; a
// read-only viewer sees the clusters without the change buttons; Package detail lists the
// recurring failures. Screenshots go to .scratch/ (out of git).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FailureClusters } from '../../src/domain/api/failure-clusters';
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
const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR ?? join(ROOT, '.scratch', 'e2e-clusters');
const LONG = { timeout: 90_000 };

// Demo orgs of the simulator's dataset (the upgrade story's group).
const GROUP_NAME = 'E2E Cluster Group';
const GROUP_MEMBERS = [
  '00DKa0000004CGxMAM',
  '00D0q0000004CP2EAM',
  '00D9w0000004CXDEA2',
  '00D7Q0000004CNgUAM',
  '00D8c0000004CNfEAM',
];

let app: RunningConsole;
let groupId = 0;
const browsers: Awaited<ReturnType<typeof openBrowser>>[] = [];
const pageErrors: string[] = [];
let operator: Page;

async function seedGroup(dir: string): Promise<number> {
  const db = await openDatabase({ dataDir: join(dir, 'pglite') });
  try {
    await migrate(db);
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO org_group (name, type, created_by)
       VALUES ($1, 'Upgrade Group', 'operator@pushboard.demo') RETURNING id`,
      [GROUP_NAME],
    );
    const id = rows[0]?.id ?? 0;
    for (const orgId of GROUP_MEMBERS)
      await db.query(`INSERT INTO org_group_member (org_group_id, org_id) VALUES ($1, $2)`, [
        id,
        orgId,
      ]);
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

async function simulator(method: string, path: string, body?: unknown): Promise<void> {
  const res = await fetch(`${app.simulatorUrl}/__sim${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} /__sim${path}`).toBe(true);
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(`${app.url}${path}`);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

/** The orgs of one cluster's failed jobs, through the Jobs list the cluster's Export reads. */
async function clusterOrgs(page: Page, upgradeId: number, key: string): Promise<string[]> {
  const rows = await getJson<{ rows: { org_id: string }[] }>(
    page,
    `/api/upgrades/${upgradeId}/jobs?failureKey=${key}&pageSize=100`,
  );
  return rows.rows.map((r) => r.org_id.trim()).sort();
}

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  app = await startOnDemoTemplate(
    {
      ENFORCE_ACTIVATION_POLICY: 'false',
      JOB_SCHEDULES: JSON.stringify({ upgrade_monitor_interval_seconds: 2 }),
    },
    async (dataDir) => {
      groupId = await seedGroup(dataDir);
    },
  );
  operator = await signIn('operator@pushboard.demo');
  await waitForFirstFetch(operator, app.url, ['fetch-upgrades']);
  // Every push job fails in the simulator, each with one of its PackagePushError kinds.
  await simulator('PUT', '/failure-rate', { rate: 1 });
}, 300_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await app?.stop();
});

describe('failure clusters', () => {
  let upgradeId = 0;
  let upgradeUrl = '';

  it('an upgrade whose jobs failed shows them grouped by error on the Failures tab', async () => {
    await operator.goto(`${app.url}/orggroup/${groupId}`);
    await operator.getByRole('heading', { level: 1, name: GROUP_NAME }).waitFor(WAIT);
    await operator.getByRole('button', { name: 'Upgrade Packages' }).click();
    const modal = operator.getByRole('dialog');
    await modal.getByTestId('schedule-preview').waitFor(WAIT);
    await modal.getByLabel('Description').fill('E2E cluster upgrade');
    await modal.getByRole('button', { name: 'Schedule' }).click();
    await operator.waitForURL(/\/upgrade\/\d+$/, LONG);
    upgradeUrl = operator.url();
    upgradeId = Number(upgradeUrl.split('/').pop());
    await operator.getByRole('heading', { level: 1, name: 'E2E cluster upgrade' }).waitFor(WAIT);
    const actions = operator.getByRole('group', { name: 'Upgrade actions' });
    await actions.getByRole('button', { name: 'Activate' }).click();
    await operator.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    // The start lies ahead: the simulator's clock jumps there so the jobs run now.
    await simulator('POST', '/clock/advance', { ms: 25 * 60_000 });

    await operator.getByRole('tab', { name: 'Failures' }).click();
    const clusters = operator.getByTestId('failure-cluster');
    await clusters.first().waitFor(LONG);
    const answer = await getJson<FailureClusters>(
      operator,
      `/api/upgrades/${upgradeId}/failure-clusters`,
    );
    expect(answer.failed).toBeGreaterThan(0);
    // Live events may add failures while the page reads: wait until it shows every cluster.
    await expect.poll(() => clusters.count(), LONG).toBe(answer.clusters.length);
    const first = answer.clusters[0]!;
    const row = clusters.first();
    await expect(row.innerText()).resolves.toContain(first.errors[0]!.title ?? '');
    await expect(row.innerText()).resolves.toContain(String(first.count));
    // A sample org links to its page.
    const sample = first.sample_orgs[0]!;
    await expect(row.locator(`a[href="/org/${sample.org_id}"]`).count()).resolves.toBe(1);
    await screenshot(operator, 'failures-tab');
  }, 240_000);

  it('a read-only viewer sees the clusters without Retry or Blacklist', async () => {
    const viewer = await signIn('viewer@pushboard.demo');
    await viewer.goto(upgradeUrl);
    await viewer.getByRole('tab', { name: 'Failures' }).click();
    await viewer.getByTestId('failure-cluster').first().waitFor(WAIT);
    await expect(viewer.getByRole('button', { name: 'Export' }).count()).resolves.toBeGreaterThan(
      0,
    );
    await expect(viewer.getByRole('button', { name: 'Retry this cluster' }).count()).resolves.toBe(
      0,
    );
    await expect(
      viewer.getByRole('button', { name: 'Blacklist these orgs' }).count(),
    ).resolves.toBe(0);
  }, 120_000);

  it('Retry this cluster schedules a new upgrade of exactly that cluster’s orgs', async () => {
    const { clusters } = await getJson<FailureClusters>(
      operator,
      `/api/upgrades/${upgradeId}/failure-clusters`,
    );
    const first = clusters[0]!;
    const orgs = await clusterOrgs(operator, upgradeId, first.key);
    expect(orgs).toHaveLength(first.orgs);

    await operator.goto(upgradeUrl);
    await operator.getByRole('tab', { name: 'Failures' }).click();
    const row = operator.getByTestId('failure-cluster').first();
    await row.waitFor(WAIT);
    await row.getByRole('button', { name: 'Retry this cluster' }).click();
    const confirm = operator.getByRole('dialog');
    await expect(confirm.innerText()).resolves.toContain(
      'Are you sure you want to retry this cluster?',
    );
    await screenshot(operator, 'retry-cluster-confirm');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await operator.waitForURL(
      (url) => /\/upgrade\/\d+$/.test(url.pathname) && url.href !== upgradeUrl,
      LONG,
    );
    const retryId = Number(operator.url().split('/').pop());
    await operator.getByRole('link', { name: `Upgrade ${upgradeId}`, exact: true }).waitFor(WAIT);
    const jobs = await getJson<{ org_id: string }[]>(
      operator,
      `/api/upgradejobs?upgradeId=${retryId}`,
    );
    const left = await getJson<{ rows: { org_id: string }[] }>(
      operator,
      `/api/upgrades/${retryId}/blacklist`,
    );
    // Every org of the cluster is in the new upgrade (or, if no longer eligible, left out), and
    // no other org is.
    const retried = jobs.map((j) => j.org_id.trim());
    expect([...retried, ...left.rows.map((r) => r.org_id.trim())].sort()).toEqual(orgs);
    expect(retried.length).toBeGreaterThan(0);
    await screenshot(operator, 'retry-cluster-upgrade');
  }, 180_000);

  it('Package detail lists the recurring failures', async () => {
    // The package whose jobs failed (a later tier's package never ran).
    const jobs = await getJson<{ package_id: string; status: string }[]>(
      operator,
      `/api/upgradejobs?upgradeId=${upgradeId}`,
    );
    const item = jobs.find((job) => job.status === 'Failed');
    await operator.goto(`${app.url}/package/${item!.package_id}`);
    await operator.getByRole('tab', { name: 'Recurring Failures' }).click();
    await operator.getByTestId('recurring-failure').first().waitFor(WAIT);
    await expect(
      operator.getByTestId('recurring-failure').first().locator(`a[href^="/upgrade/"]`).count(),
    ).resolves.toBe(1);
    await screenshot(operator, 'recurring-failures');
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
