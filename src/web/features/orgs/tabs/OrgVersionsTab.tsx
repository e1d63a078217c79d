// Org detail's Versions tab: the packages installed in the org, each with its latest version and
// the 'installed -> latest' badge where an upgrade is available (docs/product.md "Org detail" and
// "Upgrade available").
import {
  orgEndpoints,
  ORG_VERSION_LIST,
  upgradeBadge,
  type InstalledVersionRow,
} from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import { useEndpointQuery } from '../../../api/useEndpointQuery';
import { VersionUpgradeBadge } from './VersionUpgradeBadge';
import type { OrgTabProps } from './orgTabProps';

export function OrgVersionsTab({ orgId, readOnly, username }: OrgTabProps) {
  const versions = useEndpointQuery(
    // Under orgVersions so the 'org-versions' event after Refresh Versions reloads it.
    [...queryKeys.orgVersions, orgId],
    orgEndpoints.versions,
    { params: { orgId } },
  );
  return (
    <DataTable<InstalledVersionRow>
      name="org versions"
      list={ORG_VERSION_LIST}
      source={{
        mode: 'client',
        rows: versions.data,
        loading: versions.isPending,
        error: versions.error,
      }}
      readOnly={readOnly}
      username={username}
      cellHref={{
        package_name: (row) => paths.package(row.package_id),
        // The version the org has installed (the console Pushboard replaces linked the latest one
        // here).
        version_number: (row) => paths.packageVersion(row.version_id),
        latest_version_number: (row) => paths.packageVersion(row.latest_version_id),
      }}
      renderCell={{
        // Where an upgrade is available the latest version reads 'installed -> latest'.
        latest_version_number: (row) => {
          const badge = upgradeBadge(row);
          return badge ? <VersionUpgradeBadge badge={badge} /> : row.latest_version_number;
        },
      }}
    />
  );
}
