import { describe, expect, it } from 'vitest';
import {
  CANNOT_BE_UPGRADED,
  applyOrgLists,
  isUpgradeAvailable,
  isUpgradeableLicense,
  preselectedVersions,
  schedulableVersions,
  targetVersions,
  upgradeBadge,
  upgradeablePackages,
  type InstalledVersion,
  type SchedulableVersion,
} from './eligibility';
import { versionSortKey } from './versions';

const key = (v: string, created?: number): string => versionSortKey(v, created);

const row = (
  installed: string,
  latest: string | null,
  limited: string | null,
  license = 'Active',
): InstalledVersion => ({
  version_id: `04t${installed}`,
  version_number: installed,
  version_sort: key(installed, 1),
  latest_version_number: latest,
  latest_version_sort: latest === null ? null : key(latest, 2),
  latest_limited_version_id: limited === null ? null : `04t${limited}`,
  latest_limited_version_sort: limited === null ? null : key(limited, 3),
  license_status: license,
});

describe('upgrade available', () => {
  it.each<[string, InstalledVersion, boolean]>([
    ['older than latest', row('1.0', '1.2', '1.3'), true],
    ['at latest', row('1.2', '1.2', '1.3'), false],
    ['newer than latest (a limited release)', row('1.3', '1.2', '1.3'), false],
    ['installed is the latest limited version', row('1.2', '1.3', '1.2'), false],
    ['no latest version', row('1.0', null, '1.1'), false],
    ['numeric, not text, order: 1.9 < 1.10', row('1.9', '1.10', '1.10'), true],
    ['no latest limited version known', row('1.0', '1.1', null), true],
  ])('%s', (_name, input, available) => {
    expect(isUpgradeAvailable(input)).toBe(available);
  });

  it('compares by sort key when ids are missing', () => {
    const input = { ...row('1.2', '1.3', '1.2'), version_id: null };
    expect(isUpgradeAvailable(input)).toBe(false);
  });
});

describe('the installed -> latest badge', () => {
  it.each([
    ['Active', 'green', true, null],
    ['Trial', 'green', true, null],
    ['Expired', 'grey', false, CANNOT_BE_UPGRADED],
    ['Suspended', 'grey', false, CANNOT_BE_UPGRADED],
  ])('%s license → %s', (license, color, upgradeable, note) => {
    expect(upgradeBadge(row('1.0', '1.2', '1.3', license))).toEqual({
      text: '1.0 -> 1.2',
      color,
      upgradeable,
      note,
    });
  });

  it('shows no badge when no upgrade is available', () => {
    expect(upgradeBadge(row('1.2', '1.2', '1.2'))).toBeNull();
  });

  it('upgrades only Active and Trial licenses', () => {
    expect(isUpgradeableLicense('Active')).toBe(true);
    expect(isUpgradeableLicense('Trial')).toBe(true);
    expect(isUpgradeableLicense('active')).toBe(false);
    expect(isUpgradeableLicense(null)).toBe(false);
  });
});

describe('the scheduler', () => {
  const version = (
    packageId: string,
    number: string,
    status: string | null,
    created = 1,
  ): SchedulableVersion => ({
    version_id: `04t-${packageId}-${number}-${created}`,
    package_id: packageId,
    version_number: number,
    version_sort: key(number, created),
    status,
  });

  it('lists release versions newest first and collapses repeated numbers to the newest build', () => {
    const versions = [
      version('A', '1.0', 'Verified'),
      version('A', '1.2', 'Pre-Release'),
      version('A', '1.1', 'Verified', 1),
      version('A', '1.1', 'Verified', 5),
      version('A', '1.3', null),
      version('B', '2.0', 'Limited'),
    ];
    const listed = schedulableVersions(versions);
    expect(listed.get('A')?.map((v) => v.version_id)).toEqual([
      '04t-A-1.2-1',
      '04t-A-1.1-5',
      '04t-A-1.0-1',
    ]);
    expect(listed.get('B')?.map((v) => v.version_number)).toEqual(['2.0']);
  });

  it('pre-selects the newest Verified version per package, and nothing for a package without one', () => {
    const versions = [
      version('A', '1.0', 'Verified'),
      version('A', '1.10', 'Verified'),
      version('A', '1.11', 'Preview'),
      version('B', '3.0', 'Limited'),
    ];
    const selected = preselectedVersions(versions);
    expect(selected.get('A')?.version_number).toBe('1.10');
    expect(selected.has('B')).toBe(false);
  });

  it('offers packages whose installed version is not the latest limited and whose license allows it, by tier', () => {
    const installed = [
      { ...row('1.0', '1.1', '1.1'), package_id: 'P2', dependency_tier: 2 },
      { ...row('1.0', '1.1', '1.1'), package_id: 'P1', dependency_tier: 1 },
      { ...row('1.1', '1.1', '1.1'), package_id: 'P3', dependency_tier: 1 },
      { ...row('1.0', '1.1', '1.1', 'Expired'), package_id: 'P4', dependency_tier: 1 },
      { ...row('1.0', '1.1', '1.1'), package_id: 'P5', dependency_tier: null },
    ];
    expect(upgradeablePackages(installed).map((p) => p.package_id)).toEqual(['P1', 'P2', 'P5']);
  });

  it('targets every selected version above the installed one, oldest first (stepped upgrades)', () => {
    const selected = [
      { version_sort: key('1.2', 9) },
      { version_sort: key('1.0', 9) },
      { version_sort: key('1.1', 9) },
    ];
    expect(targetVersions(key('1.0', 1), selected)).toEqual([
      { version_sort: key('1.1', 9) },
      { version_sort: key('1.2', 9) },
    ]);
    expect(targetVersions(key('1.2', 1), selected)).toEqual([]);
    expect(targetVersions(null, selected)).toEqual([]);
  });
});

describe('black- and whitelists', () => {
  it('excludes blacklisted orgs', () => {
    expect(applyOrgLists(['a', 'b', 'c', 'a'], { blacklist: ['b'] })).toEqual({
      eligible: ['a', 'c'],
      blacklisted: ['b'],
      notWhitelisted: [],
    });
  });

  it('keeps only whitelisted orgs when a whitelist exists', () => {
    expect(applyOrgLists(['a', 'b', 'c'], { blacklist: ['b'], whitelist: ['b', 'c'] })).toEqual({
      eligible: ['c'],
      blacklisted: ['b'],
      notWhitelisted: ['a'],
    });
  });
});
