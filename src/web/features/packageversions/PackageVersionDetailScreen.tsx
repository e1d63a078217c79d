// Package version detail (docs/product.md "Package version detail"): the version's fields, whether
// it is the package's latest, and its customers (with license data) and blacklisted customers in
// remembered tabs. A failed read raises 'Failed Request', and clicking it goes back in history
// (docs/product.md "Notices").
import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { packageEndpoints, type PackageVersion } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { RecordHeader, type RecordField } from '../../components/RecordHeader';
import { RememberedTabs } from '../../components/RememberedTabs';
import { Screen } from '../../components/Screen';
import { localDateTime } from '../../components/dateTime';
import { paths } from '../../components/paths';
import { RecordLink } from '../../components/RecordLink';
import { RecordPlaceholder } from '../../components/RecordPlaceholder';
import { useRecord } from '../../components/useRecord';
import { VersionStatusBadge } from '../../components/VersionStatusBadge';
import { latestFields } from './latestFields';
import { VersionCustomersTable } from './VersionCustomersTable';

const PACKAGES = { label: 'Packages', to: '/packages' };

/** What the Blacklist tab lists, said above the table. */
export const VERSION_BLACKLIST_NOTE =
  'Customers of this version that are blacklisted: upgrades will skip them.';

function fields(version: PackageVersion): RecordField[] {
  return [
    {
      label: 'Package',
      value: <RecordLink to={paths.package(version.package_id)}>{version.package_name}</RecordLink>,
    },
    { label: 'Number', value: version.version_number },
    { label: 'Name', value: version.name },
    { label: 'ID', value: version.version_id },
    { label: 'Status', value: <VersionStatusBadge status={version.status} /> },
    { label: 'Created', value: localDateTime(version.created_date) || null },
    { label: 'Released', value: localDateTime(version.release_date) || null },
    { label: 'Customers', value: version.customer_count },
    ...latestFields(version),
  ];
}

export function PackageVersionDetailScreen() {
  const { versionId = '' } = useParams<'versionId'>();
  const state = useRecord(
    packageEndpoints.version,
    { params: { versionId } },
    { queryKey: [...queryKeys.packageVersion, versionId] },
  );
  const version = state.record;
  if (!version) {
    return (
      <Screen name="packageversion" title="Package Version">
        <RecordHeader kind="Package Version" title={versionId} parent={PACKAGES} fields={[]} />
        <RecordPlaceholder what="package version" state={state} />
      </Screen>
    );
  }
  const title = `${version.package_name} ${version.version_number}`;
  return (
    <Screen name="packageversion" title={title}>
      <RecordHeader
        kind="Package Version"
        title={title}
        parent={{
          label: version.package_name,
          to: paths.package(version.package_id) ?? '/packages',
        }}
        fields={fields(version)}
      />
      <RememberedTabs
        id="PackageVersionView"
        tabs={[
          {
            value: 'customers',
            label: 'Customers',
            content: <VersionCustomersTable versionId={version.version_id} blacklisted={false} />,
          },
          {
            value: 'blacklist',
            label: 'Blacklist',
            content: (
              <>
                <Text size="sm" c="dimmed" mb="xs">
                  {VERSION_BLACKLIST_NOTE}
                </Text>
                <VersionCustomersTable versionId={version.version_id} blacklisted />
              </>
            ),
          },
        ]}
      />
    </Screen>
  );
}
