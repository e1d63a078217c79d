import { GROUP_MEMBER_LIST, type Org } from '../../../domain';
import { queryKeys } from '../../api/queryKeys';
import { ChangeActionButton } from '../../components/ChangeActionButton';
import { DataTable } from '../../components/data-table';
import { paths } from '../../components/paths';

interface GroupTabProps {
  groupId: number;
  readOnly: boolean;
  username?: string | null;
}

/** The group's member orgs, paged by the server (a group can hold tens of thousands of orgs). */
export function GroupMembersTab({ groupId, readOnly, username }: GroupTabProps) {
  return (
    <DataTable<Org>
      name="group-members"
      list={GROUP_MEMBER_LIST}
      source={{
        mode: 'server',
        endpoint: `/api/orggroups/${groupId}/members`,
        queryKey: [...queryKeys.groupMembers, groupId],
      }}
      rowHref={(org) => paths.org(org.org_id)}
      // The selection and its 'N Selected' toggle stay available to read-only users (spec §6);
      // only the actions on it are changes.
      selectable
      readOnly={readOnly}
      username={username}
      exportName={`group-${groupId}-members`}
      toolbar={
        <>
          <ChangeActionButton readOnly={readOnly} size="xs" variant="default">
            Copy
          </ChangeActionButton>
          <ChangeActionButton readOnly={readOnly} size="xs" variant="default">
            Move
          </ChangeActionButton>
          <ChangeActionButton readOnly={readOnly} size="xs" color="red" variant="light">
            Remove
          </ChangeActionButton>
        </>
      }
    />
  );
}

export type { GroupTabProps };
