// The list APIs over a real fetch from the simulator: paging, totals, sorting, the filter
// language compiled to SQL, scopes, exports, and the 400s that name the column and position.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareVersionSortKeys,
  toId18,
  versionSortKey,
  type ListPage,
  type Org,
} from '../../../domain';
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

beforeAll(async () => {
  h = await startSyncHarness({ dataset: 'test' });
  await runJob(fetchAllJob(h.deps));
  ({ app, close } = await startTestApp({ testDb: h.testDb }));
  headers = await sessionHeaders(h.testDb.db, { username: 'operator@pushboard.demo' });
});

afterAll(async () => {
  await close?.();
  await h?.close();
});

const get = (url: string, query: Record<string, string | number> = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });

async function page<T>(url: string, query: Record<string, string | number> = {}) {
  const response = await get(url, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListPage<T>>();
}

const filters = (value: Record<string, string>) =>
  JSON.stringify(Object.entries(value).map(([id, v]) => ({ id, value: v })));

const count = async (sql: string, params: unknown[] = []) =>
  (await h.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]!
    .n;

describe('GET /api/orgs', () => {
  it('pages every org with an exact total and no overlap between pages', async () => {
    const total = await count('org');
    expect(total).toBeGreaterThan(10);
    const first = await page<Org>('/api/orgs', { pageSize: 5, sort_field: 'org_id' });
    const second = await page<Org>('/api/orgs', { pageSize: 5, page: 2, sort_field: 'org_id' });
    expect(first.total).toBe(total);
    expect(first.total_is_estimate).toBe(false);
    expect(first.rows).toHaveLength(5);
    const ids = [...first.rows, ...second.rows].map((o) => o.org_id);
    expect(new Set(ids).size).toBe(10);
    expect(ids).toEqual([...ids].sort());
  });

  it('sorts by several columns, descending where asked', async () => {
    const { rows } = await page<Org>('/api/orgs', {
      pageSize: 100,
      sort_field: 'status,name',
      sort_dir: 'desc,asc',
    });
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(a.status >= b.status).toBe(true);
      if (a.status === b.status && a.name !== null && b.name !== null) {
        expect(a.name <= b.name).toBe(true);
      }
    }
  });

  it('filters with the language: starts-with, empty and negation', async () => {
    const name = (
      await h.testDb.db.query<{ name: string }>(
        `SELECT name FROM org WHERE name IS NOT NULL ORDER BY name LIMIT 1`,
      )
    ).rows[0]!.name;
    const prefix = name.slice(0, 3);
    const starts = await page<Org>('/api/orgs', {
      pageSize: 100,
      filters: filters({ name: `$${prefix}` }),
    });
    expect(starts.total).toBe(await count(`org WHERE lower(name) LIKE lower($1)`, [`${prefix}%`]));
    expect(starts.rows.every((o) => o.name!.toLowerCase().startsWith(prefix.toLowerCase()))).toBe(
      true,
    );
    const withoutAccount = await page<Org>('/api/orgs', {
      filters: filters({ account_name: '!?' }),
    });
    expect(withoutAccount.total).toBe(
      await count(
        `org o LEFT JOIN account a ON a.account_id = o.account_id WHERE coalesce(a.account_name, '') = ''`,
      ),
    );
    const notInstalled = await page<Org>('/api/orgs', {
      filters: filters({ status: '!"Installed"' }),
    });
    expect(notInstalled.total).toBe(await count(`org WHERE status <> 'Installed'`));
  });

  it('keeps SQL-shaped input as data', async () => {
    const hostile = await page<Org>('/api/orgs', {
      filters: filters({ name: `"x'); DROP TABLE org; --"` }),
    });
    expect(hostile.total).toBe(0);
    expect(await count('org')).toBeGreaterThan(0);
  });

  it('answers 400 naming the column for an unknown sort field', async () => {
    const response = await get('/api/orgs', { sort_field: 'password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'sort_field' });
    expect(response.json<{ message: string }>().message).toContain("'password'");
  });

  it('answers 400 naming the column and the position of a bad expression', async () => {
    const response = await get('/api/orgs', { filters: filters({ modified_date: '> #BOGUS' }) });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; field: string }>();
    expect(body.field).toBe('filters.modified_date');
    expect(body.message).toMatch(/Last Modified: .* at 2/);
  });

  it('rejects a page size the lists do not offer', async () => {
    const response = await get('/api/orgs', { pageSize: 1000 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'pageSize' });
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/orgs' });
    expect(response.statusCode).toBe(401);
  });

  it('scopes to the blacklist: Blacklist Group members only', async () => {
    const orgId = (await h.testDb.db.query<{ org_id: string }>(`SELECT org_id FROM org LIMIT 1`))
      .rows[0]!.org_id;
    const group = await h.testDb.db.query<{ id: number }>(
      `INSERT INTO org_group (name, type) VALUES ('Never upgrade', 'Blacklist Group') RETURNING id`,
    );
    await h.testDb.db.query(`INSERT INTO org_group_member (org_group_id, org_id) VALUES ($1, $2)`, [
      group.rows[0]!.id,
      orgId,
    ]);
    const blacklisted = await page<Org>('/api/orgs', { blacklisted: 'true' });
    expect(blacklisted.rows.map((o) => o.org_id)).toEqual([orgId]);
    expect(blacklisted.rows[0]!.groups).toBe('Never upgrade');
    const others = await page<Org>('/api/orgs', { blacklisted: 'false' });
    expect(others.total).toBe((await count('org')) - 1);
    const detail = await get(`/api/orgs/${orgId}`);
    expect(detail.json()).toMatchObject({
      blacklisted: true,
      blacklist_reasons: [{ kind: 'group', group_name: 'Never upgrade' }],
    });
  });

  it('exports every filtered row as TSV with the asked columns in order', async () => {
    const response = await get('/api/orgs/export', {
      columns: 'name,org_id,status',
      filters: filters({ status: '"Installed"' }),
      sort_field: 'org_id',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/tab-separated-values');
    const lines = response.body.trimEnd().split('\n');
    expect(lines[0]).toBe('Name\tOrg ID\tStatus');
    expect(lines).toHaveLength((await count(`org WHERE status = 'Installed'`)) + 1);
    expect(lines.slice(1).every((line) => line.endsWith('\tInstalled'))).toBe(true);
  });
});

describe('version filters and customers', () => {
  it('compares versions by segments on a customer list', async () => {
    const pkg = (
      await h.testDb.db.query<{ package_id: string }>(
        `SELECT package_id FROM org_package_version GROUP BY package_id ORDER BY count(*) DESC LIMIT 1`,
      )
    ).rows[0]!.package_id;
    const all = await page<{ version_number: string }>(`/api/packages/${pkg}/customers`, {
      pageSize: 100,
    });
    expect(all.total).toBe(await count(`org_package_version WHERE package_id = $1`, [pkg]));
    const versions = [...new Set(all.rows.map((r) => r.version_number))].sort((a, b) =>
      compareVersionSortKeys(versionSortKey(a), versionSortKey(b)),
    );
    const pivot = versions[Math.floor(versions.length / 2)]!;
    const newer = await page<{ version_number: string }>(`/api/packages/${pkg}/customers`, {
      pageSize: 100,
      filters: filters({ version_number: `> ${pivot}` }),
      sort_field: 'version_number',
    });
    expect(newer.rows.length).toBeGreaterThan(0);
    for (const row of newer.rows) {
      expect(
        compareVersionSortKeys(versionSortKey(row.version_number), versionSortKey(pivot)),
      ).toBe(1);
    }
  });
});

describe('GET /api/licenses', () => {
  it('pages licenses with their package, version and LMA, and a date macro filters them', async () => {
    const first = await page<{ sfid: string; package_name: string | null; lma_org_name: string }>(
      '/api/licenses',
      { pageSize: 10 },
    );
    expect(first.total).toBe(await count('license'));
    expect(first.rows[0]!.lma_org_name).toBeTruthy();
    const recent = await page('/api/licenses', {
      filters: filters({ install_date: '>= #LAST_100_YEARS' }),
    });
    expect(recent.total).toBe(await count(`license WHERE install_date IS NOT NULL`));
  });

  it('answers one license, and 404 for an unknown one', async () => {
    const { sfid } = (await h.testDb.db.query<{ sfid: string }>(`SELECT sfid FROM license LIMIT 1`))
      .rows[0]!;
    expect((await get(`/api/licenses/${sfid}`)).json()).toMatchObject({ sfid });
    const missing = await get(`/api/licenses/${toId18('a0A000000000001')}`);
    expect(missing.statusCode).toBe(404);
  });
});

describe('small lists and details', () => {
  it('lists packages with their versions, and versions by package', async () => {
    const packages = (await get('/api/packages')).json<{ sfid: string; version_count: number }[]>();
    expect(packages.length).toBe(await count('package'));
    const withVersions = packages.find((p) => p.version_count > 0)!;
    const versions = (await get('/api/packageversions', { packageIds: withVersions.sfid })).json<
      unknown[]
    >();
    expect(versions).toHaveLength(withVersions.version_count);
  });

  it('lists connected orgs without any token field', async () => {
    const response = await get('/api/packageorgs');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/token/i);
    expect(response.json<unknown[]>().length).toBe(await count('connected_org'));
  });

  it('answers 400 for a malformed org id naming the field', async () => {
    const response = await get('/api/orgs/not-an-org');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'orgId' });
  });

  it('searches orgs by id and name', async () => {
    const org = (
      await h.testDb.db.query<{ org_id: string; name: string }>(
        `SELECT org_id, name FROM org WHERE name IS NOT NULL LIMIT 1`,
      )
    ).rows[0]!;
    const byId = (await get('/api/search', { term: org.org_id })).json<{ id: string }[]>();
    expect(byId[0]).toMatchObject({ type: 'org', id: org.org_id });
    const byName = (await get('/api/search', { term: org.name })).json<{ id: string }[]>();
    expect(byName.map((r) => r.id)).toContain(org.org_id);
  });

  it("finds an org by its account's name when its own name does not match", async () => {
    const org = (
      await h.testDb.db.query<{ org_id: string; account_name: string }>(
        `UPDATE org SET name = 'Zz unrelated' WHERE org_id = (
           SELECT org_id FROM org WHERE account_name IS NOT NULL ORDER BY org_id LIMIT 1)
         RETURNING org_id, account_name`,
      )
    ).rows[0]!;
    const found = (await get('/api/search', { term: org.account_name })).json<
      { type: string; id: string; detail: string }[]
    >();
    const hit = found.find((result) => result.id === org.org_id);
    expect(hit).toMatchObject({ type: 'org' });
    expect(hit?.detail).toContain(org.account_name);
  });
});

