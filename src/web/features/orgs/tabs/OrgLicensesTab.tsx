// Org detail's Licenses tab: the org's licenses, server-paged like the Licenses list, with the same
// cell links (docs/product.md "Licenses list").
import {
  licenseEndpoints,
  LICENSE_LIST,
  type License,
  type ListDefinition,
} from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import type { OrgTabProps } from './orgTabProps';

/**
 * The Licenses list's columns under a key of its own: the key holds the remembered sorts and
 * filters and the saved filters, and a filter for the Licenses list would hide this tab's rows.
 */
export const ORG_LICENSE_LIST: ListDefinition = { ...LICENSE_LIST, key: 'OrgLicenseCard' };

export function OrgLicensesTab({ orgId, readOnly, username }: OrgTabProps) {
  return (
    <DataTable<License>
      name="org licenses"
      list={ORG_LICENSE_LIST}
      source={{
        mode: 'server',
        endpoint: licenseEndpoints.list,
        params: { org_id: orgId },
        queryKey: queryKeys.licenses,
      }}
      readOnly={readOnly}
      username={username}
      exportName={`Licenses-${orgId}`}
      cellHref={{
        name: (row) => paths.license(row.sfid),
        package_name: (row) => paths.package(row.package_id),
        version_number: (row) => paths.packageVersion(row.version_id),
        lma_org_name: (row) => paths.packageOrg(row.lma_org_id),
      }}
      // The remaining cells open the license too, as a row click does on the Licenses list.
      rowHref={(row) => paths.license(row.sfid)}
    />
  );
}
