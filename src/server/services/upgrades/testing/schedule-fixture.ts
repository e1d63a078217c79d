// The scheduling tests' fixture (schedule.test.ts, schedule-resume.test.ts): the simulator and a
// database filled by a real fetch, the app over both, sessions of an operator and a read-only
// viewer, and helpers to find upgradeable orgs, schedule over HTTP and compare the local jobs with
// Salesforce's. The bindings are live: a test file reads them after useScheduleFixture's start.
import { afterAll, beforeAll, expect, vi, type MockInstance } from 'vitest';
import { z } from 'zod';
import { toId18 } from '../../../../domain';
import type { AppInstance } from '../../../http/app';
import { startTestApp } from '../../../http/testing/test-app';
import { sessionHeaders } from '../../../http/test-session';
import { upgradeCandidates, type UpgradeCandidate as Candidate } from './upgrade-candidates';

export type { Candidate };
import { fetchAllJob } from '../../../sync/fetch-job';
import { runJob } from '../../../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../../../sync/testing/sync-harness';

export let h: SyncHarness;
export let app: AppInstance;
export let close: () => Promise<void>;
export let headers: Record<string, string>;
export let readOnly: Record<string, string>;
export let publish: MockInstance<AppInstance['live']['publish']>;

/** Registers the fixture's start and stop around the test file that calls it. */
export function useScheduleFixture(): void {
  beforeAll(async () => {
    h = await startSyncHarness({ dataset: 'test' });
    await runJob(fetchAllJob(h.deps));
    ({ app, close } = await startTestApp({
      testDb: h.testDb,
      deps: { prebuilt: { gateway: h.gateway } },
    }));
    publish = vi.spyOn(app.live, 'publish');
    headers = await sessionHeaders(h.testDb.db, { username: 'operator@pushboard.demo' });
    readOnly = await sessionHeaders(h.testDb.db, {
      username: 'viewer@pushboard.demo',
      readOnly: true,
    });
  }, 120_000);

  afterAll(async () => {
    await close?.();
    await h?.close();
  });
}

export const db = () => h.testDb.db;
export const ID = (id15: string) => toId18(id15) ?? id15;
export const rows = async <T>(sql: string, params: unknown[] = []) =>
  (await db().query<T>(sql, params)).rows;

let transids = 0;
export const nextTransid = () => `t-${Date.now()}-${++transids}`;
export const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

export const post = (url: string, body: unknown, as = headers) =>
  app.inject({ method: 'POST', url, headers: as, payload: body as Record<string, unknown> });

/** Orgs of one package that the plan accepts: Active/Trial, older than latest, not blacklisted. */
export const candidates = (limit: number, offset = 0, packageId?: string) =>
  upgradeCandidates(db(), { limit, offset, packageId });

const sfJobSchema = z.object({
  Id: z.string(),
  SubscriberOrganizationKey: z.string(),
  Status: z.string(),
});

export async function sfJobs(packageOrgId: string, requestId: string) {
  const conn = await h.gateway.connect(packageOrgId);
  return conn.queryAll(
    `SELECT Id, SubscriberOrganizationKey, Status FROM PackagePushJob WHERE PackagePushRequestId = '${requestId}'`,
    sfJobSchema,
  );
}

export interface ItemRow {
  id: number;
  push_request_id: string;
  package_org_id: string;
  total_job_count: number;
}
export interface JobRow {
  org_id: string;
  job_id: string | null;
  status: string;
  message: string | null;
}

export const itemsOf = (upgradeId: number) =>
  rows<ItemRow>(
    `SELECT id, push_request_id, package_org_id, total_job_count FROM upgrade_item
      WHERE upgrade_id = $1 ORDER BY id`,
    [upgradeId],
  );
export const jobsOf = (itemId: number) =>
  rows<JobRow>(
    `SELECT org_id, job_id, status, message FROM upgrade_job WHERE item_id = $1 ORDER BY org_id`,
    [itemId],
  );

/** Every local job with a job id is in Salesforce, and Salesforce has no other job for the request. */
export async function expectInLine(item: ItemRow) {
  const local = await jobsOf(item.id);
  const remote = await sfJobs(item.package_org_id, item.push_request_id);
  expect(new Set(remote.map((j) => j.SubscriberOrganizationKey)).size).toBe(remote.length);
  expect(remote.map((j) => j.Id).sort()).toEqual(
    local.flatMap((j) => (j.job_id ? [j.job_id] : [])).sort(),
  );
  expect(local).toHaveLength(item.total_job_count);
  for (const job of local) {
    if (job.status === 'Ineligible') expect(job.message).toBeTruthy();
    else expect(job.status).toBe('Created');
  }
  return { local, remote };
}

export async function makeGroup(name: string, orgIds: string[], type = 'Upgrade Group') {
  const [group] = await rows<{ id: number }>(
    `INSERT INTO org_group (name, type) VALUES ($1, $2) RETURNING id`,
    [name, type],
  );
  await db().query(
    `INSERT INTO org_group_member (org_group_id, org_id) SELECT $1, unnest($2::text[])`,
    [group!.id, orgIds],
  );
  return group!.id;
}
