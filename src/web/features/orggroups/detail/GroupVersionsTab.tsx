import { orgGroupEndpoints, GROUP_VERSION_LIST, type GroupVersion } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import type { GroupTabProps } from './GroupMembersTab';

/** One row per member org and installed package, paged by the server. */
export function GroupVersionsTab({ groupId, readOnly, username }: GroupTabProps) {
  return (
    <DataTable<GroupVersion>
      name="group-versions"
      list={GROUP_VERSION_LIST}
      source={{
        mode: 'server',
        endpoint: orgGroupEndpoints.versions,
        pathParams: { id: groupId },
        queryKey: [...queryKeys.groupVersions, groupId],
      }}
      cellHref={{
        org_id: (row) => paths.org(row.org_id),
        package_name: (row) => paths.package(row.package_id),
        version_number: (row) => paths.packageVersion(row.version_id),
      }}
      readOnly={readOnly}
      username={username}
      exportName={`group-${groupId}-versions`}
    />
  );
}
