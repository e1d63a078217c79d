// After the demo's simulator restarts, the push requests and jobs of the upgrade history are gone
// from it. An upgrade not activated yet gets them again (the start-up monitor finishes its
// scheduling anew); a push that was running has stopped: its unfinished jobs fail with a message
// that says why, the upgrade ends, and Retry Failed pushes them again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSimulatorRestart, STOPPED_BY_RESTART } from './simulator-restart';
import { startUpgradeApp, type UpgradeApp } from './testing/upgrade-app';

let t: UpgradeApp;
beforeAll(async () => {
  t = await startUpgradeApp();
}, 120_000);
afterAll(() => t?.close());

interface Item {
  id: number;
  status: string;
  push_request_id: string | null;
  package_org_id: string;
  total_job_count: number;
}
const itemsOf = (upgradeId: number) =>
  t.rows<Item>(
    `SELECT id::int AS id, status, trim(push_request_id) AS push_request_id,
            trim(package_org_id) AS package_org_id, total_job_count
       FROM upgrade_item WHERE upgrade_id = $1 ORDER BY id`,
    [upgradeId],
  );
const jobsOf = (upgradeId: number) =>
  t.rows<{ status: string; message: string | null }>(
    `SELECT status, message FROM upgrade_job WHERE upgrade_id = $1 ORDER BY org_id`,
    [upgradeId],
  );
const namespaceOf = (packageOrgId: string) =>
  [...t.h.packagingIds].find(([, id]) => id === packageOrgId)?.[0] ?? packageOrgId;

describe('after the simulator restarted', () => {
  it('creates the pushes of a scheduled upgrade again and stops a running one', async () => {
    const pool = await t.candidates(40);
    const packageId = pool[0]!.package_id;
    const orgs = pool.filter((c) => c.package_id === packageId);
    const target = orgs[0]!.target;
    const ready = await t.scheduleGroup(
      orgs.slice(0, 4).map((c) => c.org_id),
      [target],
      'Scheduled',
    );
    const running = await t.scheduleGroup(
      orgs.slice(4, 8).map((c) => c.org_id),
      [target],
      'Running',
    );
    // Activated by someone else (the activation policy), then under way in Salesforce.
    const activated = await t.post(`/api/upgrades/activate/${running}`, {}, t.other);
    expect(activated.statusCode, activated.body).toBe(200);
    await t.rows(
      `UPDATE upgrade_job SET status = 'InProgress' WHERE upgrade_id = $1 AND status <> 'Ineligible'`,
      [running],
    );
    const [readyItem] = await itemsOf(ready);
    const runningJobs = (await jobsOf(running)).filter((j) => j.status === 'InProgress').length;
    expect(runningJobs).toBeGreaterThan(0);
    // The restarted simulator no longer has the push request.
    t.h.sim.control.deleteRecord(
      namespaceOf(readyItem!.package_org_id),
      'PackagePushRequest',
      readyItem!.push_request_id!,
    );

    const outcome = await afterSimulatorRestart(t.h.testDb.db);

    expect(outcome).toEqual({ rescheduled: [ready], stopped: [running] });
    // Not activated yet: its push requests and jobs are forgotten, and finishing its scheduling
    // (the start-up monitor's work) creates them in the new Salesforce.
    expect(await itemsOf(ready)).toEqual([{ ...readyItem, push_request_id: null }]);
    expect(await jobsOf(ready)).toEqual([]);
    const scheduler = t.app.services.scheduler;
    expect(await scheduler.unfinished()).toEqual([ready]);
    expect(await scheduler.resume(ready)).toBe(readyItem!.total_job_count);
    const [again] = await itemsOf(ready);
    expect(again!.push_request_id).toBeTruthy();
    expect(again!.push_request_id).not.toBe(readyItem!.push_request_id);
    expect(await t.requestStatus(again!.id)).toBe('Created');

    // Running: its jobs failed with the reason, the upgrade ended, and Retry Failed works.
    const stopped = await jobsOf(running);
    expect(stopped.filter((j) => j.status === 'Failed')).toHaveLength(runningJobs);
    for (const job of stopped.filter((j) => j.status === 'Failed'))
      expect(job.message).toBe(STOPPED_BY_RESTART);
    expect((await itemsOf(running)).map((i) => i.status)).toEqual(['Failed']);
    const [upgrade] = await t.rows<{ status: string; message: string }>(
      `SELECT status, message FROM upgrade WHERE id = $1`,
      [running],
    );
    expect(upgrade).toEqual({
      status: 'Done',
      message: `Complete with ${runningJobs} failure${runningJobs === 1 ? '' : 's'}`,
    });
    const retry = await t.post(`/api/upgrades/retry/${running}`);
    expect(retry.statusCode, retry.body).toBe(200);
  });
});
