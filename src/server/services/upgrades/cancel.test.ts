// Cancel over real HTTP against the simulator's push API: only requests that have not started are
// canceled (in Salesforce first), running and finished ones are left alone, succeeded jobs stay
// succeeded, the comment is required and kept, and a Salesforce refusal comes back with
// Salesforce's own words while nothing changes here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpgradeApp, type Candidate, type UpgradeApp } from './testing/upgrade-app';

let t: UpgradeApp;
beforeAll(async () => {
  t = await startUpgradeApp();
}, 120_000);
afterAll(() => t?.close());

interface Item {
  id: number;
  status: string;
}
const itemsOf = (upgradeId: number) =>
  t.rows<Item>(`SELECT id::int AS id, status FROM upgrade_item WHERE upgrade_id = $1 ORDER BY id`, [
    upgradeId,
  ]);
const jobStatuses = (itemId: number) =>
  t.rows<{ org_id: string; status: string }>(
    `SELECT org_id, status FROM upgrade_job WHERE item_id = $1 ORDER BY org_id`,
    [itemId],
  );
const upgradeOf = async (id: number) =>
  (
    await t.rows<{ status: string; comment: string | null }>(
      `SELECT status, comment FROM upgrade WHERE id = $1`,
      [id],
    )
  )[0]!;

/** Candidates of two different packages. */
async function twoPackages(): Promise<[Candidate[], Candidate[]]> {
  const pool = await t.candidates(400);
  const packages = [...new Set(pool.map((c) => c.package_id))];
  expect(packages.length).toBeGreaterThanOrEqual(2);
  const of = (p: string) => pool.filter((c) => c.package_id === p).slice(0, 3);
  return [of(packages[0]!), of(packages[1]!)];
}

