// Packages list (docs/product.md "Packages list"): the managed packages, lowest dependency tier
// first.
import { PACKAGE_LIST, type Package } from '../../../domain';
import { DataTable } from '../../components/data-table';
import { Screen } from '../../components/Screen';
import { ListTitle } from '../../components/ListTitle';
import { paths } from '../../components/paths';
import { usePackages } from './usePackages';
import { useTableAccess } from '../../app/current-user/useTableAccess';

const cellHref = {
  package_org_id: (row: Package) => paths.packageOrg(row.package_org_id),
};

export function PackagesListScreen() {
  const access = useTableAccess();
  const packages = usePackages();
  return (
    <Screen name="packages" title="Packages">
      <ListTitle title="Packages" total={packages.data?.length} />
      <DataTable<Package>
        name="packages"
        list={PACKAGE_LIST}
        source={{
          mode: 'client',
          rows: packages.data,
          loading: packages.isPending,
          error: packages.error,
        }}
        {...access}
        rowHref={(row) => paths.package(row.sfid)}
        cellHref={cellHref}
      />
    </Screen>
  );
}
