// Group changes refused to read-only users (403 before the body is read), the blacklist toggle,
// and the org import that looks unknown ids up in the simulator's LMA and packaging orgs as a
// job, over real HTTP on a database filled by a real fetch.
import { describe, expect, it, vi } from 'vitest';
import {
  toId18,
  type BlacklistResult,
  type ImportOrgsResult,
  type OrgDetail,
  type OrgGroup,
} from '../../../domain';
import { startTestApp } from '../testing/test-app';

import {
  h,
  operator,
  viewer,
  publish,
  orgIds,
  db,
  send,
  get,
  membersOf,
  audits,
  published,
  newGroup,
  useGroupChangesFixture,
} from '../testing/group-changes-fixture';

useGroupChangesFixture();

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
