import { licenseEndpoints, LICENSE_LIST, type License } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import type { GroupTabProps } from './GroupMembersTab';

/** The licenses of the group's member orgs, paged by the server. */
export function GroupLicensesTab({ groupId, readOnly, username }: GroupTabProps) {
  return (
    <DataTable<License>
      name="group-licenses"
      list={LICENSE_LIST}
      source={{
        mode: 'server',
        endpoint: licenseEndpoints.list,
        params: { group_id: groupId },
        queryKey: queryKeys.licenses,
      }}
      // The same cell links as the Licenses list (docs/product.md "Licenses list").
      cellHref={{
        name: (license) => paths.license(license.sfid),
        package_name: (license) => paths.package(license.package_id),
        version_number: (license) => paths.packageVersion(license.version_id),
        lma_org_name: (license) => paths.packageOrg(license.lma_org_id),
      }}
      readOnly={readOnly}
      username={username}
      exportName={`group-${groupId}-licenses`}
    />
  );
}
