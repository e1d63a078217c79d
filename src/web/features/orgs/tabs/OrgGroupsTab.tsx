// Org detail's Groups tab: the groups the org belongs to. Removing the org from groups (after a
// confirmation, spec §2) arrives with group management; its button is in place, disabled.
import { ORG_GROUP_CARD_LIST, orgGroupSchema, type OrgGroup } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { ChangeActionButton } from '../../../components/ChangeActionButton';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import { useParsedArray } from '../../../components/useParsedArray';
import type { OrgTabProps } from './orgTabProps';

export function OrgGroupsTab({ orgId, readOnly, username }: OrgTabProps) {
  const groups = useParsedArray(
    // Under the groups root so 'group-members' and 'groups' events reload it.
    [...queryKeys.orgGroups, 'of-org', orgId],
    `/api/orggroups/members/${encodeURIComponent(orgId)}`,
    orgGroupSchema,
  );
  return (
    <DataTable<OrgGroup>
      name="org groups"
      list={ORG_GROUP_CARD_LIST}
      source={{ mode: 'client', rows: groups.data, loading: groups.isPending, error: groups.error }}
      readOnly={readOnly}
      username={username}
      exportName={`Groups-${orgId}`}
      rowHref={(row) => paths.orgGroup(row.id)}
      // Spec §6: read-only users cannot select rows of a group list.
      selectable={!readOnly}
      toolbar={
        <ChangeActionButton readOnly={readOnly} size="xs" variant="default" color="red">
          Remove From Group
        </ChangeActionButton>
      }
    />
  );
}
