// Package detail's Customers tab: the orgs that have a version of the package installed, paged by
// the server (a package can have tens of thousands). The Blacklisted toggle narrows the list to
// the customers upgrades will skip.
import { useState } from 'react';
import { Switch } from '@mantine/core';
import { packageEndpoints, PACKAGE_CUSTOMER_LIST, type Customer } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { DataTable } from '../../components/data-table';
import { useTableAccess } from '../../app/current-user/useTableAccess';
import { paths } from '../../components/paths';

const cellHref = {
  version_number: (row: Customer) => paths.packageVersion(row.version_id),
};

export function PackageCustomersTab({ packageId }: { packageId: string }) {
  const access = useTableAccess();
  const [blacklisted, setBlacklisted] = useState(false);
  return (
    <DataTable<Customer>
      name="package-customers"
      list={PACKAGE_CUSTOMER_LIST}
      source={{
        mode: 'server',
        endpoint: packageEndpoints.customers,
        pathParams: { packageId },
        // Off means every customer, so the flag is left out rather than sent as false (which
        // would mean "only the customers that are not blacklisted").
        params: blacklisted ? { blacklisted: true } : {},
        // Under the orgs root: the 'orgs' and 'group-members' events (a blacklist group changed)
        // both refresh it.
        queryKey: [...queryKeys.orgs, 'package-customers', packageId],
      }}
      {...access}
      toolbar={
        <Switch
          label="Blacklisted"
          checked={blacklisted}
          onChange={(event) => setBlacklisted(event.currentTarget.checked)}
        />
      }
      rowHref={(row) => paths.org(row.org_id)}
      cellHref={cellHref}
    />
  );
}
