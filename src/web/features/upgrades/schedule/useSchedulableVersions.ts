// The versions the Schedule Upgrade modal offers (docs/product.md
// "Package version and license statuses"): every version of all four statuses of the packages
// concerned — an org's installed packages, or every package for a group (the preview then says how
// many members each one reaches).
import { useQuery } from '@tanstack/react-query';
import {
  compareVersionSortKeys,
  orgEndpoints,
  packageEndpoints,
  type PackageVersion,
} from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { queryKeys } from '../../../api/queryKeys';
import type { ScheduleScope } from './scheduleCalls';

export interface PackageChoice {
  readonly packageId: string;
  readonly packageName: string;
  readonly tier: number | null;
  /** Newest first. */
  readonly versions: readonly PackageVersion[];
}

async function packageIdsOf(scope: ScheduleScope, signal: AbortSignal): Promise<string[]> {
  if (scope.kind === 'org') {
    const installed = await callEndpoint(orgEndpoints.versions, {
      params: { orgId: scope.orgId },
      signal,
    });
    return [...new Set(installed.map((row) => row.package_id))];
  }
  const packages = await callEndpoint(packageEndpoints.list, { signal });
  return packages.map((pkg) => pkg.sfid);
}

/** Groups versions per package (lowest dependency tier first), newest version first. */
export function choicesOf(versions: readonly PackageVersion[]): PackageChoice[] {
  const byPackage = new Map<string, PackageVersion[]>();
  for (const version of versions) {
    const list = byPackage.get(version.package_id) ?? [];
    list.push(version);
    byPackage.set(version.package_id, list);
  }
  return [...byPackage.entries()]
    .map(([packageId, list]) => ({
      packageId,
      packageName: list[0]?.package_name ?? packageId,
      tier: list[0]?.dependency_tier ?? null,
      versions: list.sort((a, b) => compareVersionSortKeys(b.version_sort, a.version_sort)),
    }))
    .sort(
      (a, b) =>
        (a.tier ?? Number.MAX_SAFE_INTEGER) - (b.tier ?? Number.MAX_SAFE_INTEGER) ||
        a.packageName.localeCompare(b.packageName),
    );
}

/**
 * Only a Verified version is pre-selected, the newest of each package (docs/product.md
 * "Package version and license statuses").
 */
export function defaultSelection(choices: readonly PackageChoice[]): Record<string, string[]> {
  const selection: Record<string, string[]> = {};
  for (const choice of choices) {
    const verified = choice.versions.find((version) => version.status === 'Verified');
    selection[choice.packageId] = verified ? [verified.version_id] : [];
  }
  return selection;
}

export function useSchedulableVersions(scope: ScheduleScope, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.packageVersions, 'schedulable', scope],
    enabled,
    queryFn: async ({ signal }) => {
      const packageIds = await packageIdsOf(scope, signal);
      if (packageIds.length === 0) return [];
      const versions = await callEndpoint(packageEndpoints.versions, {
        query: { packageIds: packageIds.join(',') },
        signal,
      });
      return choicesOf(versions);
    },
  });
}