describe('POST /api/upgrades/cancel/:id', () => {
  it('cancels the requests that have not started and leaves a running one and its succeeded jobs alone', async () => {
    const [a, b] = await twoPackages();
    const id = await t.scheduleGroup(
      [...a, ...b].map((c) => c.org_id),
      [a[0]!.target, b[0]!.target],
      'Cancel whole',
    );
    const items = await itemsOf(id);
    expect(items).toHaveLength(2);
    const [waiting, running] = items;
    // The running request as the monitor would have recorded it: InProgress, one job done.
    await t.rows(`UPDATE upgrade SET status = 'Active' WHERE id = $1`, [id]);
    await t.rows(`UPDATE upgrade_item SET status = 'InProgress' WHERE id = $1`, [running!.id]);
    const runningJobs = await jobStatuses(running!.id);
    const succeeded = runningJobs.find((j) => j.status === 'Created')!;
    await t.rows(
      `UPDATE upgrade_job SET status = CASE WHEN org_id = $2 THEN 'Succeeded' ELSE 'InProgress' END
        WHERE item_id = $1 AND status = 'Created'`,
      [running!.id, succeeded.org_id],
    );
    const runningBefore = await jobStatuses(running!.id);
    const waitingBefore = await jobStatuses(waiting!.id);

    t.publish.mockClear();
    const response = await t.post(`/api/upgrades/cancel/${id}`, { comment: 'Wrong version' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<{ id: number; status: string; message: string }>();
    expect(result).toMatchObject({ id, status: 'Active' });
    expect(result.message).toMatch(/Canceled 1 request\./);
    expect(result.message).toMatch(/1 request already in progress continue/);

    expect(await t.requestStatus(waiting!.id)).toBe('Canceled');
    expect((await itemsOf(id)).map((i) => i.status)).toEqual(['Canceled', 'InProgress']);
    // Jobs that had not started are Canceled; Ineligible ones keep their status.
    for (const job of await jobStatuses(waiting!.id)) {
      const before = waitingBefore.find((j) => j.org_id === job.org_id)!.status;
      expect(job.status).toBe(before === 'Created' ? 'Canceled' : before);
    }
    expect(await jobStatuses(running!.id)).toEqual(runningBefore);
    expect(await upgradeOf(id)).toEqual({ status: 'Active', comment: 'Wrong version' });
    // The upgrade event names who canceled, so other users' tabs can say it changed.
    expect(t.publish).toHaveBeenCalledWith('upgrade', {
      ids: [id],
      by: expect.any(String) as string,
    });
    for (const event of ['upgrades', 'upgrade-items', 'upgrade-jobs'] as const) {
      expect(t.publish).toHaveBeenCalledWith(event, { ids: [id] });
    }
    const audit = await t.rows<{ outcome: string; details: { comment: string } }>(
      `SELECT outcome, details FROM audit_log WHERE action = 'upgrade.cancel' AND target_id = $1`,
      [String(id)],
    );
    expect(audit.map((a) => [a.outcome, a.details.comment])).toEqual([
      ['success', 'Wrong version'],
    ]);

    // Nothing left that has not started: a second cancel is refused with the reason.
    const again = await t.post(`/api/upgrades/cancel/${id}`, { comment: 'Again' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/already started or finished/);
  });

  it('cancels a whole Ready upgrade: the upgrade is Canceled with the comment, then Cancel is refused', async () => {
    const [a] = await twoPackages();
    const id = await t.scheduleGroup(
      a.map((c) => c.org_id),
      [a[0]!.target],
      'Cancel ready',
    );
    const response = await t.post(`/api/upgrades/cancel/${id}`, { comment: '  Not today  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id, status: 'Canceled' });
    expect(await upgradeOf(id)).toEqual({ status: 'Canceled', comment: 'Not today' });
    const [item] = await itemsOf(id);
    expect(await t.requestStatus(item!.id)).toBe('Canceled');
    const again = await t.post(`/api/upgrades/cancel/${id}`, { comment: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('This upgrade is Canceled.');
  });

  it('requires a comment (400 naming comment), refuses read-only users (403) and names bad ids', async () => {
    const [a] = await twoPackages();
    const id = await t.scheduleGroup([a[0]!.org_id], [a[0]!.target], 'Cancel rules');
    for (const body of [{}, { comment: '   ' }, { comment: 5 }]) {
      for (const url of [`/api/upgrades/cancel/${id}`, `/api/upgradeitems/cancel/${id}`]) {
        const response = await t.post(url, body);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json<{ field: string }>().field).toContain('comment');
      }
    }
    const readOnly = await t.post(`/api/upgrades/cancel/${id}`, { comment: 'x' }, t.viewer);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json<{ message: string }>().message).toBe(
      'You are only allowed to view information, not modify it.',
    );
    const readOnlyItem = await t.post(`/api/upgradeitems/cancel/1`, {}, t.viewer);
    expect(readOnlyItem.statusCode).toBe(403);
    const badId = await t.post('/api/upgrades/cancel/x', { comment: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ field: string }>().field).toContain('id');
    expect((await t.post('/api/upgrades/cancel/99999999', { comment: 'x' })).statusCode).toBe(404);
    expect((await t.post('/api/upgradeitems/cancel/99999999', { comment: 'x' })).statusCode).toBe(
      404,
    );
    expect(await upgradeOf(id)).toEqual({ status: 'Ready', comment: null });
  });

  it("cancels what Salesforce accepts and reports, in Salesforce's words, the request it refused", async () => {
    const [a, b] = await twoPackages();
    const id = await t.scheduleGroup(
      [a[0]!.org_id, b[0]!.org_id],
      [a[0]!.target, b[0]!.target],
      'Partly too late',
    );
    const [waiting, started] = await itemsOf(id);
    // The second request already runs in Salesforce; here it still reads Pending.
    await t.setRequestStatus(started!.id, 'Pending');
    t.h.sim.control.advance(2 * 86_400_000);
    await t.rows(`UPDATE upgrade SET status = 'Active' WHERE id = $1`, [id]);
    await t.rows(`UPDATE upgrade_item SET status = 'Pending' WHERE id = $1`, [started!.id]);

    const response = await t.post(`/api/upgrades/cancel/${id}`, { comment: 'Half' });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<{ status: string; message: string }>();
    expect(result.status).toBe('Active');
    expect(result.message).toMatch(
      /^Canceled 1 request\. Salesforce refused to cancel 1 request: /,
    );
    expect(result.message).toMatch(/can be cancelled/);
    expect((await itemsOf(id)).map((i) => i.status)).toEqual(['Canceled', 'Pending']);
    expect(await t.requestStatus(waiting!.id)).toBe('Canceled');
    expect(await upgradeOf(id)).toEqual({ status: 'Active', comment: 'Half' });
  });
});

describe('POST /api/upgradeitems/cancel/:id', () => {
  it('cancels one request in Salesforce, then here; the upgrade is Canceled when nothing else can run', async () => {
    const [a, b] = await twoPackages();
    const id = await t.scheduleGroup(
      [a[0]!.org_id, b[0]!.org_id],
      [a[0]!.target, b[0]!.target],
      'Cancel one',
    );
    const [first, second] = await itemsOf(id);
    const response = await t.post(`/api/upgradeitems/cancel/${first!.id}`, { comment: 'First' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: first!.id, status: 'Canceled' });
    expect(await t.requestStatus(first!.id)).toBe('Canceled');
    expect(await t.requestStatus(second!.id)).toBe('Created');
    expect(await upgradeOf(id)).toEqual({ status: 'Ready', comment: 'First' });
    // A canceled request cannot be canceled again.
    const again = await t.post(`/api/upgradeitems/cancel/${first!.id}`, { comment: 'x' });
    expect(again.statusCode).toBe(409);

    const last = await t.post(`/api/upgradeitems/cancel/${second!.id}`, { comment: 'Second' });
    expect(last.statusCode, last.body).toBe(200);
    expect(await upgradeOf(id)).toEqual({ status: 'Canceled', comment: 'Second' });
  });

  it("answers Salesforce's refusal (the request started meanwhile) with its message and changes nothing here", async () => {
    const [a] = await twoPackages();
    const id = await t.scheduleGroup([a[0]!.org_id], [a[0]!.target], 'Too late');
    const [item] = await itemsOf(id);
    // Activated in Salesforce and run there; here it still reads Pending (the monitor is behind).
    await t.setRequestStatus(item!.id, 'Pending');
    t.h.sim.control.advance(2 * 86_400_000);
    expect(['InProgress', 'Succeeded', 'Failed']).toContain(await t.requestStatus(item!.id));
    await t.rows(`UPDATE upgrade SET status = 'Active' WHERE id = $1`, [id]);
    await t.rows(`UPDATE upgrade_item SET status = 'Pending' WHERE id = $1`, [item!.id]);
    await t.rows(`UPDATE upgrade_job SET status = 'Pending' WHERE item_id = $1`, [item!.id]);

    for (const url of [`/api/upgradeitems/cancel/${item!.id}`, `/api/upgrades/cancel/${id}`]) {
      const response = await t.post(url, { comment: 'Stop' });
      expect(response.statusCode, response.body).toBe(502);
      expect(response.json<{ message: string }>().message).toMatch(
        /Only push upgrade requests with a status of 'Created' or 'Pending' can be cancelled/,
      );
    }
    expect(await upgradeOf(id)).toEqual({ status: 'Active', comment: null });
    expect((await itemsOf(id)).map((i) => i.status)).toEqual(['Pending']);
    expect((await jobStatuses(item!.id)).map((j) => j.status)).toEqual(['Pending']);
    const audit = await t.rows<{ outcome: string }>(
      `SELECT outcome FROM audit_log WHERE action = 'upgradeitem.cancel' AND target_id = $1`,
      [String(item!.id)],
    );
    expect(audit).toEqual([{ outcome: 'failed' }]);
  });
});
