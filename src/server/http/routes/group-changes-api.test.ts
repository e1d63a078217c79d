// Group management, the blacklist toggle and the org import over real HTTP, on a database filled
// by a real fetch from the simulator: every change and its refusals (read-only 403 before the
// body is read, bad ids 400 naming the field, a group name required, moving into the same
// group), the audit rows, the live events after the commit, deleting a group that an upgrade used,
// and an import that looks unknown ids up in the simulator's LMA and packaging orgs as a job.
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  toId18,
  type BlacklistResult,
  type ImportOrgsResult,
  type MemberChangeResult,
  type OrgDetail,
  type OrgGroup,
  type OrgGroupRef,
} from '../../../domain';
import { createJobEngine, type JobEngine } from '../../jobs/engine';
import { silentJobLogger } from '../../jobs/job-logger';
import { FAST_TIMING } from '../../jobs/testing/test-jobs';
import { fetchAllJob } from '../../sync/fetch-job';
import { importOrgsJob } from '../../sync/import-orgs';
import { runJob } from '../../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../../sync/testing/sync-harness';
import type { AppInstance } from '../app';
import { startTestApp } from '../testing/test-app';
import { sessionHeaders } from '../test-session';

let h: SyncHarness;
let app: AppInstance;
let engine: JobEngine;
let operator: Record<string, string>;
let viewer: Record<string, string>;
let publish: MockInstance<AppInstance['live']['publish']>;
let orgIds: string[];

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
  viewer = await sessionHeaders(h.testDb.db, { username: 'viewer@pushboard.demo', readOnly: true });
  orgIds = (
    await h.testDb.db.query<{ org_id: string }>(`SELECT org_id FROM org ORDER BY org_id LIMIT 12`)
  ).rows.map((r) => r.org_id.trim());
}, 120_000);

afterAll(async () => {
  await app?.close();
  await engine?.stop();
  await h?.close();
});

const db = () => h.testDb.db;
const send = (method: 'PUT' | 'POST', url: string, body: unknown, headers = operator) =>
  app.inject({ method, url, headers, payload: body as Record<string, unknown> });
const get = <T>(url: string, query: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: operator, query }).then((r) => r.json<T>());
const membersOf = async (groupId: number) =>
  (
    await db().query<{ org_id: string }>(
      `SELECT org_id FROM org_group_member WHERE org_group_id = $1 ORDER BY org_id`,
      [groupId],
    )
  ).rows.map((r) => r.org_id.trim());
const audits = async (action: string) =>
  (
    await db().query<{ actor: string; outcome: string; target_id: string | null }>(
      `SELECT actor, outcome, target_id FROM audit_log WHERE action = $1 ORDER BY id`,
      [action],
    )
  ).rows;
const published = (event: string) =>
  publish.mock.calls.filter(([name]) => name === event).map(([, payload]) => payload);

async function newGroup(name: string, members: string[] = [], type?: string): Promise<number> {
  const reply = await send('PUT', '/api/orggroups', { name, orgIds: members, type });
  expect(reply.statusCode).toBe(200);
  return reply.json<OrgGroupRef>().id;
}

