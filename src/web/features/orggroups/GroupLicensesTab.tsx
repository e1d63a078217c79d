import { LICENSE_LIST, type License } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { DataTable } from '../../components/data-table';
import type { GroupTabProps } from './GroupMembersTab';

/** The licenses of the group's member orgs, paged by the server. */
export function GroupLicensesTab({ groupId, readOnly, username }: GroupTabProps) {
  return (
    <DataTable<License>
      name="group-licenses"
      list={LICENSE_LIST}
      source={{
        mode: 'server',
        endpoint: '/api/licenses',
        params: { group_id: groupId },
        queryKey: queryKeys.licenses,
      }}
      // The same cell links as the Licenses list (spec §2).
      cellHref={{
        name: (license) => `/license/${license.sfid}`,
        package_name: (license) => (license.package_id ? `/package/${license.package_id}` : null),
        version_number: (license) =>
          license.version_id ? `/packageversion/${license.version_id}` : null,
        lma_org_name: (license) =>
          license.lma_org_id ? `/packageorg/${license.lma_org_id}` : null,
      }}
      readOnly={readOnly}
      username={username}
      exportName={`group-${groupId}-licenses`}
    />
  );
}
