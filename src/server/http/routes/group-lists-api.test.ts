// The group screens' APIs over a real fetch: groups with member counts, the picker's search, a
// group's members and their installed versions (paged, filtered, exported), a group's licenses,
// and an org's versions and groups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupVersion, ListPage, Org, OrgGroup } from '../../../domain';
import { fetchAllJob } from '../../sync/fetch-job';
import { runJob } from '../../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../../sync/testing/sync-harness';
import type { AppInstance } from '../app';
import { startTestApp } from '../testing/test-app';
import { sessionHeaders } from '../test-session';

let h: SyncHarness;
let app: AppInstance;
let close: () => Promise<void>;
let headers: Record<string, string>;
let pilot: number;
let members: string[];

beforeAll(async () => {
  h = await startSyncHarness({ dataset: 'test' });
  await runJob(fetchAllJob(h.deps));
  ({ app, close } = await startTestApp({ testDb: h.testDb }));
  headers = await sessionHeaders(h.testDb.db);
  const db = h.testDb.db;
  pilot = (
    await db.query<{ id: number }>(
      `INSERT INTO org_group (name, description) VALUES ('Pilot customers', 'first wave') RETURNING id`,
    )
  ).rows[0]!.id;
  await db.query(`INSERT INTO org_group (name, type) VALUES ('Do not touch', 'Blacklist Group')`);
  members = (
    await db.query<{ org_id: string }>(
      `SELECT DISTINCT org_id FROM org_package_version ORDER BY org_id LIMIT 7`,
    )
  ).rows.map((r) => r.org_id);
  await db.query(
    `INSERT INTO org_group_member (org_group_id, org_id) SELECT $1, unnest($2::text[])`,
    [pilot, members],
  );
});

afterAll(async () => {
  await close?.();
  await h?.close();
});

const get = (url: string, query: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers, query });

describe('org groups', () => {
  it('lists groups with member counts, by type and by text, minus one', async () => {
    const all = (await get('/api/orggroups')).json<OrgGroup[]>();
    expect(all.map((g) => [g.name, g.member_count])).toEqual([
      ['Do not touch', 0],
      ['Pilot customers', 7],
    ]);
    const blacklists = (await get('/api/orggroups', { type: 'Blacklist Group' })).json<
      OrgGroup[]
    >();
    expect(blacklists.map((g) => g.name)).toEqual(['Do not touch']);
    const byText = (await get('/api/orggroups', { text: 'WAVE' })).json<OrgGroup[]>();
    expect(byText.map((g) => g.id)).toEqual([pilot]);
    const excluded = (await get('/api/orggroups', { excludeId: String(pilot) })).json<OrgGroup[]>();
    expect(excluded.map((g) => g.id)).not.toContain(pilot);
  });

  it('answers one group, 404 for an unknown one and 400 for a bad id', async () => {
    expect((await get(`/api/orggroups/${pilot}`)).json()).toMatchObject({
      name: 'Pilot customers',
    });
    expect((await get('/api/orggroups/999999')).statusCode).toBe(404);
    expect((await get('/api/orggroups/abc')).json()).toMatchObject({ field: 'id' });
  });

  it('pages the members with their group names, filtered and exported', async () => {
    const page = (
      await get(`/api/orggroups/${pilot}/members`, { pageSize: '5', sort_field: 'org_id' })
    ).json<ListPage<Org>>();
    expect(page.total).toBe(7);
    expect(page.rows.map((o) => o.org_id)).toEqual(members.slice(0, 5));
    expect(page.rows.every((o) => o.groups === 'Pilot customers')).toBe(true);
    const one = (
      await get(`/api/orggroups/${pilot}/members`, {
        filters: JSON.stringify([{ id: 'org_id', value: `"${members[3]!}"` }]),
      })
    ).json<ListPage<Org>>();
    expect(one.rows.map((o) => o.org_id)).toEqual([members[3]]);
    const tsv = await get(`/api/orggroups/${pilot}/members/export`, {
      columns: 'org_id',
      sort_field: 'org_id',
    });
    expect(tsv.body.trimEnd().split('\n')).toEqual(['Org ID', ...members]);
    expect((await get('/api/orggroups/999999/members')).statusCode).toBe(404);
  });

  it("pages the members' installed versions", async () => {
    const expected = (
      await h.testDb.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM org_package_version WHERE org_id = ANY($1::text[])`,
        [members],
      )
    ).rows[0]!.n;
    const page = (await get(`/api/orggroups/${pilot}/versions`, { pageSize: '100' })).json<
      ListPage<GroupVersion>
    >();
    expect(page.total).toBe(expected);
    expect(new Set(page.rows.map((r) => r.row_key)).size).toBe(expected);
    expect(page.rows.every((r) => members.includes(r.org_id))).toBe(true);
  });

  it("lists the group's licenses", async () => {
    const expected = (
      await h.testDb.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM license WHERE org_id = ANY($1::text[])`,
        [members],
      )
    ).rows[0]!.n;
    const page = (await get('/api/licenses', { group_id: String(pilot) })).json<
      ListPage<unknown>
    >();
    expect(page.total).toBe(expected);
  });
});

describe('an org', () => {
  it('answers its installed versions with the latest versions, and its groups', async () => {
    const orgId = members[0]!;
    const versions = (await get(`/api/orgs/${orgId}/versions`)).json<
      { package_id: string; version_sort: string; latest_version_sort: string | null }[]
    >();
    expect(versions.length).toBeGreaterThan(0);
    expect(versions.every((v) => v.latest_version_sort !== null)).toBe(true);
    const groups = (await get(`/api/orggroups/members/${orgId}`)).json<OrgGroup[]>();
    expect(groups.map((g) => g.name)).toEqual(['Pilot customers']);
  });

  it('has no upgrade jobs yet, and a scope is required', async () => {
    expect((await get('/api/upgradejobs', { orgId: members[0]! })).json()).toEqual([]);
    const unscoped = await get('/api/upgradejobs');
    expect(unscoped.statusCode).toBe(400);
    expect(unscoped.json()).toMatchObject({ field: 'upgradeId' });
  });
});