describe('saved filters', () => {
  it('creates, lists, updates and deletes; read-only users may not', async () => {
    const created = await app.inject({
      method: 'PUT',
      url: '/api/filters',
      headers,
      payload: { key: 'OrgList', name: 'Acme', query: [{ id: 'name', value: '$acme' }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: number }>();
    const listed = (await get('/api/filters', { key: 'OrgList' })).json<unknown[]>();
    expect(listed).toEqual([
      expect.objectContaining({ id, name: 'Acme', query: [{ id: 'name', value: '$acme' }] }),
    ]);
    const duplicate = await app.inject({
      method: 'PUT',
      url: '/api/filters',
      headers,
      payload: { key: 'OrgList', name: 'ACME', query: [] },
    });
    expect(duplicate.statusCode).toBe(409);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/filters',
      headers,
      payload: { key: 'OrgList', name: 'Bad', query: [{ id: 'secret', value: 'x' }] },
    });
    expect(bad.statusCode).toBe(400);
    const viewer = await sessionHeaders(h.testDb.db, { username: 'viewer', readOnly: true });
    const denied = await app.inject({
      method: 'DELETE',
      url: `/api/filters/${id}`,
      headers: viewer,
    });
    expect(denied.statusCode).toBe(403);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/filters/${id}`, headers });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/api/filters', { key: 'OrgList' })).json()).toEqual([]);
  });
});
