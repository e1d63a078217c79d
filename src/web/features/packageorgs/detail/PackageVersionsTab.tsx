import { PACKAGE_VERSION_LIST, packageEndpoints, type PackageVersion } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { paths } from '../../../components/paths';
import { useEndpointQuery } from '../../../api/useEndpointQuery';
import { DataTable } from '../../../components/data-table';

export interface PackageOrgTabProps {
  orgId: string;
  readOnly: boolean;
  username?: string | null;
}

/** The versions of the packages this packaging org owns. */
export function PackageVersionsTab({ orgId, readOnly, username }: PackageOrgTabProps) {
  const versions = useEndpointQuery(
    [...queryKeys.packageVersions, { packageOrgIds: orgId }],
    packageEndpoints.versions,
    { query: { packageOrgIds: orgId } },
  );
  return (
    <DataTable<PackageVersion>
      name="packageorg-versions"
      list={PACKAGE_VERSION_LIST}
      source={{
        mode: 'client',
        rows: versions.data,
        loading: versions.isPending,
        error: versions.error,
      }}
      cellHref={{
        package_name: (version) => paths.package(version.package_id),
        version_number: (version) => paths.packageVersion(version.version_id),
      }}
      readOnly={readOnly}
      username={username}
      exportName={`${orgId}-package-versions`}
    />
  );
}
