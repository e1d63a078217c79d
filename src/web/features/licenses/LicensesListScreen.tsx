// Licenses list (docs/product.md "Licenses list"): every license read from the License Management
// Orgs, paged by the server because there can be a million of them. Each cell opens what it names.
import { licenseEndpoints, DOES_NOT_EXPIRE, LICENSE_LIST, type License } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { DataTable } from '../../components/data-table';
import { Screen } from '../../components/Screen';
import { ListTitle } from '../../components/ListTitle';
import { paths } from '../../components/paths';
import { useTableAccess } from '../../app/current-user/useTableAccess';
import { useListTotal } from '../../components/useListTotal';

const source = {
  mode: 'server',
  endpoint: licenseEndpoints.list,
  queryKey: queryKeys.licenses,
} as const;

const cellHref = {
  package_name: (row: License) => paths.package(row.package_id),
  version_number: (row: License) => paths.packageVersion(row.version_id),
  lma_org_name: (row: License) => paths.packageOrg(row.lma_org_id),
};

const renderCell = {
  expiration: (row: License) => row.expiration ?? DOES_NOT_EXPIRE,
};

export function LicensesListScreen() {
  const access = useTableAccess();
  const total = useListTotal(queryKeys.licenses, {});
  return (
    <Screen name="licenses" title="Licenses">
      <ListTitle title="Licenses" total={total?.total} estimate={total?.isEstimate} />
      <DataTable<License>
        name="licenses"
        list={LICENSE_LIST}
        source={source}
        {...access}
        // Name and the cells that name nothing else open the license itself.
        rowHref={(row) => paths.license(row.sfid)}
        cellHref={cellHref}
        renderCell={renderCell}
      />
    </Screen>
  );
}
