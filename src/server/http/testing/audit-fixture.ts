// The audit coverage test's fixture (audit-coverage.test.ts, its examples in audit-examples.ts):
// the simulator and a database filled by a real fetch, the app with a job engine whose jobs never
// run, sessions of two operators, and helpers to send requests and read audit rows. The bindings
// are live: the test reads them after useAuditFixture's start.
import { afterAll, beforeAll } from 'vitest';
import { createJobEngine, type JobEngine } from '../../jobs/engine';
import { silentJobLogger } from '../../jobs/job-logger';
import { JOB_TYPES } from '../../jobs/queues';
import { FAST_TIMING, GatedJobs, RecordingLive } from '../../jobs/testing/test-jobs';
import { fetchAllJob } from '../../sync/fetch-job';
import { runJob } from '../../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../../sync/testing/sync-harness';
import type { AppInstance } from '../app';
import { startTestApp } from './test-app';
import { upgradeCandidates } from '../../services/upgrades/testing/upgrade-candidates';
import { sessionHeaders } from '../test-session';

export const OPERATOR = 'operator@pushboard.demo';
export const OTHER = 'admin@pushboard.demo';

export interface Expected {
  actor: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
}

export interface Example {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  /** Who sends it (default: the operator). */
  as?: 'operator' | 'other';
  expect: Expected;
}

export let h: SyncHarness;
export let app: AppInstance;
export let engine: JobEngine;
export let headers: Record<'operator' | 'other', Record<string, string>>;
export const gated = new GatedJobs();
let transids = 0;
/** A number no earlier request of the test used (unique names and transids). */
export const nextSerial = () => ++transids;

export const rows = async <T>(sql: string, params: unknown[] = []) =>
  (await h.testDb.db.query<T>(sql, params)).rows;
export const one = async <T>(sql: string, params: unknown[] = []) => {
  const [row] = await rows<T>(sql, params);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
};
export const lastAuditId = async () =>
  (await one<{ id: number }>(`SELECT coalesce(max(id), 0)::int AS id FROM audit_log`)).id;

export const send = (
  method: Example['method'],
  url: string,
  body?: unknown,
  as = headers.operator,
) =>
  app.inject({
    method,
    url,
    headers: as,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });

/** Orgs the plan accepts for an upgrade to their package's latest version (not used yet). */
export const candidates = (limit: number) => upgradeCandidates(h.testDb.db, { limit });

export const scheduleBody = (versions: string[]) => ({
  versions,
  scheduled_date: new Date(h.sim.control.now().getTime() + 60_000).toISOString(),
  description: 'Audit coverage',
  transid: `audit-${Date.now()}-${++transids}`,
});

/** Schedules one org's upgrade through the route; answers the upgrade and its request. */
export async function scheduleOrg(): Promise<{ upgradeId: number; itemId: number }> {
  const [candidate] = await candidates(1);
  if (!candidate) throw new Error('no upgradeable org left in the test dataset');
  const response = await send('POST', `/api/orgs/${candidate.org_id}/upgrade`, {
    ...scheduleBody([candidate.target]),
  });
  if (response.statusCode !== 200) throw new Error(`schedule: ${response.body}`);
  const upgradeId = response.json<{ id: number }>().id;
  const item = await one<{ id: number }>(
    `SELECT id::int AS id FROM upgrade_item WHERE upgrade_id = $1 ORDER BY id LIMIT 1`,
    [upgradeId],
  );
  return { upgradeId, itemId: item.id };
}

export const knownOrgs = (limit: number) =>
  rows<{ org_id: string }>(
    `SELECT trim(org_id) AS org_id FROM org
      WHERE NOT EXISTS (SELECT 1 FROM org_group_member m WHERE m.org_id = org.org_id)
      ORDER BY org_id DESC LIMIT $1`,
    [limit],
  ).then((found) => found.map((r) => r.org_id));

export const connectedOrg = (type: 'Package' | 'Licenses') =>
  one<{ org_id: string }>(
    `SELECT trim(org_id) AS org_id FROM connected_org WHERE type = $1 ORDER BY org_id LIMIT 1`,
    [type],
  ).then((r) => r.org_id);

export const expected = (
  action: string,
  targetType: string | null,
  targetId: string | number | null,
  actor = OPERATOR,
): Expected => ({
  actor,
  action,
  target_type: targetType,
  target_id: targetId === null ? null : String(targetId),
});

/**
 * One example per change route, in the order they run (later ones may use what earlier ones
 * made; the destructive connected-org changes come last). Each builds its request just before
 * it is sent; what it prepares may write audit rows of its own, which are not counted.
 */
/** Registers the fixture's start and stop around the test file that calls it. */
export function useAuditFixture(): void {
  beforeAll(async () => {
    h = await startSyncHarness({ dataset: 'test' });
    await runJob(fetchAllJob(h.deps));
    // Jobs are queued and audited but never run here (no worker): the test is about the records.
    engine = await createJobEngine({
      db: h.testDb.db,
      live: new RecordingLive(),
      log: silentJobLogger,
      role: 'web',
      timing: FAST_TIMING,
      definitions: JOB_TYPES.map((type) => gated.definition(type, ['Working'], type)),
    });
    ({ app } = await startTestApp({
      testDb: h.testDb,
      deps: { jobs: engine, prebuilt: { gateway: h.gateway, secrets: h.secrets } },
    }));
    headers = {
      operator: await sessionHeaders(h.testDb.db, { username: OPERATOR }),
      other: await sessionHeaders(h.testDb.db, { username: OTHER }),
    };
  }, 120_000);

  afterAll(async () => {
    gated.openAll();
    await app?.close();
    await engine?.stop();
    await h?.close();
  });
}
