// Which orgs and packages can be upgraded, to which versions
// (docs/product.md "Eligibility: who gets a push job", "Upgrade available" and
// "Schedule Upgrade modal").
import { compareVersionSortKeys, stripBuildSuffix } from './versions';

/** License statuses whose orgs can be upgraded. */
export const UPGRADEABLE_LICENSE_STATUSES = ['Active', 'Trial'] as const;

/** What the console says about an org whose license status cannot be upgraded. */
export const CANNOT_BE_UPGRADED = 'cannot be upgraded';

/** Whether an org with this license status can be upgraded (Active or Trial). */
export function isUpgradeableLicense(licenseStatus: string | null | undefined): boolean {
  return (UPGRADEABLE_LICENSE_STATUSES as readonly (string | null | undefined)[]).includes(
    licenseStatus,
  );
}

/** Release statuses of package versions; the scheduler lists all of them. */
export const PACKAGE_VERSION_STATUSES = ['Verified', 'Pre-Release', 'Preview', 'Limited'] as const;

/** A package version's release status. */
export type PackageVersionStatus = (typeof PACKAGE_VERSION_STATUSES)[number];

/** An installed package version with the package's latest versions (a package-version row). */
export interface InstalledVersion {
  readonly version_id?: string | null;
  readonly version_number?: string | null;
  readonly version_sort: string | null;
  readonly latest_version_number?: string | null;
  readonly latest_version_sort: string | null;
  readonly latest_limited_version_id?: string | null;
  readonly latest_limited_version_sort?: string | null;
  readonly license_status?: string | null;
}

/** Whether the installed version is the package's latest limited version (by id, else by sort key). */
function isLatestLimited(row: InstalledVersion): boolean {
  if (row.version_id && row.latest_limited_version_id)
    return row.version_id === row.latest_limited_version_id;
  if (!row.version_sort || !row.latest_limited_version_sort) return false;
  return stripBuildSuffix(row.version_sort) === stripBuildSuffix(row.latest_limited_version_sort);
}

/** An upgrade is available when installed < latest and the installed version is not the latest limited one. */
export function isUpgradeAvailable(row: InstalledVersion): boolean {
  if (!row.version_sort || !row.latest_version_sort) return false;
  // Another build of the same version number is not an upgrade.
  const installed = stripBuildSuffix(row.version_sort);
  return (
    compareVersionSortKeys(installed, stripBuildSuffix(row.latest_version_sort)) < 0 &&
    !isLatestLimited(row)
  );
}

/** The 'installed -> latest' badge of an org's package version. */
export interface UpgradeBadge {
  readonly text: string;
  /** Green when the license can be upgraded (Active or Trial), grey otherwise. */
  readonly color: 'green' | 'grey';
  readonly upgradeable: boolean;
  /** 'cannot be upgraded' when the license status blocks the upgrade. */
  readonly note: string | null;
}

/** The badge for an installed version, or null when no upgrade is available. */
export function upgradeBadge(row: InstalledVersion): UpgradeBadge | null {
  if (!isUpgradeAvailable(row)) return null;
  const upgradeable = isUpgradeableLicense(row.license_status);
  return {
    text: `${row.version_number ?? ''} -> ${row.latest_version_number ?? ''}`,
    color: upgradeable ? 'green' : 'grey',
    upgradeable,
    note: upgradeable ? null : CANNOT_BE_UPGRADED,
  };
}

/** A package installed in an org or group, as the scheduler sees it. */
export interface InstalledPackage extends InstalledVersion {
  readonly package_id: string;
  readonly dependency_tier?: number | null;
}

/**
 * Packages the scheduler offers: the installed version is not the latest limited version and
 * the license is Active or Trial; one entry per package, lowest dependency tier first.
 */
