// Package detail (docs/product.md "Package detail"): the package's identity in the header, and tabs
// for its versions, its customers, the upgrades that pushed it and its adoption. The active tab is
// remembered.
import { lazy, Suspense } from 'react';
import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { packageEndpoints, type Package } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { RecordHeader, type RecordField } from '../../components/RecordHeader';
import { RememberedTabs } from '../../components/RememberedTabs';
import { Screen } from '../../components/Screen';
import { PackageCustomersTab } from './PackageCustomersTab';
import { PackageRecurringFailures } from './PackageRecurringFailures';
import { PackageUpgradesTab } from './PackageUpgradesTab';
import { PackageVersionsTab } from './PackageVersionsTab';
import { paths } from '../../components/paths';
import { RecordLink } from '../../components/RecordLink';
import { RecordPlaceholder } from '../../components/RecordPlaceholder';
import { useRecord } from '../../components/useRecord';

const PARENT = { label: 'Packages', to: '/packages' };

// The Adoption tab draws charts: their library loads when the tab is first opened.
const PackageAdoptionTab = lazy(() =>
  import('./PackageAdoptionTab').then((m) => ({ default: m.PackageAdoptionTab })),
);

/**
 * docs/product.md "Package detail" names the field Active; the package's status says whether it is.
 */
function activeText(status: string | null): string | null {
  if (status === null) return null;
  return status === 'Active' ? 'Yes' : `No (${status})`;
}

function headerFields(pkg: Package): RecordField[] {
  return [
    { label: 'ID', value: pkg.sfid },
    {
      label: 'Packaging Org ID',
      value: pkg.package_org_id && (
        <RecordLink to={paths.packageOrg(pkg.package_org_id)}>{pkg.package_org_id}</RecordLink>
      ),
    },
    { label: 'Package ID', value: pkg.package_id },
    { label: 'Tier', value: pkg.dependency_tier },
    { label: 'Active', value: activeText(pkg.status) },
  ];
}

export function PackageDetailScreen() {
  const { packageId = '' } = useParams<'packageId'>();
  const state = useRecord(
    packageEndpoints.get,
    { params: { packageId } },
    { queryKey: [...queryKeys.package, packageId] },
  );
  const pkg = state.record;
  if (!pkg) {
    return (
      <Screen name="package" title="Package">
        <RecordHeader kind="Package" title={packageId} parent={PARENT} fields={[]} />
        <RecordPlaceholder what="package" state={state} />
      </Screen>
    );
  }
  return (
    <Screen name="package" title={pkg.name}>
      <RecordHeader kind="Package" title={pkg.name} parent={PARENT} fields={headerFields(pkg)} />
      <RememberedTabs
        id="PackageView"
        tabs={[
          {
            value: 'versions',
            label: 'Versions',
            content: <PackageVersionsTab packageId={pkg.sfid} />,
          },
          {
            value: 'customers',
            label: 'Customers',
            content: <PackageCustomersTab packageId={pkg.sfid} />,
          },
          {
            value: 'upgrades',
            label: 'Upgrades',
            content: <PackageUpgradesTab packageId={pkg.sfid} />,
          },
          {
            value: 'adoption',
            label: 'Adoption',
            content: (
              <Suspense fallback={<Text c="dimmed">Loading…</Text>}>
                <PackageAdoptionTab packageId={pkg.sfid} />
              </Suspense>
            ),
          },
          {
            value: 'failures',
            label: 'Recurring Failures',
            content: <PackageRecurringFailures packageId={pkg.sfid} />,
          },
        ]}
      />
    </Screen>
  );
}
