// Scheduling that did not finish the first time: a resumed scheduling after a crash creates only
// the missing push jobs, an unreliable Salesforce still ends with each job once, and the org lists
// of the configuration (ALLOWED_ORGS, DENIED_ORGS) apply. Over real HTTP against the simulator.
import { describe, expect, it } from 'vitest';
import { UpgradeScheduler } from './schedule';
import {
  h,
  app,
  db,
  rows,
  nextTransid,
  inAnHour,
  post,
  candidates,
  sfJobs,
  itemsOf,
  jobsOf,
  expectInLine,
  makeGroup,
  useScheduleFixture,
  type Candidate,
  type ItemRow,
} from './testing/schedule-fixture';

useScheduleFixture();

describe('resuming after a crash', () => {
  it('adopts the push jobs Salesforce already has and creates only the missing ones', async () => {
    const picked = await candidates(12, 0);
    const packageId = picked[0]!.package_id;
    const orgs = picked.filter((c) => c.package_id === packageId);
    const [late, ...first] = orgs;
    const groupId = await makeGroup(
      'Crash',
      first.map((c) => c.org_id),
    );
    const response = await post(`/api/orggroups/${groupId}/upgrade`, {
      versions: [orgs[0]!.target],
      scheduled_date: inAnHour(),
      description: 'Crash',
      transid: nextTransid(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: number }>();
    const [item] = await itemsOf(id);
    const before = await expectInLine(item!);
    expect(before.remote.length).toBeGreaterThan(2);

    // The crash: Salesforce accepted jobs whose local rows were never written, and one planned
    // org was never sent at all.
    const lost = before.local.filter((j) => j.job_id).slice(0, 2);
    await db().query(`DELETE FROM upgrade_job WHERE item_id = $1 AND org_id = ANY($2::bpchar[])`, [
      item!.id,
      lost.map((j) => j.org_id),
    ]);
    await db().query(
      `INSERT INTO upgrade_item_plan (item_id, org_id, original_version_id)
       SELECT $1, org_id, version_id FROM org_package_version WHERE org_id = $2 AND package_id = $3`,
      [item!.id, late!.org_id, packageId],
    );
    await db().query(
      `UPDATE upgrade_item SET total_job_count = total_job_count + 1 WHERE id = $1`,
      [item!.id],
    );

    const scheduler = app.services.scheduler;
    expect(await scheduler.unfinished()).toContain(id);
    const written = await scheduler.resume(id);
    expect(written).toBe(3);
    expect(await scheduler.unfinished()).not.toContain(id);

    const [after] = await itemsOf(id);
    const { local, remote } = await expectInLine(after!);
    expect(remote.length).toBeGreaterThanOrEqual(before.remote.length);
    expect(remote.length).toBeLessThanOrEqual(before.remote.length + 1);
    for (const job of lost) {
      expect(local.find((j) => j.org_id === job.org_id)?.job_id).toBe(job.job_id);
    }
    expect(local.map((j) => j.org_id)).toContain(late!.org_id);
    // Running it again changes nothing.
    expect(await scheduler.resume(id)).toBe(0);
    expect(await sfJobs(after!.package_org_id, after!.push_request_id)).toHaveLength(remote.length);
  });
});

describe('scheduling against an unreliable Salesforce', () => {
  const namespaceOf = (orgId: string) =>
    [...h.packagingIds].find(([, id]) => id.slice(0, 15) === orgId.slice(0, 15))?.[0] ?? orgId;
  const operator = {
    username: 'operator@pushboard.demo',
    displayName: null,
    readOnly: false,
    authMethod: 'salesforce' as const,
  };

  it('converges to one push job per planned org under 5xx, dropped connections and expired tokens', async () => {
    const picked = await candidates(40, 0);
    const packageId = picked[0]!.package_id;
    const orgs = picked.filter((c) => c.package_id === packageId);
    const groupId = await makeGroup(
      'Faulty',
      orgs.map((c) => c.org_id),
    );
    const scheduler = new UpgradeScheduler({
      db: db(),
      gateway: h.gateway,
      live: h.live,
      settings: { deniedOrgs: [], expandByAccount: false, allowedOrgs: [] },
      chunkSize: 3,
      concurrency: 3,
    });
    h.sim.control.setFaults(namespaceOf(orgs[0]!.package_org_id), {
      serverErrorRate: 0.2,
      dropRate: 0.1,
      tokenExpiryRate: 0.1,
    });
    try {
      const outcome = await scheduler.schedule(
        operator,
        { groupId },
        {
          versions: [orgs[0]!.target],
          scheduled_date: new Date(Date.now() + 3_600_000),
          description: 'Faulty',
          transid: nextTransid(),
        },
      );
      const [item] = await itemsOf(outcome.id);
      expect(item!.total_job_count).toBe(orgs.length);
      await expectInLine(item!);
    } finally {
      h.sim.control.clearFaults();
    }
  });

  it('keeps a half-scheduled upgrade after Salesforce fails, and the same transid finishes it', async () => {
    const [org] = await candidates(1);
    const body = {
      versions: [org!.target],
      scheduled_date: inAnHour(),
      description: 'Retry me',
      transid: nextTransid(),
    };
    h.sim.control.setFaults(namespaceOf(org!.package_org_id), { serverErrorRate: 1 });
    let failed;
    try {
      failed = await post(`/api/orgs/${org!.org_id}/upgrade`, body);
    } finally {
      h.sim.control.clearFaults();
    }
    expect(failed.statusCode, failed.body).toBe(502);
    const [half] = await rows<{ id: number; status: string; message: string | null }>(
      `SELECT id, status, message FROM upgrade WHERE transid = $1`,
      [body.transid],
    );
    expect(half?.status).toBe('Ready');
    expect(half?.message).toBeTruthy();
    const again = await post(`/api/orgs/${org!.org_id}/upgrade`, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ id: number }>().id).toBe(half!.id);
    const [item] = await itemsOf(half!.id);
    expect(item!.push_request_id).toBeTruthy();
    await expectInLine(item!);
    expect(await rows(`SELECT message FROM upgrade WHERE id = $1`, [half!.id])).toEqual([
      { message: null },
    ]);
  });

  it('puts an org below two selected versions of a package into both requests (stepped)', async () => {
    // An org with at least two released versions above the installed one.
    const pool = await candidates(200, 0);
    let org: Candidate | undefined;
    let steps: { version_id: string }[] = [];
    for (const candidate of pool) {
      steps = await rows<{ version_id: string }>(
        `SELECT pv.version_id FROM package_version pv
           JOIN org_package_version v ON v.package_id = pv.package_id AND v.org_id = $1
           JOIN package_version iv ON iv.version_id = v.version_id
          WHERE pv.package_id = $2 AND pv.version_sort > iv.version_sort AND pv.status IS NOT NULL
          ORDER BY pv.version_sort DESC LIMIT 2`,
        [candidate.org_id, candidate.package_id],
      );
      if (steps.length === 2) {
        org = candidate;
        break;
      }
    }
    expect(org).toBeDefined();
    const response = await post(`/api/orgs/${org!.org_id}/upgrade`, {
      versions: steps.map((s) => s.version_id),
      scheduled_date: inAnHour(),
      description: 'Stepped',
      transid: nextTransid(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const items = await rows<ItemRow & { version_id: string }>(
      `SELECT i.id, i.push_request_id, i.package_org_id, i.total_job_count, i.version_id
         FROM upgrade_item i JOIN package_version pv ON pv.version_id = i.version_id
        WHERE i.upgrade_id = $1 ORDER BY pv.version_sort`,
      [response.json<{ id: number }>().id],
    );
    expect(items.map((i) => i.version_id)).toEqual(steps.map((s) => s.version_id).reverse());
    for (const item of items) {
      expect(item.total_job_count).toBe(1);
      await expectInLine(item);
    }
  });
});

describe('the org lists of the configuration', () => {
  it('applies ALLOWED_ORGS, DENIED_ORGS and EXPAND_BLACKLIST, recording each reason', async () => {
    const pool = await candidates(200, 0);
    const packageId = pool[0]!.package_id;
    const same = pool.filter((c) => c.package_id === packageId);
    // Two candidates sharing an account: one denied, the other out by account expansion.
    const [pair] = await rows<{ denied: string; sibling: string }>(
      `SELECT a.org_id AS denied, b.org_id AS sibling FROM org a JOIN org b
          ON b.account_id = a.account_id AND b.org_id > a.org_id
        WHERE a.org_id = ANY($1::bpchar[]) AND b.org_id = ANY($1::bpchar[]) LIMIT 1`,
      [same.map((c) => c.org_id)],
    );
    expect(pair).toBeDefined();
    const others = same.filter((c) => c.org_id !== pair!.denied && c.org_id !== pair!.sibling);
    const [allowed, notAllowed] = others;
    const members = [pair!.denied, pair!.sibling, allowed!.org_id, notAllowed!.org_id];
    const groupId = await makeGroup('Lists', members);
    const scheduler = new UpgradeScheduler({
      db: db(),
      gateway: h.gateway,
      live: h.live,
      settings: {
        deniedOrgs: [pair!.denied],
        expandByAccount: true,
        allowedOrgs: [pair!.denied, pair!.sibling, allowed!.org_id],
      },
    });
    const outcome = await scheduler.schedule(
      {
        username: 'operator@pushboard.demo',
        displayName: null,
        readOnly: false,
        authMethod: 'salesforce',
      },
      { groupId },
      {
        versions: [same[0]!.target],
        scheduled_date: new Date(Date.now() + 3_600_000),
        description: 'Lists',
        transid: nextTransid(),
      },
    );
    const reasons = new Map(
      (
        await rows<{ org_id: string; reason: string }>(
          `SELECT org_id, reason FROM upgrade_blacklist WHERE upgrade_id = $1`,
          [outcome.id],
        )
      ).map((r) => [r.org_id, r.reason]),
    );
    expect(reasons.get(pair!.denied)).toBe('Blacklisted: DENIED_ORGS');
    expect(reasons.get(pair!.sibling)).toBe(
      `Blacklisted: same account as ${pair!.denied} (DENIED_ORGS)`,
    );
    expect(reasons.get(notAllowed!.org_id)).toMatch(/Not whitelisted/);
    expect(reasons.has(allowed!.org_id)).toBe(false);
    const [item] = await itemsOf(outcome.id);
    expect((await jobsOf(item!.id)).map((j) => j.org_id)).toEqual([allowed!.org_id]);
    await expectInLine(item!);
  });
});
