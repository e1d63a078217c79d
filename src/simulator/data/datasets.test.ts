// The seeded datasets: sizes, determinism, real key prefixes and valid ids, and agreement between
// the LMA and the packaging orgs.
import { describe, expect, it } from 'vitest';
import { KEY_PREFIX } from './prefixes';
import type { OrgStore } from '../store/org-store';
import type { Row } from '../store/table';
import { buildDataset, type Dataset } from './build';
import { canonical15, to18 } from './ids';

const EPOCH = Date.UTC(2025, 0, 15);
const demo = buildDataset('demo', 7, EPOCH);

function rows(store: OrgStore, object: string): Row[] {
  return [...store.records(object)];
}

function packagingStore(dataset: Dataset, index: number): OrgStore {
  const org = dataset.family.packaging[index];
  if (!org) throw new Error(`no packaging org ${index}`);
  return org.store;
}

describe('demo dataset', () => {
  const lma = demo.family.lma.store;

  it('has the planned sizes and statuses', () => {
    const packages = rows(lma, 'sfLma__Package__c');
    expect(packages).toHaveLength(5);
    expect(new Set(packages.map((p) => p.DependencyTier__c))).toEqual(new Set([1, 2, 3]));
    expect(new Set(packages.map((p) => p.Status__c))).toEqual(new Set(['Active', 'Inactive']));
    const versions = rows(lma, 'sfLma__Package_Version__c');
    expect(versions).toHaveLength(80);
    expect(new Set(versions.map((v) => v.Status__c))).toEqual(
      new Set(['Verified', 'Pre-Release', 'Preview', 'Limited']),
    );
    const licenses = rows(lma, 'sfLma__License__c');
    expect(licenses).toHaveLength(5_000);
    expect(new Set(licenses.map((l) => l.sfLma__Status__c))).toEqual(
      new Set(['Active', 'Trial', 'Suspended', 'Expired', 'Uninstalled']),
    );
    expect(new Set(licenses.map((l) => l.sfLma__Subscriber_Org_ID__c)).size).toBeGreaterThan(1_500);
    expect(demo.orgs.count).toBe(2_000);
    expect(rows(lma, 'Account')).toHaveLength(1_200);
  });

  it('mints valid 18-character ids with the real key prefixes', () => {
    const checks: [OrgStore, string][] = [
      [lma, 'sfLma__License__c'],
      [lma, 'sfLma__Package__c'],
      [lma, 'sfLma__Package_Version__c'],
      [lma, 'Account'],
      [lma, 'User'],
      [lma, 'Organization'],
      [lma, 'PermissionSet'],
      [lma, 'PermissionSetAssignment'],
      [lma, 'ObjectPermissions'],
      [packagingStore(demo, 0), 'MetadataPackage'],
      [packagingStore(demo, 0), 'MetadataPackageVersion'],
      [packagingStore(demo, 0), 'PackageSubscriber'],
    ];
    for (const [store, object] of checks) {
      const prefix = KEY_PREFIX[object as keyof typeof KEY_PREFIX];
      for (const row of rows(store, object).slice(0, 300)) {
        const id = String(row.Id);
        expect(id.startsWith(prefix), `${object} ${id}`).toBe(true);
        expect(to18(id.slice(0, 15))).toBe(id);
      }
    }
  });

  it('stores 15-character org ids in the LMA and 18-character ones in the packaging orgs', () => {
    const license = rows(lma, 'sfLma__License__c')[0];
    expect(String(license?.sfLma__Subscriber_Org_ID__c)).toMatch(/^00D[0-9A-Za-z]{12}$/);
    const pkg = rows(lma, 'sfLma__Package__c')[0];
    expect(pkg?.sfLma__Developer_Org_ID__c).toBe(demo.family.packaging[0]?.id15);
    const subscriber = rows(packagingStore(demo, 0), 'PackageSubscriber')[0];
    expect(String(subscriber?.OrgKey)).toMatch(/^00D[0-9A-Za-z]{15}$/);
  });

  it('has the same versions (04t ids) in the LMA and in each packaging org', () => {
    for (const [k, pkg] of rows(lma, 'sfLma__Package__c').entries()) {
      const store = packagingStore(demo, k);
      const released = rows(store, 'MetadataPackageVersion').filter(
        (v) => v.ReleaseState === 'Released',
      );
      const lmaVersions = rows(lma, 'sfLma__Package_Version__c').filter(
        (v) => v.sfLma__Package__c === pkg.Id,
      );
      expect(lmaVersions.map((v) => v.sfLma__Version_ID__c)).toEqual(released.map((v) => v.Id));
      expect(rows(store, 'MetadataPackage')[0]?.Id).toBe(pkg.sfLma__Package_ID__c);
    }
  });

  it('keeps licenses and subscribers in agreement', () => {
    const versionIdByLmaId = new Map(
      rows(lma, 'sfLma__Package_Version__c').map((v) => [v.Id, v.sfLma__Version_ID__c]),
    );
    const packages = rows(lma, 'sfLma__Package__c');
    let checked = 0;
    for (const license of rows(lma, 'sfLma__License__c').slice(0, 400)) {
      const k = packages.findIndex((p) => p.Id === license.sfLma__Package__c);
      const subscribers =
        packagingStore(demo, k).lookup('PackageSubscriber', 'OrgKey', [
          to18(String(license.sfLma__Subscriber_Org_ID__c)) ?? '',
        ]) ?? [];
      const subscriber = [...subscribers][0];
      if (license.sfLma__Status__c === 'Uninstalled') {
        expect(subscriber).toBeUndefined();
        continue;
      }
      expect(subscriber?.MetadataPackageVersionId).toBe(
        versionIdByLmaId.get(license.sfLma__Package_Version__c),
      );
      expect(subscriber?.InstanceName).toBe(license.sfLma__Org_Instance__c);
      expect(subscriber?.OrgType === 'Sandbox').toBe(license.sfLma__Subscriber_Org_Is_Sandbox__c);
      checked++;
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('gives sandboxes a production parent', () => {
    const subscribers = rows(packagingStore(demo, 0), 'PackageSubscriber');
    const sandboxes = subscribers.filter((s) => s.OrgType === 'Sandbox');
    expect(sandboxes.length).toBeGreaterThan(100);
    for (const sandbox of sandboxes.slice(0, 50)) {
      const parent = demo.orgs.get(demo.orgs.indexOf(String(sandbox.ParentOrg)));
      expect(parent.isSandbox).toBe(false);
      expect(canonical15(String(sandbox.ParentOrg))).toBe(parent.id15);
    }
  });

  it('is deterministic for a seed and differs across seeds', () => {
    const again = buildDataset('demo', 7, EPOCH);
    const other = buildDataset('demo', 8, EPOCH);
    const sample = (d: Dataset) =>
      rows(d.family.lma.store, 'sfLma__License__c')
        .slice(0, 200)
        .map((l) => [
          l.Id,
          l.sfLma__Subscriber_Org_ID__c,
          l.sfLma__Status__c,
          l.sfLma__Package_Version__c,
        ]);
    expect(sample(again)).toEqual(sample(demo));
    expect(sample(other)).not.toEqual(sample(demo));
  });
});
