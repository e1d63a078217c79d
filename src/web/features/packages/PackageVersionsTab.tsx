// Package detail's Versions tab: every version of the package, newest first, each opening its
// version page. The Package column is left out: it would repeat the page's own package.
import { PACKAGE_VERSION_LIST, packageEndpoints, type PackageVersion } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { useEndpointQuery } from '../../api/useEndpointQuery';
import { DataTable } from '../../components/data-table';
import { useTableAccess } from '../../app/current-user/useTableAccess';
import { paths } from '../../components/paths';
import { VersionStatusBadge } from '../../components/VersionStatusBadge';

const HIDDEN = ['package_name'];
const renderCell = { status: (row: PackageVersion) => <VersionStatusBadge status={row.status} /> };

export function PackageVersionsTab({ packageId }: { packageId: string }) {
  const access = useTableAccess();
  const versions = useEndpointQuery(
    [...queryKeys.packageVersions, { packageIds: packageId }],
    packageEndpoints.versions,
    { query: { packageIds: packageId } },
  );
  return (
    <DataTable<PackageVersion>
      name="package-versions"
      list={PACKAGE_VERSION_LIST}
      hiddenColumns={HIDDEN}
      source={{
        mode: 'client',
        rows: versions.data,
        loading: versions.isPending,
        error: versions.error,
      }}
      {...access}
      rowHref={(row) => paths.packageVersion(row.version_id)}
      renderCell={renderCell}
    />
  );
}
