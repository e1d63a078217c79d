// Fetch latest data: after records change in the simulator, an incremental fetch picks up exactly
// those changes, including records modified in the same second as the last one it stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadWatermark } from '../db/repositories/watermarks';
import { fetchJob } from './fetch-job';
import { tableCount } from './testing/expectations';
import { runJob, type RecordingContext } from './testing/recording-context';
import { startSyncHarness, type SyncHarness } from './testing/sync-harness';

let h: SyncHarness;
let licenseIds: string[];

beforeAll(async () => {
  h = await startSyncHarness({ dataset: 'test' });
  const conn = await h.gateway.connect(h.lmaId);
  licenseIds = (
    await conn.queryAll('SELECT Id FROM sfLma__License__c', z.object({ Id: z.string() }))
  ).map((r) => r.Id);
});
afterAll(async () => {
  await h.close();
});

const fetchLatest = async (): Promise<RecordingContext> => {
  const context = await runJob(fetchJob(h.deps));
  expect(context.errorMessages()).toEqual([]);
  return context;
};
const fetched = (context: RecordingContext, noun: string): number[] =>
  context.results.flatMap((r) => {
    const match = new RegExp(`^Fetched (\\d+) ${noun}`).exec(r.message);
    return match ? [Number(match[1])] : [];
  });
const licenseStatus = async (sfid: string) =>
  (
    await h.testDb.db.query<{ status: string }>('SELECT status FROM license WHERE sfid = $1', [
      sfid,
    ])
  ).rows[0]?.status;
/** A whole second after everything the dataset holds, as Salesforce stamps records. */
const secondFromNow = (offsetSeconds: number) =>
  new Date(Math.floor(h.sim.control.now().getTime() / 1000) * 1000 + offsetSeconds * 1000);

