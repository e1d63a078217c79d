// Fetch all data against the simulator's demo dataset: every count lands exactly, ids are
// canonical, derived data (latest versions, org status, accounts, sandboxes) is consistent, and
// a second full fetch converges on the same state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareVersionSortKeys } from '../../domain/versions';
import { fetchAllJob } from './fetch-job';
import { simulatorCounts, soqlCount, storedCounts, tableCount } from './testing/expectations';
import { runJob } from './testing/recording-context';
import { startSyncHarness, type SyncHarness } from './testing/sync-harness';

let h: SyncHarness;

beforeAll(async () => {
  h = await startSyncHarness({ dataset: 'demo' });
});
afterAll(async () => {
  await h.close();
});

describe('Fetch all data (demo dataset)', () => {
  it('lands exactly the records the simulator holds', async () => {
    const context = await runJob(fetchAllJob(h.deps));
    expect(context.errorMessages()).toEqual([]);
    const db = h.testDb.db;
    const lma = h.sim.control.counts(h.lmaId)[h.lmaId] ?? {};

    expect(await storedCounts(db)).toEqual(await simulatorCounts(h));
    expect(await tableCount(db, 'license')).toBe(
      await soqlCount(h, h.lmaId, 'SELECT COUNT() FROM sfLma__License__c'),
    );
    expect(await tableCount(db, 'instance')).toBeGreaterThan(0);
    expect(context.results.map((r) => r.message)).toContain(
      `Fetched ${lma.sfLma__License__c} licenses from Relay Software Inc.`,
    );
    // Installs took their license status from the licenses as they were written, so the license
    // derivation that follows finds nothing to correct.
    expect(context.results.map((r) => r.message)).toContainEqual(
      expect.stringMatching(/ 0 installed packages with their license status /),
    );
    expect(
      await tableCount(
        db,
        'org_package_version v JOIN license l ON l.org_id = v.org_id AND l.package_id = v.package_id',
      ),
    ).toBeGreaterThan(0);
  });

  it('stores every id in its 18-character form, so the joins hold', async () => {
    const db = h.testDb.db;
    expect(await tableCount(db, 'license', 'org_id IS NULL OR version_id IS NULL')).toBe(0);
    expect(
      await tableCount(
        db,
        'license l',
        'NOT EXISTS (SELECT 1 FROM org o WHERE o.org_id = l.org_id)',
      ),
    ).toBe(0);
    expect(
      await tableCount(
        db,
        'package p',
        'NOT EXISTS (SELECT 1 FROM connected_org c WHERE c.org_id = p.package_org_id)',
      ),
    ).toBe(0);
    expect(
      await tableCount(
        db,
        'license l',
        'NOT EXISTS (SELECT 1 FROM package_version v WHERE v.version_id = l.version_id)',
      ),
    ).toBe(0);
  });

  it('computes the latest and latest-limited version of every package', async () => {
    const { rows: versions } = await h.testDb.db.query<{
      package_id: string;
      version_id: string;
      version_sort: string;
      status: string | null;
    }>('SELECT package_id, version_id, version_sort, status FROM package_version');
    const { rows: latest } = await h.testDb.db.query<{
      package_id: string;
      version_id: string | null;
      limited_version_id: string | null;
    }>('SELECT package_id, version_id, limited_version_id FROM package_version_latest');
    expect(latest).toHaveLength(await tableCount(h.testDb.db, 'package'));
    const highest = (packageId: string, statuses: string[]) =>
      versions
        .filter((v) => v.package_id === packageId && statuses.includes(v.status ?? ''))
        .sort((a, b) => compareVersionSortKeys(b.version_sort, a.version_sort))[0]?.version_id ??
      null;
    for (const row of latest) {
      expect(row.version_id).toBe(highest(row.package_id, ['Verified', 'Pre-Release']));
      expect(row.limited_version_id).toBe(
        highest(row.package_id, ['Verified', 'Pre-Release', 'Preview', 'Limited']),
      );
    }
  });

  it('derives org status, license status, accounts and sandbox data set-wise', async () => {
    const db = h.testDb.db;
    // Expired wins over the LMA's Active/Trial once the date has passed.
    expect(
      await tableCount(
        db,
        'org_package_version v JOIN license l ON l.org_id = v.org_id AND l.package_id = v.package_id',
        `l.status IN ('Active', 'Trial') AND l.expiration < current_date - 1
         AND v.license_status <> 'Expired'`,
      ),
    ).toBe(0);
    expect(await tableCount(db, 'org', `status = 'Installed'`)).toBeGreaterThan(0);
    expect(await tableCount(db, 'org', `status = 'Not Installed'`)).toBeGreaterThan(0);
    expect(
      await tableCount(
        db,
        'org o',
        `status = 'Installed' AND NOT EXISTS (SELECT 1 FROM license l WHERE l.org_id = o.org_id
           AND l.status IN ('Active', 'Trial'))`,
      ),
    ).toBe(0);
    expect(await tableCount(db, 'org', 'account_id IS NULL')).toBe(0);
    expect(await tableCount(db, 'org', 'edition IS NULL')).toBe(0);
    expect(
      await tableCount(
        db,
        'org s JOIN org p ON p.org_id = s.parent_org_id',
        's.is_sandbox AND (s.account_id IS DISTINCT FROM p.account_id OR s.edition IS DISTINCT FROM p.edition)',
      ),
    ).toBe(0);
  });

  it('converges: a second full fetch finds the same state', async () => {
    const snapshot = async () =>
      (
        await h.testDb.db.query(
          `SELECT (SELECT md5(string_agg(o::text, ',' ORDER BY org_id)) FROM org o) AS orgs,
                  (SELECT md5(string_agg(v::text, ',' ORDER BY org_id, package_id))
                     FROM org_package_version v) AS installs,
                  (SELECT md5(string_agg(l::text, ',' ORDER BY sfid)) FROM license l) AS licenses`,
        )
      ).rows[0];
    const before = await snapshot();
    const context = await runJob(fetchAllJob(h.deps));
    expect(context.errorMessages()).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
