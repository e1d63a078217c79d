// A fetch under cancel and Salesforce faults: a cancel stops within one page and leaves
// consistent data that a rerun completes; 10 % injected faults are absorbed by retries; one
// packaging org down is reported while the others' subscribers still land.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadWatermark } from '../db/repositories/watermarks';
import { fetchAllJob, fetchJob } from './fetch-job';
import { activeSubscriberCount, tableCount } from './testing/expectations';
import { RecordingContext, runJob } from './testing/recording-context';
import { startSyncHarness, type SyncHarness } from './testing/sync-harness';

let h: SyncHarness;
const licenseMark = () => ({ sourceOrgId: h.lmaId, objectName: 'sfLma__License__c', scope: '' });

beforeAll(async () => {
  h = await startSyncHarness({ dataset: 'test', pageSize: 200 });
});
afterAll(async () => {
  await h.close();
});

/** Cancels the job once `pages` pages of licenses have been written. */
class CancelAfterPages extends RecordingContext {
  private pages = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override progress(message: string): void {
    super.progress(message);
    if (message.startsWith('Fetching licenses from') && ++this.pages === this.limit) this.cancel();
  }
}

describe('cancel', () => {
  it('stops a full read within one page and keeps no watermark for the unfinished read', async () => {
    const context = new CancelAfterPages(2);
    await expect(runJob(fetchAllJob(h.deps), {}, context)).rejects.toThrow('Canceled');
    // A full read writes two pages side by side: the one already being written when the cancel
    // came still commits, no page after it.
    expect([400, 600]).toContain(await tableCount(h.testDb.db, 'license'));
    expect(await loadWatermark(h.testDb.db, licenseMark())).toBeUndefined();
    // Later steps never ran.
    expect(await tableCount(h.testDb.db, 'org')).toBe(0);

    const rerun = await runJob(fetchJob(h.deps));
    expect(rerun.errorMessages()).toEqual([]);
    expect(await tableCount(h.testDb.db, 'license')).toBe(1000);
  });

  it('keeps the progress of an ordered incremental read, and a rerun reads exactly the rest', async () => {
    const conn = await h.gateway.connect(h.lmaId);
    const ids = (
      await conn.queryAll('SELECT Id FROM sfLma__License__c', z.object({ Id: z.string() }))
    ).map((r) => r.Id);
    const base = Math.floor(h.sim.control.now().getTime() / 1000) * 1000 + 60_000;
    // 600 changes, three per second, so same-second groups straddle the 200-record pages.
    ids.slice(0, 600).forEach((id, i) => {
      h.sim.control.updateRecord(
        'lma',
        'sfLma__License__c',
        id,
        { sfLma__Used_Licenses__c: 987_654 },
        {
          modifiedAt: new Date(base + Math.floor(i / 3) * 1000),
        },
      );
    });
    const context = new CancelAfterPages(2);
    await expect(runJob(fetchJob(h.deps), {}, context)).rejects.toThrow('Canceled');
    // Two pages of 200, less the record(s) already stored at the previous watermark that the
    // `>=` read returns first and skips.
    const written = await tableCount(h.testDb.db, 'license', 'used_license_count = 987654');
    expect(written).toBeGreaterThanOrEqual(398);
    expect(written).toBeLessThanOrEqual(400);
    const mark = await loadWatermark(h.testDb.db, licenseMark());
    expect(mark?.modifiedAtMs).toBe(base + Math.floor((written - 1) / 3) * 1000);
    expect(mark?.idsAtMark).toHaveLength(((written - 1) % 3) + 1);

    const rerun = await runJob(fetchJob(h.deps));
    expect(rerun.results.map((r) => r.message)).toContain(
      `Fetched ${600 - written} licenses from Relay Software Inc.`,
    );
    expect(await tableCount(h.testDb.db, 'license', 'used_license_count = 987654')).toBe(600);
  });
});

describe('a fetch stopped before its derivations', () => {
  it('leaves them pending, and the next fetch derives every org', async () => {
    const { rows } = await h.testDb.db.query<{ sfid: string; org_id: string }>(
      `SELECT l.sfid, l.org_id FROM license l JOIN org o ON o.org_id = l.org_id
       WHERE o.status = 'Installed' AND l.status = 'Active'
         AND (SELECT count(*) FROM license x WHERE x.org_id = l.org_id) = 1
       ORDER BY l.sfid LIMIT 1`,
    );
    const license = rows[0];
    if (!license) throw new Error('the test dataset has orgs with one active license');
    const at = new Date(Math.floor(h.sim.control.now().getTime() / 1000) * 1000 + 600_000);
    h.sim.control.updateRecord(
      'lma',
      'sfLma__License__c',
      license.sfid,
      { sfLma__Status__c: 'Suspended' },
      { modifiedAt: at },
    );
    const orgStatus = async () =>
      (
        await h.testDb.db.query<{ status: string }>('SELECT status FROM org WHERE org_id = $1', [
          license.org_id,
        ])
      ).rows[0]?.status;

    // Canceled once the sources are read, before any derivation.
    class CancelAtAccounts extends RecordingContext {
      override progress(message: string): void {
        super.progress(message);
        if (message === 'Fetching accounts') this.cancel();
      }
    }
    await expect(runJob(fetchJob(h.deps), {}, new CancelAtAccounts())).rejects.toThrow('Canceled');
    expect(await orgStatus()).toBe('Installed');

    // Nothing new to read, yet the org the canceled run wrote is derived.
    const rerun = await runJob(fetchJob(h.deps));
    expect(rerun.results.map((r) => r.message)).toContain(
      'Fetched 0 licenses from Relay Software Inc.',
    );
    expect(await orgStatus()).toBe('Not Installed');
  });
});

describe('Salesforce faults', () => {
  it('completes a full fetch through 10 % server errors', async () => {
    // The demo dataset in pages of 200 takes some 60 API calls, so the seeded 12 % fault rate
    // certainly hits several of them (each then retried by jsforce or the gateway).
    const demo = await startSyncHarness({ dataset: 'demo', pageSize: 200 });
    try {
      demo.sim.control.setFaults('all', { serverErrorRate: 0.1, dropRate: 0.02 });
      const context = await runJob(fetchAllJob(demo.deps));
      demo.sim.control.clearFaults();
      expect(context.errorMessages()).toEqual([]);
      const lma = demo.sim.control.counts(demo.lmaId)[demo.lmaId] ?? {};
      expect(await tableCount(demo.testDb.db, 'license')).toBe(lma.sfLma__License__c);
      expect(await tableCount(demo.testDb.db, 'org_package_version')).toBe(
        await activeSubscriberCount(demo),
      );
    } finally {
      await demo.close();
    }
  });

  it('reports a packaging org that is down and still lands the others', async () => {
    const billing = h.packagingIds.get('relaybill') ?? '';
    const core = h.packagingIds.get('relaycore') ?? '';
    await h.testDb.db.query('DELETE FROM org_package_version');
    // Over its API limit (jsforce itself retries 5xx answers for 15 s before the gateway sees them).
    h.sim.control.setFaults(billing, { requestLimitRate: 1 });
    let context: RecordingContext;
    try {
      context = await runJob(fetchAllJob(h.deps));
    } finally {
      h.sim.control.clearFaults();
    }
    expect(context.errorMessages()).toEqual([
      expect.stringMatching(/^Subscribers of Relay Billing from Relay Billing Packaging .* failed/),
    ]);
    const counts = h.sim.control.counts();
    expect(await tableCount(h.testDb.db, 'org_package_version')).toBe(
      counts[core]?.PackageSubscriber,
    );
  });
});
