// A version's customers with their license data, paged by the server; with `blacklisted`, only
// those the blacklist keeps out of upgrades.
import { packageEndpoints, VERSION_CUSTOMER_LIST, type Customer } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { DataTable } from '../../components/data-table';
import { useTableAccess } from '../../app/current-user/useTableAccess';
import { paths } from '../../components/paths';

/** The blacklist's own list key, so its filters and sorts are not the Customers tab's. */
const VERSION_BLACKLIST_LIST = { ...VERSION_CUSTOMER_LIST, key: 'PackageVersionBlacklist' };

// Every row is a customer of this very version: the Version column would repeat the page title.
const HIDDEN = ['version_number'];

interface VersionCustomersTableProps {
  versionId: string;
  blacklisted: boolean;
}

export function VersionCustomersTable({ versionId, blacklisted }: VersionCustomersTableProps) {
  const access = useTableAccess();
  return (
    <DataTable<Customer>
      name={blacklisted ? 'version-blacklist' : 'version-customers'}
      list={blacklisted ? VERSION_BLACKLIST_LIST : VERSION_CUSTOMER_LIST}
      hiddenColumns={HIDDEN}
      source={{
        mode: 'server',
        endpoint: packageEndpoints.versionCustomers,
        pathParams: { versionId },
        params: blacklisted ? { blacklisted: true } : {},
        // Under the orgs root: the 'orgs' and 'group-members' events (a blacklist group changed)
        // both refresh it.
        queryKey: [...queryKeys.orgs, 'version-customers', versionId],
      }}
      {...access}
      rowHref={(row) => paths.org(row.org_id)}
    />
  );
}