describe('saving groups', () => {
  it('creates a group with the pasted org ids as members, Upgrade Group by default', async () => {
    publish.mockClear();
    const reply = await send('PUT', '/api/orggroups', {
      name: '  EMEA pilot ',
      description: 'first wave',
      // 15-character forms are stored in their 18-character form.
      orgIds: [orgIds[0]!.slice(0, 15), orgIds[1]],
    });
    expect(reply.statusCode).toBe(200);
    const { id, name } = reply.json<OrgGroupRef>();
    expect(name).toBe('EMEA pilot');
    const group = await get<OrgGroup>(`/api/orggroups/${id}`);
    expect(group).toMatchObject({
      type: 'Upgrade Group',
      description: 'first wave',
      created_by: 'operator@pushboard.demo',
      member_count: 2,
    });
    expect(await membersOf(id)).toEqual([orgIds[0], orgIds[1]].sort());
    expect(published('groups')).toContainEqual({ ids: [id] });
    expect(published('group-members')).toContainEqual({ ids: [id] });
    expect(await audits('orggroup.create')).toContainEqual(
      expect.objectContaining({ outcome: 'success', target_id: String(id) }),
    );
  });

  it('edits a group, keeping its members; an unknown id is a 404', async () => {
    const id = await newGroup('To edit', [orgIds[2]!]);
    const reply = await send('PUT', '/api/orggroups', {
      id,
      name: 'Edited',
      type: 'Whitelist Group',
      description: '',
    });
    expect(reply.statusCode).toBe(200);
    expect(await get<OrgGroup>(`/api/orggroups/${id}`)).toMatchObject({
      name: 'Edited',
      type: 'Whitelist Group',
      description: null,
      member_count: 1,
    });
    const missing = await send('PUT', '/api/orggroups', { id: 99_999_999, name: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('requires a name and a known type, and refuses bad org ids naming the field', async () => {
    const before = await get<OrgGroup[]>('/api/orggroups');
    const noName = await send('PUT', '/api/orggroups', { name: '   ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ field: 'name', message: 'name: Name is required' });
    const badType = await send('PUT', '/api/orggroups', { name: 'x', type: 'Inactive' });
    expect(badType.json()).toMatchObject({ field: 'type' });
    const badOrg = await send('PUT', '/api/orggroups', {
      name: 'x',
      orgIds: [orgIds[0], '001000000000001'],
    });
    expect(badOrg.statusCode).toBe(400);
    expect(badOrg.json()).toMatchObject({ field: 'orgIds.1' });
    // Nothing was written by the refused saves.
    expect(await get<OrgGroup[]>('/api/orggroups')).toHaveLength(before.length);
  });
});

describe('members', () => {
  it('copies orgs into another group, and into a new group with id -1', async () => {
    const source = await newGroup('Copy source', orgIds.slice(0, 3));
    const target = await newGroup('Copy target', [orgIds[0]!]);
    const reply = await send('POST', `/api/orggroups/${target}/members`, {
      orgIds: orgIds.slice(0, 3),
    });
    expect(reply.json<MemberChangeResult>()).toEqual({ id: target, name: 'Copy target', count: 3 });
    expect(await membersOf(target)).toEqual(orgIds.slice(0, 3));
    expect(await membersOf(source)).toEqual(orgIds.slice(0, 3));

    const created = await send('POST', '/api/orggroups/-1/members', {
      orgIds: [orgIds[4]],
      name: 'Made in the picker',
    });
    const made = created.json<MemberChangeResult>();
    expect(made).toMatchObject({ name: 'Made in the picker', count: 1 });
    expect(made.id).toBeGreaterThan(0);
    expect(await membersOf(made.id)).toEqual([orgIds[4]]);
    expect(await get<OrgGroup>(`/api/orggroups/${made.id}`)).toMatchObject({
      type: 'Upgrade Group',
    });

    const unnamed = await send('POST', '/api/orggroups/-1/members', { orgIds: [orgIds[4]] });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ field: 'name', message: 'Name is required' });
  });

  it('moves orgs in one change, and refuses a move into the group they leave', async () => {
    const from = await newGroup('Move from', orgIds.slice(0, 4));
    const to = await newGroup('Move to');
    publish.mockClear();
    const reply = await send('POST', `/api/orggroups/${to}/members`, {
      orgIds: orgIds.slice(0, 2),
      moveFrom: from,
    });
    expect(reply.json<MemberChangeResult>()).toEqual({ id: to, name: 'Move to', count: 2 });
    expect(await membersOf(to)).toEqual(orgIds.slice(0, 2));
    expect(await membersOf(from)).toEqual(orgIds.slice(2, 4));
    const memberEvents = published('group-members') as { ids?: number[] }[];
    expect(memberEvents.some((e) => e.ids?.includes(from) && e.ids.includes(to))).toBe(true);
    expect(await audits('orggroup.members.move')).toHaveLength(1);

    const same = await send('POST', `/api/orggroups/${from}/members`, {
      orgIds: orgIds.slice(2, 3),
      moveFrom: from,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ field: 'moveFrom' });
    // A move from a group that does not exist changes nothing.
    const gone = await send('POST', `/api/orggroups/${to}/members`, {
      orgIds: orgIds.slice(2, 3),
      moveFrom: 99_999_999,
    });
    expect(gone.statusCode).toBe(404);
    expect(await membersOf(to)).toEqual(orgIds.slice(0, 2));
  });

  it('removes members, and takes one org out of chosen groups', async () => {
    const a = await newGroup('Remove A', orgIds.slice(0, 3));
    const b = await newGroup('Remove B', orgIds.slice(0, 2));
    const reply = await send('POST', `/api/orggroups/${a}/members/remove`, {
      orgIds: [orgIds[2]],
    });
    expect(reply.json<MemberChangeResult>()).toMatchObject({ id: a, count: 1 });
    expect(await membersOf(a)).toEqual(orgIds.slice(0, 2));

    const out = await send('POST', `/api/orggroups/members/${orgIds[0]}/remove`, {
      orgGroupIds: [a, b],
    });
    expect(out.json()).toEqual({ removed: 2 });
    expect(await membersOf(a)).toEqual([orgIds[1]]);
    expect(await membersOf(b)).toEqual([orgIds[1]]);
    const groupsOfOrg = await get<OrgGroup[]>(`/api/orggroups/members/${orgIds[0]}`);
    expect(groupsOfOrg.map((g) => g.id)).not.toContain(a);
  });

  it('answers 400 naming the field for bad ids, 404 for unknown groups', async () => {
    const a = await newGroup('Bad ids');
    const cases: [string, string, unknown, string][] = [
      ['POST', `/api/orggroups/${a}/members`, { orgIds: ['nope'] }, 'orgIds.0'],
      ['POST', `/api/orggroups/${a}/members`, { orgIds: [] }, 'orgIds'],
      ['POST', '/api/orggroups/abc/members', { orgIds: [orgIds[0]] }, 'id'],
      ['POST', '/api/orggroups/0/members', { orgIds: [orgIds[0]] }, 'id'],
      ['POST', `/api/orggroups/${a}/members/remove`, { orgIds: ['00Dxyz'] }, 'orgIds.0'],
      ['POST', '/api/orggroups/members/001000000000001/remove', { orgGroupIds: [a] }, 'orgId'],
      [
        'POST',
        `/api/orggroups/members/${orgIds[0]}/remove`,
        { orgGroupIds: ['x'] },
        'orgGroupIds.0',
      ],
      ['POST', '/api/orggroups/delete', { orggroupIds: [] }, 'orggroupIds'],
    ];
    for (const [method, url, body, field] of cases) {
      const reply = await send(method as 'POST', url, body);
      expect(reply.statusCode, url).toBe(400);
      expect(reply.json(), url).toMatchObject({ field });
    }
    const unknown = await send('POST', '/api/orggroups/99999999/members', { orgIds: [orgIds[0]] });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('deleting groups', () => {
  it('deletes one or several groups; an upgrade that used one keeps its history', async () => {
    const used = await newGroup('Used by an upgrade', orgIds.slice(0, 2));
    const other = await newGroup('Also deleted');
    const upgrade = (
      await db().query<{ id: number }>(
        `INSERT INTO upgrade (description, start_time, created_by, org_group_id)
         VALUES ('Spring wave', now(), 'someone', $1) RETURNING id::int AS id`,
        [used],
      )
    ).rows[0]!.id;
    publish.mockClear();
    const reply = await send('POST', '/api/orggroups/delete', { orggroupIds: [used, other] });
    expect(reply.json()).toEqual({ deleted: [used, other].sort((x, y) => x - y) });
    const row = await db().query<{ description: string; org_group_id: number | null }>(
      `SELECT description, org_group_id FROM upgrade WHERE id = $1`,
      [upgrade],
    );
    expect(row.rows).toEqual([{ description: 'Spring wave', org_group_id: null }]);
    expect(await membersOf(used)).toEqual([]);
    expect(
      (await app.inject({ url: `/api/orggroups/${used}`, headers: operator })).statusCode,
    ).toBe(404);
    const groupEvents = published('groups') as { ids?: number[] }[];
    expect(groupEvents.some((e) => e.ids?.includes(used) && e.ids.includes(other))).toBe(true);
    expect(await audits('orggroup.delete')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target_id: String(used) }),
        expect.objectContaining({ target_id: String(other) }),
      ]),
    );
  });

  it('deletes nothing when one of the groups does not exist', async () => {
    const kept = await newGroup('Kept');
    const reply = await send('POST', '/api/orggroups/delete', { orggroupIds: [kept, 99999999] });
    expect(reply.statusCode).toBe(404);
    expect((await get<OrgGroup>(`/api/orggroups/${kept}`)).name).toBe('Kept');
  });
});

describe('read-only users', () => {
  it('are refused every change with 403, audited, before the body is read', async () => {
    const group = await newGroup('Read-only target', [orgIds[0]!]);
    const cases: [string, string, unknown][] = [
      ['PUT', '/api/orggroups', { name: 'Nope' }],
      ['PUT', '/api/orggroups', {}],
      ['POST', '/api/orggroups/delete', { orggroupIds: [group] }],
      ['POST', `/api/orggroups/${group}/members`, { orgIds: [orgIds[1]] }],
      ['POST', `/api/orggroups/${group}/members`, { orgIds: 'garbage' }],
      ['POST', `/api/orggroups/${group}/members/remove`, { orgIds: [orgIds[0]] }],
      ['POST', `/api/orggroups/members/${orgIds[0]}/remove`, { orgGroupIds: [group] }],
      ['PUT', '/api/orgs', { orgIds: [orgIds[0]], transid: 't-ro' }],
      ['PUT', `/api/orgs/${orgIds[0]}/blacklist`, { blacklisted: true }],
    ];
    for (const [method, url, body] of cases) {
      const reply = await send(method as 'POST', url, body, viewer);
      expect(reply.statusCode, `${method} ${url}`).toBe(403);
      expect(reply.json<{ message: string }>().message).toBe(
        'You are only allowed to view information, not modify it.',
      );
    }
    expect(await membersOf(group)).toEqual([orgIds[0]]);
    const denied = await db().query<{ count: number }>(
      `SELECT count(*)::int AS count FROM audit_log
        WHERE actor = 'viewer@pushboard.demo' AND outcome = 'denied'`,
    );
    expect(denied.rows[0]!.count).toBe(cases.length);
  });
});

describe('the blacklist toggle', () => {
  it('adds the org to a Blacklist Group (created when none exists) and takes it out again', async () => {
    const orgId = orgIds[5]!;
    publish.mockClear();
    const on = await send('PUT', `/api/orgs/${orgId}/blacklist`, { blacklisted: true });
    expect(on.statusCode).toBe(200);
    const result = on.json<BlacklistResult>();
    expect(result).toMatchObject({ blacklisted: true, group: { name: 'Blacklist' } });
    expect(await get<OrgGroup>(`/api/orggroups/${result.group!.id}`)).toMatchObject({
      type: 'Blacklist Group',
    });
    // Everywhere at once: the org detail, the Orgs list's Blacklisted scope, the live event.
    expect(await get<OrgDetail>(`/api/orgs/${orgId}`)).toMatchObject({ blacklisted: true });
    const listed = await get<{ rows: { org_id: string }[] }>('/api/orgs', {
      blacklisted: 'true',
      pageSize: '100',
    });
    expect(listed.rows.map((r) => r.org_id)).toContain(orgId);
    expect(published('orgs')).toContainEqual({ ids: [orgId] });

    // A second org joins the same group rather than a new one.
    const again = await send('PUT', `/api/orgs/${orgIds[6]}/blacklist`, { blacklisted: true });
    expect(again.json<BlacklistResult>().group?.id).toBe(result.group!.id);

    const off = await send('PUT', `/api/orgs/${orgId}/blacklist`, { blacklisted: false });
    expect(off.json<BlacklistResult>()).toEqual({ blacklisted: false, group: null });
    expect(await get<OrgDetail>(`/api/orgs/${orgId}`)).toMatchObject({ blacklisted: false });
    const successes = (await audits('org.blacklist')).filter((a) => a.outcome === 'success');
    expect(successes).toHaveLength(3);
  });

  it('says so when DENIED_ORGS keeps an org blacklisted, rather than pretending', async () => {
    const orgId = orgIds[7]!;
    const { app: denied } = await startTestApp({
      testDb: h.testDb,
      env: { DENIED_ORGS: JSON.stringify([orgId]) },
    });
    try {
      const put = (blacklisted: boolean) =>
        denied.inject({
          method: 'PUT',
          url: `/api/orgs/${orgId}/blacklist`,
          headers: operator,
          payload: { blacklisted },
        });
      const refused = await put(false);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(
        "This org stays blacklisted: it is listed in DENIED_ORGS in the server's configuration.",
      );
      // In a group too: the group membership is lifted, the configuration is named.
      expect((await put(true)).statusCode).toBe(200);
      const lifted = await put(false);
      expect(lifted.statusCode).toBe(200);
      const result = lifted.json<BlacklistResult>();
      expect(result.blacklisted).toBe(true);
      expect(result.message).toContain('DENIED_ORGS');
    } finally {
      await denied.close();
    }
  });

  it('answers 404 for an org Pushboard does not know and 400 for a bad body', async () => {
    const unknown = toId18('00D000000000ZZZ')!;
    expect(
      (await send('PUT', `/api/orgs/${unknown}/blacklist`, { blacklisted: true })).statusCode,
    ).toBe(404);
    const bad = await send('PUT', `/api/orgs/${orgIds[0]}/blacklist`, { blacklisted: 'yes' });
    expect(bad.json()).toMatchObject({ field: 'blacklisted' });
  });
});

describe('importing orgs', () => {
  it('counts known ids, and looks the unknown ones up in the LMA and the packaging orgs', async () => {
    // Two orgs the simulator has but Pushboard forgets, and one nobody has.
    const forgotten = orgIds.slice(8, 10);
    for (const table of ['org_group_member', 'org_package_version', 'license', 'org']) {
      await db().query(`DELETE FROM ${table} WHERE org_id = ANY($1::bpchar[])`, [forgotten]);
    }
    const nobody = toId18('00D00000000NOPE')!;
    const reply = await send('PUT', '/api/orgs', {
      orgIds: [orgIds[0], ...forgotten, nobody],
      transid: 'import-1',
    });
    expect(reply.statusCode).toBe(200);
    const started = reply.json<ImportOrgsResult>();
    expect(started).toMatchObject({ transid: 'import-1', known: 1, lookingUp: 3, summary: null });
    expect(started.jobId).toEqual(expect.any(String));

    const event = await vi.waitFor(
      () => {
        const done = h.live
          .named('orgs')
          .find((p) => (p as { transid?: string }).transid === 'import-1');
        expect(done).toBeDefined();
        return done as {
          ids: string[];
          imported: { added: number; known: number; notFound: string[] };
        };
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(event.imported).toEqual({ added: 2, known: 1, notFound: [nobody] });
    expect(event.ids.sort()).toEqual([...forgotten].sort());
    const back = await db().query<{ org_id: string }>(
      `SELECT org_id FROM org WHERE org_id = ANY($1::bpchar[]) ORDER BY org_id`,
      [forgotten],
    );
    expect(back.rows.map((r) => r.org_id.trim())).toEqual([...forgotten].sort());
    expect(await audits('org.import')).toContainEqual(
      expect.objectContaining({ actor: 'operator@pushboard.demo', outcome: 'success' }),
    );
  });

  it('finishes at once when every id is known', async () => {
    publish.mockClear();
    const reply = await send('PUT', '/api/orgs', {
      orgIds: orgIds.slice(0, 2),
      transid: 'import-2',
    });
    expect(reply.json<ImportOrgsResult>()).toMatchObject({
      jobId: null,
      summary: { added: 0, known: 2, notFound: [] },
    });
    expect(published('orgs')).toContainEqual(
      expect.objectContaining({
        transid: 'import-2',
        imported: { added: 0, known: 2, notFound: [] },
      }),
    );
  });

  it('refuses bad ids and a missing transid naming the field', async () => {
    const bad = await send('PUT', '/api/orgs', { orgIds: ['00D1'], transid: 't' });
    expect(bad.json()).toMatchObject({ field: 'orgIds.0' });
    const none = await send('PUT', '/api/orgs', { orgIds: [orgIds[0]] });
    expect(none.json()).toMatchObject({ field: 'transid' });
  });
});
