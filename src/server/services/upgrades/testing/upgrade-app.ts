// Test fixture of the upgrade management tests: the simulator, a database filled by a real
// fetch, the app over both (routes through inject, Salesforce through jsforce over HTTP), sessions
// of an operator, a second operator and a read-only viewer, and helpers to find upgradeable orgs,
// schedule through the real route and read rows back.
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { vi, type MockInstance } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../../config';
import { buildApp, type AppInstance } from '../../../http/app';
import { sessionHeaders } from '../../../http/test-session';
import { fetchAllJob } from '../../../sync/fetch-job';
import { runJob } from '../../../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../../../sync/testing/sync-harness';
import { upgradeCandidates, type UpgradeCandidate } from './upgrade-candidates';

export interface UpgradeApp {
  h: SyncHarness;
  app: AppInstance;
  publish: MockInstance<AppInstance['live']['publish']>;
  operator: Record<string, string>;
  other: Record<string, string>;
  viewer: Record<string, string>;
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>;
  post(url: string, body?: unknown, as?: Record<string, string>): Promise<InjectResponse>;
  get(url: string, as?: Record<string, string>): Promise<InjectResponse>;
  /** Orgs of one package the plan accepts (not yet in any upgrade or group). */
  candidates(limit: number, packageId?: string): Promise<Candidate[]>;
  makeGroup(name: string, orgIds: string[], type?: string): Promise<number>;
  /** `SELECT count(*) FROM <sql>`, e.g. count('upgrade WHERE id = $1', [id]). */
  count(sql: string, params?: unknown[]): Promise<number>;
  /**
   * A group of `size` eligible orgs of one package plus a blacklisted one (the first) and an org
   * Pushboard does not know: its members, their target version and the orgs planned.
   */
  mixedGroup(size: number): Promise<{ target: string; members: string[]; planned: string[] }>;
  /** Schedules through POST /api/orggroups/:id/upgrade (`more`: e.g. a rollout); answers the id. */
  scheduleGroup(
    orgIds: string[],
    versions: string[],
    description?: string,
    more?: Record<string, unknown>,
  ): Promise<number>;
  /** Sets a push request's status in the simulator's Salesforce (as activation would). */
  setRequestStatus(itemId: number, status: 'Pending' | 'Canceled'): Promise<void>;
  /** The push request's status in Salesforce. */
  requestStatus(itemId: number): Promise<string>;
  close(): Promise<void>;
}

export type Candidate = UpgradeCandidate;

let transids = 0;

export async function startUpgradeApp(): Promise<UpgradeApp> {
  const h = await startSyncHarness({ dataset: 'test' });
  await runJob(fetchAllJob(h.deps));
  const deps = { config: loadConfig({}), db: h.testDb.db, secretKey: 'k'.repeat(64) };
  const app = await buildApp({ ...deps, prebuilt: { gateway: h.gateway } }, { logger: false });
  await app.ready();
  const publish = vi.spyOn(app.live, 'publish');
  const db = h.testDb.db;
  const operator = await sessionHeaders(db, { username: 'operator@pushboard.demo' });
  const other = await sessionHeaders(db, { username: 'admin@pushboard.demo' });
  const viewer = await sessionHeaders(db, { username: 'viewer@pushboard.demo', readOnly: true });
  const rows = async <T>(sql: string, params: unknown[] = []) =>
    (await db.query<T>(sql, params)).rows;
  const post = (url: string, body: unknown = {}, as = operator) =>
    app.inject({ method: 'POST', url, headers: as, payload: body as Record<string, unknown> });
  const get = (url: string, as = operator) => app.inject({ method: 'GET', url, headers: as });

  const candidates = (limit: number, packageId?: string) =>
    upgradeCandidates(db, { limit, packageId });

  const makeGroup = async (name: string, orgIds: string[], type = 'Upgrade Group') => {
    const [group] = await rows<{ id: number }>(
      `INSERT INTO org_group (name, type) VALUES ($1, $2) RETURNING id::int AS id`,
      [name, type],
    );
    await db.query(
      `INSERT INTO org_group_member (org_group_id, org_id) SELECT $1, unnest($2::text[])`,
      [group!.id, orgIds],
    );
    return group!.id;
  };

  const scheduleGroup = async (
    orgIds: string[],
    versions: string[],
    description = 'Test',
    more: Record<string, unknown> = {},
  ) => {
    const groupId = await makeGroup(`${description} ${++transids}`, orgIds);
    const response = await post(`/api/orggroups/${groupId}/upgrade`, {
      versions,
      scheduled_date: new Date(h.sim.control.now().getTime() + 60_000).toISOString(),
      description,
      transid: `t-${Date.now()}-${++transids}`,
      ...more,
    });
    if (response.statusCode !== 200) throw new Error(`schedule: ${response.body}`);
    return response.json<{ id: number }>().id;
  };

  const count = async (sql: string, params: unknown[] = []) =>
    (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n;

  const mixedGroup = async (size: number) => {
    const pool = await candidates(100);
    const packageId = pool[0]!.package_id;
    const eligible = pool.filter((c) => c.package_id === packageId).slice(0, size);
    const [blacklisted, ...rest] = eligible;
    await makeGroup(`Denied ${Date.now()}`, [blacklisted!.org_id], 'Blacklist Group');
    const unknown = '00D000000000555AAA';
    return {
      target: eligible[0]!.target,
      members: [...eligible.map((c) => c.org_id), unknown],
      planned: rest.map((c) => c.org_id),
    };
  };

  const requestOf = async (itemId: number) => {
    const [item] = await rows<{ push_request_id: string; package_org_id: string }>(
      `SELECT push_request_id, package_org_id FROM upgrade_item WHERE id = $1`,
      [itemId],
    );
    return item!;
  };

  return {
    h,
    app,
    publish,
    operator,
    other,
    viewer,
    rows,
    post,
    get,
    candidates,
    makeGroup,
    count,
    mixedGroup,
    scheduleGroup,
    async setRequestStatus(itemId, status) {
      const item = await requestOf(itemId);
      const conn = await h.gateway.connect(item.package_org_id.trim());
      const [result] = await conn.update('PackagePushRequest', [
        { Id: item.push_request_id.trim(), Status: status },
      ]);
      if (!result?.success) throw new Error(JSON.stringify(result));
    },
    async requestStatus(itemId) {
      const item = await requestOf(itemId);
      const conn = await h.gateway.connect(item.package_org_id.trim());
      const [request] = await conn.queryAll(
        `SELECT Id, Status FROM PackagePushRequest WHERE Id = '${item.push_request_id.trim()}'`,
        z.object({ Id: z.string(), Status: z.string() }),
      );
      return request?.Status ?? 'missing';
    },
    async close() {
      await app.close();
      await h.close();
    },
  };
}
