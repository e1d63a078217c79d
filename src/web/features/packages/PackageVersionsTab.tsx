// Package detail's Versions tab: every version of the package, newest first, each opening its
// version page. The Package column is left out: it would repeat the page's own package.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PACKAGE_VERSION_LIST, packageVersionSchema, type PackageVersion } from '../../../domain';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { DataTable } from '../../components/data-table';
import { useTableAccess } from './useTableAccess';
import { paths } from './paths';
import { VersionStatusBadge } from './VersionStatusBadge';

const versionsSchema = z.array(packageVersionSchema);
const HIDDEN = ['package_name'];
const renderCell = { status: (row: PackageVersion) => <VersionStatusBadge status={row.status} /> };

export function PackageVersionsTab({ packageId }: { packageId: string }) {
  const access = useTableAccess();
  const versions = useQuery({
    queryKey: [...queryKeys.packageVersions, { packageIds: packageId }],
    queryFn: async ({ signal }) =>
      versionsSchema.parse(
        await api.get<unknown>('/api/packageversions', {
          query: { packageIds: packageId },
          signal,
        }),
      ),
  });
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
