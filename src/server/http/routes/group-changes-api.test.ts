// Group management over real HTTP, on a database filled by a real fetch from the simulator:
// saving groups, members (add, move, remove) and deleting groups, with their refusals (bad ids 400
// naming the field, a group name required, moving into the same group), the audit rows, the live
// events after the commit, and deleting a group that an upgrade used.
import { describe, expect, it } from 'vitest';
import { type MemberChangeResult, type OrgGroup, type OrgGroupRef } from '../../../domain';

import {
  app,
  operator,
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