describe('Fetch latest data', () => {
  it('reads everything the first time, then nothing while nothing changes', async () => {
    const first = await fetchLatest();
    expect(fetched(first, 'licenses?')).toEqual([1000]);
    expect(await tableCount(h.testDb.db, 'license')).toBe(1000);
    const second = await fetchLatest();
    expect(fetched(second, 'licenses?')).toEqual([0]);
    expect(fetched(second, 'subscribers?')).toEqual([0, 0]);
    expect(fetched(second, 'accounts?')).toEqual([0]);
  });

  it('picks up exactly the changed records, two of them in the same second', async () => {
    const at = secondFromNow(10);
    const [a = '', b = ''] = licenseIds;
    h.sim.control.updateRecord(
      'lma',
      'sfLma__License__c',
      a,
      { sfLma__Status__c: 'Suspended' },
      { modifiedAt: at },
    );
    h.sim.control.updateRecord(
      'lma',
      'sfLma__License__c',
      b,
      { sfLma__Status__c: 'Suspended' },
      { modifiedAt: at },
    );
    const context = await fetchLatest();
    expect(fetched(context, 'licenses?')).toEqual([2]);
    expect(await licenseStatus(a)).toBe('Suspended');
    expect(await licenseStatus(b)).toBe('Suspended');
    const mark = await loadWatermark(h.testDb.db, {
      sourceOrgId: h.lmaId,
      objectName: 'sfLma__License__c',
      scope: '',
    });
    expect(mark?.modifiedAtMs).toBe(at.getTime());
    expect(mark?.idsAtMark.sort()).toEqual([a, b].sort());
  });

  it('does not miss a record modified later in the same second as the watermark', async () => {
    // A strict `LastModifiedDate > mark` would never see this one (weakness 25 in
    // docs/architecture.md "Weaknesses of the console Pushboard replaces").
    const at = secondFromNow(10);
    const c = licenseIds[2] ?? '';
    h.sim.control.updateRecord(
      'lma',
      'sfLma__License__c',
      c,
      { sfLma__Status__c: 'Expired' },
      { modifiedAt: at },
    );
    const context = await fetchLatest();
    expect(fetched(context, 'licenses?')).toEqual([1]);
    expect(await licenseStatus(c)).toBe('Expired');
    const again = await fetchLatest();
    expect(fetched(again, 'licenses?')).toEqual([0]);
  });

  it('picks up a changed subscriber and account, and derives the org from them', async () => {
    const core = h.packagingIds.get('relaycore') ?? '';
    const conn = await h.gateway.connect(core);
    const subscriberRow = z.object({
      Id: z.string(),
      OrgKey: z.string(),
      MetadataPackageVersionId: z.string(),
    });
    const [subscriber] = await conn.queryAll(
      'SELECT Id, OrgKey, MetadataPackageVersionId FROM PackageSubscriber LIMIT 1',
      subscriberRow,
    );
    if (!subscriber) throw new Error('the test dataset has subscribers');
    const { rows: versions } = await h.testDb.db.query<{ version_id: string }>(
      `SELECT v.version_id FROM package_version v JOIN package p ON p.sfid = v.package_id
       WHERE p.package_org_id = $1 AND v.version_id <> $2 ORDER BY v.version_sort LIMIT 1`,
      [core, subscriber.MetadataPackageVersionId],
    );
    const target = versions[0]?.version_id ?? '';
    const at = secondFromNow(20);
    h.sim.control.updateRecord(
      core,
      'PackageSubscriber',
      subscriber.Id,
      { MetadataPackageVersionId: target, OrgName: 'Renamed Org' },
      { modifiedAt: at },
    );
    const { rows: accounts } = await h.testDb.db.query<{ account_id: string }>(
      'SELECT account_id FROM org WHERE org_id = $1',
      [subscriber.OrgKey],
    );
    const accountId = accounts[0]?.account_id ?? '';
    h.sim.control.updateRecord(
      'lma',
      'Account',
      accountId,
      { Name: 'Renamed, "Quoted" Account' },
      { modifiedAt: at },
    );

    const context = await fetchLatest();
    expect(context.results.map((r) => r.message)).toEqual(
      expect.arrayContaining([
        'Fetched 1 subscriber of Relay Core from Relay Core Packaging',
        'Fetched 0 subscribers of Relay Billing from Relay Billing Packaging',
      ]),
    );
    expect(fetched(context, 'accounts?')).toEqual([1]);
    expect(fetched(context, 'licenses?')).toEqual([0]);
    const { rows } = await h.testDb.db.query<{
      name: string;
      version_id: string;
      account_name: string;
    }>(
      `SELECT o.name, v.version_id, a.account_name FROM org o
       JOIN org_package_version v ON v.org_id = o.org_id
       JOIN package p ON p.sfid = v.package_id AND p.package_org_id = $2
       JOIN account a ON a.account_id = o.account_id WHERE o.org_id = $1`,
      [subscriber.OrgKey, core],
    );
    expect(rows).toEqual([
      { name: 'Renamed Org', version_id: target, account_name: 'Renamed, "Quoted" Account' },
    ]);
    expect(h.live.named('orgs').length).toBeGreaterThan(0);
  });

  it('turns a license Expired when its date passes, with no record changed', async () => {
    const { rows } = await h.testDb.db.query<{ sfid: string; org_id: string; package_id: string }>(
      `SELECT l.sfid, l.org_id, l.package_id FROM license l
       JOIN org_package_version v ON v.org_id = l.org_id AND v.package_id = l.package_id
       WHERE v.license_status = 'Active' ORDER BY l.sfid LIMIT 1`,
    );
    const license = rows[0];
    if (!license) throw new Error('the test dataset has active installs');
    const tomorrow = new Date(h.sim.control.now().getTime() + 86_400_000)
      .toISOString()
      .slice(0, 10);
    h.sim.control.updateRecord(
      'lma',
      'sfLma__License__c',
      license.sfid,
      { sfLma__Expiration__c: tomorrow },
      { modifiedAt: secondFromNow(30) },
    );
    const installStatus = async () =>
      (
        await h.testDb.db.query<{ license_status: string }>(
          'SELECT license_status FROM org_package_version WHERE org_id = $1 AND package_id = $2',
          [license.org_id, license.package_id],
        )
      ).rows[0]?.license_status;
    expect(fetched(await fetchLatest(), 'licenses?')).toEqual([1]);
    expect(await installStatus()).toBe('Active');

    h.sim.control.advance(2 * 86_400_000);
    expect(fetched(await fetchLatest(), 'licenses?')).toEqual([0]);
    expect(await installStatus()).toBe('Expired');
  });

  it('fetches an account a new license points at even when the account itself is old', async () => {
    const { rows } = await h.testDb.db.query<{ account_id: string }>(
      'SELECT account_id FROM account ORDER BY account_id LIMIT 1',
    );
    const accountId = rows[0]?.account_id ?? '';
    await h.testDb.db.query('DELETE FROM account WHERE account_id = $1', [accountId]);
    const context = await fetchLatest();
    expect(fetched(context, 'accounts?')).toEqual([1]);
    expect(await tableCount(h.testDb.db, 'account', `account_id = '${accountId}'`)).toBe(1);
    expect(await tableCount(h.testDb.db, 'org', `account_id = '${accountId}'`)).toBeGreaterThan(0);
  });
});