export function upgradeablePackages<P extends InstalledPackage>(installed: readonly P[]): P[] {
  const byPackage = new Map<string, P>();
  for (const row of installed) {
    if (
      isUpgradeableLicense(row.license_status) &&
      !isLatestLimited(row) &&
      !byPackage.has(row.package_id)
    ) {
      byPackage.set(row.package_id, row);
    }
  }
  return [...byPackage.values()].sort(
    (a, b) => tierOrder(a.dependency_tier) - tierOrder(b.dependency_tier),
  );
}

/** A package without a tier goes last. */
export function tierOrder(tier: number | null | undefined): number {
  return tier ?? Number.MAX_SAFE_INTEGER;
}

/** A version the scheduler can offer. */
export interface SchedulableVersion {
  readonly version_id: string;
  readonly package_id: string;
  readonly version_number: string;
  readonly version_sort: string;
  readonly status: string | null;
}

/**
 * The versions the scheduler lists per package: release statuses only, newest first, with
 * repeated version numbers collapsed to their newest build.
 */
export function schedulableVersions<V extends SchedulableVersion>(
  versions: readonly V[],
): Map<string, V[]> {
  const sorted = versions
    .filter((v) => (PACKAGE_VERSION_STATUSES as readonly (string | null)[]).includes(v.status))
    .sort((a, b) => compareVersionSortKeys(b.version_sort, a.version_sort));
  const byPackage = new Map<string, V[]>();
  for (const version of sorted) {
    const list = byPackage.get(version.package_id) ?? [];
    if (!list.some((v) => v.version_number === version.version_number)) list.push(version);
    byPackage.set(version.package_id, list);
  }
  return byPackage;
}

/** The versions pre-selected in the scheduler: per package, the newest Verified version. */
export function preselectedVersions<V extends SchedulableVersion>(
  versions: readonly V[],
): Map<string, V> {
  const selected = new Map<string, V>();
  for (const [packageId, list] of schedulableVersions(versions)) {
    const newestVerified = list.find((v) => v.status === 'Verified');
    if (newestVerified) selected.set(packageId, newestVerified);
  }
  return selected;
}

/**
 * The selected versions an org should get for one package: every selected version strictly
 * newer than the installed one, oldest first (an org below two selected versions gets both, as
 * a stepped upgrade). An org with no installed version gets none.
 */
export function targetVersions<V extends { readonly version_sort: string }>(
  installedSort: string | null | undefined,
  selected: readonly V[],
): V[] {
  if (!installedSort) return [];
  return selected
    .filter(
      (v) =>
        compareVersionSortKeys(stripBuildSuffix(installedSort), stripBuildSuffix(v.version_sort)) <
        0,
    )
    .sort((a, b) => compareVersionSortKeys(a.version_sort, b.version_sort));
}

/** Which candidate orgs an upgrade may include, and why the others were left out. */
export interface OrgListOutcome {
  readonly eligible: string[];
  readonly blacklisted: string[];
  readonly notWhitelisted: string[];
}

/**
 * Applies the whitelist then the blacklist: a non-empty whitelist keeps only its orgs; a
 * blacklisted org is always excluded. Ids are compared exactly (store them as 18 characters).
 */
export function applyOrgLists(
  candidates: readonly string[],
  lists: { readonly blacklist: Iterable<string>; readonly whitelist?: Iterable<string> },
): OrgListOutcome {
  const blacklist = new Set(lists.blacklist);
  const whitelist = new Set(lists.whitelist ?? []);
  const outcome: OrgListOutcome = { eligible: [], blacklisted: [], notWhitelisted: [] };
  for (const orgId of new Set(candidates)) {
    if (whitelist.size > 0 && !whitelist.has(orgId)) outcome.notWhitelisted.push(orgId);
    else if (blacklist.has(orgId)) outcome.blacklisted.push(orgId);
    else outcome.eligible.push(orgId);
  }
  return outcome;
}

/**
 * A push is held from an org whose instance has a Salesforce maintenance window overlapping
 * this span from the push's start (docs/product.md "Maintenance windows"): a push that runs into
 * a release or a read-only window fails or stalls, and the window's own end is often late.
 */
export const MAINTENANCE_HOLD_MINUTES = 120;
