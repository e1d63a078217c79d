// Org detail's Related Orgs tab: the other orgs of the same account, server-paged.
import { orgEndpoints, RELATED_ORG_LIST, type Org } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import type { OrgTabProps } from './orgTabProps';

export function RelatedOrgsTab({ orgId, readOnly, username }: OrgTabProps) {
  return (
    <DataTable<Org>
      name="related orgs"
      list={RELATED_ORG_LIST}
      source={{
        mode: 'server',
        endpoint: orgEndpoints.list,
        params: { relatedOrgId: orgId },
        queryKey: queryKeys.orgs,
      }}
      readOnly={readOnly}
      username={username}
      exportName={`RelatedOrgs-${orgId}`}
      rowHref={(row) => paths.org(row.org_id)}
    />
  );
}
