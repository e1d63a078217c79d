import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PACKAGE_VERSION_LIST, packageVersionSchema, type PackageVersion } from '../../../domain';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { DataTable } from '../../components/data-table';

const versionsSchema = z.array(packageVersionSchema);

export interface PackageOrgTabProps {
  orgId: string;
  readOnly: boolean;
  username?: string;
}

/** The versions of the packages this packaging org owns. */
export function PackageVersionsTab({ orgId, readOnly, username }: PackageOrgTabProps) {
  const versions = useQuery({
    queryKey: [...queryKeys.packageVersions, { packageOrgIds: orgId }],
    queryFn: async ({ signal }) =>
      versionsSchema.parse(
        await api.get<unknown>('/api/packageversions', { query: { packageOrgIds: orgId }, signal }),
      ),
  });
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
        package_name: (version) => `/package/${version.package_id}`,
        version_number: (version) => `/packageversion/${version.version_id}`,
      }}
      readOnly={readOnly}
      username={username}
      exportName={`${orgId}-package-versions`}
    />
  );
}
