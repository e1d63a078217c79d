// Scheduling over real HTTP: the routes on a database filled by a real fetch, the simulator's
// push API behind jsforce. One org, a group with blacklisted and ineligible members, double
// submits (sequential and concurrent), read-only and bad input, and Salesforce refusing.
import { describe, expect, it } from 'vitest';
import { sessionHeaders } from '../../http/test-session';
import { z } from 'zod';
import {
  h,
  readOnly,
  publish,
  db,
  ID,
  rows,
  nextTransid,
  inAnHour,
  post,
  candidates,
  itemsOf,
  expectInLine,
  makeGroup,
  useScheduleFixture,
} from './testing/schedule-fixture';

useScheduleFixture();

describe('POST /api/orgs/:orgId/upgrade', () => {
  it('schedules one org: the upgrade, one push request, its push job, the live event', async () => {
    const [org] = await candidates(1);
    const transid = nextTransid();
    publish.mockClear();
    const response = await post(`/api/orgs/${org!.org_id}/upgrade`, {
      versions: [org!.target],
      scheduled_date: inAnHour(),
      description: 'One org',
      transid,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: number; transid: string }>();
    expect(response.json()).toEqual({ id, transid });
    const [upgrade] = await rows<{ status: string; created_by: string; transid: string }>(
      `SELECT status, created_by, transid FROM upgrade WHERE id = $1`,
      [id],
    );
    expect(upgrade).toEqual({ status: 'Ready', created_by: 'operator@pushboard.demo', transid });
    const items = await itemsOf(id);
    expect(items).toHaveLength(1);
    expect(items[0]!.push_request_id).toMatch(/^0DV/);
    const { local } = await expectInLine(items[0]!);
    expect(local.map((j) => j.org_id)).toEqual([org!.org_id]);
    expect(publish).toHaveBeenCalledWith('upgrade', { ids: [id], transid });
    const audit = await rows<{ outcome: string }>(
      `SELECT outcome FROM audit_log WHERE action = 'upgrade.schedule' AND details->>'transid' = $1`,
      [transid],
    );
    expect(audit).toEqual([{ outcome: 'success' }]);
  });

  it('answers a double submit (one after the other, or at once) with the same upgrade and no second push job', async () => {
    const [org] = await candidates(1);
    const body = {
      versions: [org!.target],
      scheduled_date: inAnHour(),
      description: 'Double',
      transid: nextTransid(),
    };
    const [a, b] = await Promise.all([
      post(`/api/orgs/${org!.org_id}/upgrade`, body),
      post(`/api/orgs/${org!.org_id}/upgrade`, body),
    ]);
    const c = await post(`/api/orgs/${org!.org_id}/upgrade`, body);
    expect([a.statusCode, b.statusCode, c.statusCode], a.body + b.body).toEqual([200, 200, 200]);
    const ids = new Set([a, b, c].map((r) => r.json<{ id: number }>().id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await rows(`SELECT id FROM upgrade WHERE transid = $1`, [body.transid])).toHaveLength(1);
    const items = await itemsOf(id!);
    expect(items).toHaveLength(1);
    const { remote } = await expectInLine(items[0]!);
    expect(remote.length).toBeLessThanOrEqual(1);
  });

  it('refuses the same transid from another user or for another org', async () => {
    const [org] = await candidates(1);
    const body = {
      versions: [org!.target],
      scheduled_date: inAnHour(),
      description: 'Mine',
      transid: nextTransid(),
    };
    expect((await post(`/api/orgs/${org!.org_id}/upgrade`, body)).statusCode).toBe(200);
    const other = await sessionHeaders(db(), { username: 'admin@pushboard.demo' });
    expect((await post(`/api/orgs/${org!.org_id}/upgrade`, body, other)).statusCode).toBe(409);
    const [, otherOrg] = await candidates(2);
    const elsewhere = await post(`/api/orgs/${otherOrg!.org_id}/upgrade`, body);
    expect(elsewhere.statusCode, elsewhere.body).toBe(409);
  });

  it('refuses read-only users before reading anything (403, audited)', async () => {
    const [org] = await candidates(1);
    for (const body of [
      { versions: [org!.target], scheduled_date: inAnHour(), description: 'RO', transid: 'ro-1' },
      { description: '' },
    ]) {
      const response = await post(`/api/orgs/${org!.org_id}/upgrade`, body, readOnly);
      expect(response.statusCode, response.body).toBe(403);
    }
    const group = await post('/api/orggroups/1/upgrade', {}, readOnly);
    expect(group.statusCode).toBe(403);
    expect(await rows(`SELECT id FROM upgrade WHERE transid = 'ro-1'`)).toEqual([]);
    const denied = await rows(
      `SELECT 1 FROM audit_log WHERE action = 'upgrade.schedule' AND outcome = 'denied'
         AND actor = 'viewer@pushboard.demo'`,
    );
    expect(denied.length).toBe(3);
  });

  it('answers 400 naming the field for bad input, 404 for unknown orgs and groups', async () => {
    const [org] = await candidates(1);
    const good = {
      versions: [org!.target],
      scheduled_date: inAnHour(),
      description: 'Fine',
      transid: nextTransid(),
    };
    const cases: [string, Record<string, unknown>, number, string, RegExp?][] = [
      [org!.org_id, { ...good, description: '  ' }, 400, 'description', /Description is required/],
      [org!.org_id, { ...good, description: undefined }, 400, 'description'],
      [org!.org_id, { ...good, versions: [] }, 400, 'versions', /Select at least one version/],
      [org!.org_id, { ...good, versions: ['NONE'] }, 400, 'versions'],
      [org!.org_id, { ...good, versions: ['abc'] }, 400, 'versions'],
      [org!.org_id, { ...good, versions: ['04t000000000000AAA'] }, 400, 'versions', /Unknown/],
      [org!.org_id, { ...good, scheduled_date: 'soon' }, 400, 'scheduled_date'],
      [org!.org_id, { ...good, transid: '' }, 400, 'transid'],
      ['not-an-org', good, 400, 'orgId'],
    ];
    for (const [orgId, body, status, field, message] of cases) {
      const response = await post(`/api/orgs/${orgId}/upgrade`, body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(status);
      const error = response.json<{ field?: string; message: string }>();
      expect(error.field ?? '', response.body).toContain(field);
      if (message) expect(error.message).toMatch(message);
    }
    // A package whose packaging org Pushboard holds no connection for.
    const orphanPackage = ID('a0A0000000ORPHN');
    const orphanVersion = ID('04t0000000ORPHN');
    await db().query(`INSERT INTO package (sfid, name, package_org_id) VALUES ($1, 'Orphan', $2)`, [
      orphanPackage,
      ID('00D0000000ORPHN'),
    ]);
    await db().query(
      `INSERT INTO package_version (sfid, version_id, package_id, version_number, version_sort, status)
       VALUES ($1, $2, $3, '1.0', '0001', 'Verified')`,
      [ID('a0G0000000ORPHN'), orphanVersion, orphanPackage],
    );
    const orphan = await post(`/api/orgs/${org!.org_id}/upgrade`, {
      ...good,
      versions: [orphanVersion],
    });
    expect(orphan.statusCode, orphan.body).toBe(400);
    expect(orphan.json()).toMatchObject({ field: 'versions', message: /not connected/ });
    // The push path asks for that packaging org to be authorized (docs/product.md "Notices"),
    // naming no token.
    const preauth = publish.mock.calls.filter(([name]) => name === 'ALERT_PREAUTH_ORG');
    expect(
      preauth.map(([, payload]) => (payload as { org?: { org_id: string } }).org?.org_id),
    ).toEqual([ID('00D0000000ORPHN')]);
    await db().query(`DELETE FROM package WHERE sfid = $1`, [orphanPackage]);
    const unknownOrg = await post(`/api/orgs/${ID('00D000000000999')}/upgrade`, good);
    expect(unknownOrg.statusCode, unknownOrg.body).toBe(404);
    const unknownGroup = await post('/api/orggroups/999999/upgrade', good);
    expect(unknownGroup.statusCode).toBe(404);
    const badGroup = await post('/api/orggroups/x/upgrade', good);
    expect(badGroup.statusCode).toBe(400);
    expect(await rows(`SELECT id FROM upgrade WHERE transid = $1`, [good.transid])).toEqual([]);
  });

  it("answers 502 with Salesforce's message when Salesforce refuses the push request", async () => {
    const [org] = await candidates(1);
    // A version the LMA lists but the packaging org does not know.
    const [latest] = await rows<{ sfid: string; version_sort: string }>(
      `SELECT pv.sfid, pv.version_sort FROM package_version pv
         JOIN package_version_latest l ON l.version_id = pv.version_id WHERE l.package_id = $1`,
      [org!.package_id],
    );
    const ghost = ID('04t0000000GHOST');
    await db().query(
      `INSERT INTO package_version (sfid, version_id, package_id, version_number, version_sort, status)
       VALUES ($4, $1, $2, '99.0.0', $3, 'Verified')`,
      [ghost, org!.package_id, `${latest!.version_sort}9`, ID('a0G0000000GHOST')],
    );
    publish.mockClear();
    const transid = nextTransid();
    const response = await post(`/api/orgs/${org!.org_id}/upgrade`, {
      versions: [ghost],
      scheduled_date: inAnHour(),
      description: 'Ghost',
      transid,
    });
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json<{ message: string }>().message).toMatch(/invalid cross reference/i);
    const [upgrade] = await rows<{ status: string; message: string }>(
      `SELECT status, message FROM upgrade WHERE transid = $1`,
      [transid],
    );
    expect(upgrade?.status).toBe('Failed');
    expect(upgrade?.message).toMatch(/cross/i);
    expect(publish).toHaveBeenCalledWith('fail', {
      subject: 'Failed to Schedule',
      message: expect.stringMatching(/cross/i) as string,
      transid,
    });
    await db().query(`DELETE FROM package_version WHERE version_id = $1`, [ghost]);
  });
});

describe('POST /api/orggroups/:id/upgrade', () => {
  it('plans the members through one path: blacklisted and ineligible orgs are recorded with the reason', async () => {
    const eligible = await candidates(30, 0);
    const packageId = eligible[0]!.package_id;
    const sameP = eligible.filter((c) => c.package_id === packageId);
    const [blacklisted, ...rest] = sameP;
    const [expired] = await rows<{ org_id: string; license_status: string }>(
      `SELECT org_id, license_status FROM org_package_version
        WHERE package_id = $1 AND license_status NOT IN ('Active', 'Trial')
          AND NOT EXISTS (SELECT 1 FROM org_group_member m WHERE m.org_id = org_package_version.org_id)
        LIMIT 1`,
      [packageId],
    );
    const [current] = await rows<{ org_id: string }>(
      `SELECT v.org_id FROM org_package_version v JOIN package_version_latest l
           ON l.package_id = v.package_id AND l.limited_version_id = v.version_id
        WHERE v.package_id = $1 AND v.license_status IN ('Active', 'Trial') LIMIT 1`,
      [packageId],
    );
    const unknown = ID('00D000000000777');
    const members = [
      blacklisted!.org_id,
      ...rest.map((c) => c.org_id),
      expired!.org_id,
      current!.org_id,
      unknown,
    ];
    await makeGroup('Denied', [blacklisted!.org_id], 'Blacklist Group');
    const groupId = await makeGroup('Wave 1', members);
    const transid = nextTransid();
    const response = await post(`/api/orggroups/${groupId}/upgrade`, {
      versions: [sameP[0]!.target],
      scheduled_date: inAnHour(),
      description: 'Wave 1',
      transid,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: number }>();
    const [upgrade] = await rows<{ org_group_id: number; status: string }>(
      `SELECT org_group_id, status FROM upgrade WHERE id = $1`,
      [id],
    );
    expect(upgrade).toEqual({ org_group_id: groupId, status: 'Ready' });

    const leftOut = await rows<{ org_id: string; reason: string }>(
      `SELECT org_id, reason FROM upgrade_blacklist WHERE upgrade_id = $1 ORDER BY org_id`,
      [id],
    );
    const reasons = new Map(leftOut.map((r) => [r.org_id, r.reason]));
    expect(reasons.size).toBe(4);
    expect(reasons.get(blacklisted!.org_id)).toMatch(/^Blacklisted: Blacklist Group 'Denied'/);
    expect(reasons.get(expired!.org_id)).toMatch(
      new RegExp(`license ${expired!.license_status} cannot be upgraded`),
    );
    expect(reasons.get(current!.org_id)).toMatch(/latest limited version/);
    expect(reasons.get(unknown)).toMatch(/not installed/);

    const items = await itemsOf(id);
    expect(items).toHaveLength(1);
    expect(items[0]!.total_job_count).toBe(rest.length);
    const { local } = await expectInLine(items[0]!);
    expect(local.map((j) => j.org_id).sort()).toEqual(rest.map((c) => c.org_id).sort());
    // Salesforce's own refusals (inactive, blocked, already newer there) become Ineligible jobs.
    for (const job of local.filter((j) => j.status === 'Ineligible')) {
      expect(job.job_id).toBeNull();
      expect(job.message).toMatch(/subscriber organization/i);
    }
  });

  it('refuses with 409 and the preview when nobody can be upgraded, and writes nothing', async () => {
    // The story: schedule a group to the latest version, let it land, schedule it again.
    const picked = await candidates(3);
    const orgs = picked.filter((c) => c.package_id === picked[0]!.package_id);
    const target = orgs[0]!.target;
    const unknown = ID('00D000000000778');
    const groupId = await makeGroup('Pilot again', [...orgs.map((c) => c.org_id), unknown]);
    const schedule = (transid: string) =>
      post(`/api/orggroups/${groupId}/upgrade`, {
        versions: [target],
        scheduled_date: inAnHour(),
        description: 'Pilot again',
        transid,
      });
    expect((await schedule(nextTransid())).statusCode).toBe(200);
    // The upgrade succeeded: the fetch that follows finds every member on the target.
    await db().query(
      `UPDATE org_package_version SET version_id = $1 WHERE org_id = ANY($2::bpchar[])
          AND package_id = $3`,
      [target, orgs.map((c) => c.org_id), orgs[0]!.package_id],
    );

    const preview = await post(`/api/orggroups/${groupId}/upgrade/preview`, { versions: [target] });
    expect(preview.statusCode, preview.body).toBe(200);
    const tables = [
      'upgrade',
      'upgrade_item',
      'upgrade_item_plan',
      'upgrade_job',
      'upgrade_blacklist',
      'audit_log',
    ];
    const counts = async () =>
      Promise.all(
        tables.map(
          async (table) =>
            (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n,
        ),
      );
    const before = await counts();
    const pushRequests = async () => {
      const conn = await h.gateway.connect(orgs[0]!.package_org_id);
      return (
        await conn.queryAll('SELECT Id FROM PackagePushRequest', z.object({ Id: z.string() }))
      ).length;
    };
    const requestsBefore = await pushRequests();
    publish.mockClear();
    const transid = nextTransid();

    const refused = await schedule(transid);

    expect(refused.statusCode, refused.body).toBe(409);
    const body = refused.json<{ message: string; subject: string; preview: unknown }>();
    expect(body.subject).toBe('Conflict');
    expect(body.message).toMatch(/^Nothing to schedule: none of the selected orgs can be upgraded/);
    expect(body.message).toContain(`Already on the selected version or newer: ${orgs.length}`);
    expect(body.message).toContain('Package not installed: 1');
    expect(body.preview).toEqual(preview.json());
    expect(body.preview).toMatchObject({
      requests: [],
      leftOutOrgs: orgs.length + 1,
      leftOut: [
        {
          kind: 'already-current',
          count: orgs.length,
          orgs: expect.arrayContaining(
            orgs.map((c): unknown => expect.objectContaining({ org_id: c.org_id })),
          ) as unknown[],
        },
        { kind: 'not-installed', count: 1, orgs: [expect.objectContaining({ org_id: unknown })] },
      ],
    });
    // Nothing written: no upgrade, request, plan, job, left-out org or audit row, no push
    // request in Salesforce, no live event; the transid stays free.
    expect(await counts()).toEqual(before);
    expect(await pushRequests()).toBe(requestsBefore);
    expect(await rows(`SELECT id FROM upgrade WHERE transid = $1`, [transid])).toEqual([]);
    expect(publish).not.toHaveBeenCalled();
  });
});
