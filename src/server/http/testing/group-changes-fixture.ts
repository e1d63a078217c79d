// The group management tests' fixture (group-changes-api.test.ts, group-lists-import.test.ts):
// the simulator and a database filled by a real fetch, the app with a job engine, sessions of an
// operator and a read-only viewer, some known org ids, and helpers to send changes and read
// members, audit rows and live events back. The bindings are live: a test file reads them after
// useGroupChangesFixture's start.
import { afterAll, beforeAll, expect, vi, type MockInstance } from 'vitest';
import { type OrgGroupRef } from '../../../domain';
import { createJobEngine, type JobEngine } from '../../jobs/engine';
import { silentJobLogger } from '../../jobs/job-logger';
import { FAST_TIMING } from '../../jobs/testing/test-jobs';
import { fetchAllJob } from '../../sync/fetch-job';
import { importOrgsJob } from '../../sync/import-orgs';
import { runJob } from '../../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../../sync/testing/sync-harness';
import type { AppInstance } from '../app';
import { startTestApp } from './test-app';
import { sessionHeaders } from '../test-session';

export let h: SyncHarness;
export let app: AppInstance;
export let engine: JobEngine;
export let operator: Record<string, string>;
export let viewer: Record<string, string>;
export let publish: MockInstance<AppInstance['live']['publish']>;
export let orgIds: string[];

/** Registers the fixture's start and stop around the test file that calls it. */
export function useGroupChangesFixture(): void {
  beforeAll(async () => {
    h = await startSyncHarness({ dataset: 'test' });
    await runJob(fetchAllJob(h.deps));
    engine = await createJobEngine({
      db: h.testDb.db,
      live: h.live,
      log: silentJobLogger,
      role: 'all',
      timing: FAST_TIMING,
      definitions: [importOrgsJob(h.deps)],
    });
    await engine.startWorker();
    ({ app } = await startTestApp({ testDb: h.testDb, deps: { jobs: engine } }));
    publish = vi.spyOn(app.live, 'publish');
    operator = await sessionHeaders(h.testDb.db);
    viewer = await sessionHeaders(h.testDb.db, {
      username: 'viewer@pushboard.demo',
      readOnly: true,
    });
    orgIds = (
      await h.testDb.db.query<{ org_id: string }>(`SELECT org_id FROM org ORDER BY org_id LIMIT 12`)
    ).rows.map((r) => r.org_id.trim());
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await engine?.stop();
    await h?.close();
  });
}

export const db = () => h.testDb.db;
export const send = (method: 'PUT' | 'POST', url: string, body: unknown, headers = operator) =>
  app.inject({ method, url, headers, payload: body as Record<string, unknown> });
export const get = <T>(url: string, query: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: operator, query }).then((r) => r.json<T>());
export const membersOf = async (groupId: number) =>
  (
    await db().query<{ org_id: string }>(
      `SELECT org_id FROM org_group_member WHERE org_group_id = $1 ORDER BY org_id`,
      [groupId],
    )
  ).rows.map((r) => r.org_id.trim());
export const audits = async (action: string) =>
  (
    await db().query<{ actor: string; outcome: string; target_id: string | null }>(
      `SELECT actor, outcome, target_id FROM audit_log WHERE action = $1 ORDER BY id`,
      [action],
    )
  ).rows;
export const published = (event: string) =>
  publish.mock.calls.filter(([name]) => name === event).map(([, payload]) => payload);

export async function newGroup(
  name: string,
  members: string[] = [],
  type?: string,
): Promise<number> {
  const reply = await send('PUT', '/api/orggroups', { name, orgIds: members, type });
  expect(reply.statusCode).toBe(200);
  return reply.json<OrgGroupRef>().id;
}
