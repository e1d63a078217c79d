// The group's member orgs, paged by the server (a group can hold tens of thousands of orgs), with
// the member actions on the selection (docs/product.md "Org Group detail"): Copy and Move open the
// group picker without this group; Remove asks 'Are you sure you want to remove N member(s)?'.
import { useState } from 'react';
import {
  GROUP_MEMBER_LIST,
  removeMembersPrompt,
  type Org,
  orgGroupEndpoints,
} from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import { ConfirmedSelectionButton } from '../../../components/selection/ConfirmedSelectionButton';
import { callEndpoint } from '../../../api/endpoint-client';
import { SelectGroupModal } from '../changes/SelectGroupModal';
import { SelectionButton } from '../../../components/selection/SelectionButton';

interface GroupTabProps {
  groupId: number;
  readOnly: boolean;
  username?: string | null;
}

type Picking = 'copy' | 'move' | null;

export function GroupMembersTab({ groupId, readOnly, username }: GroupTabProps) {
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  const [picking, setPicking] = useState<Picking>(null);
  const orgIds = [...selection];
  const clear = () => setSelection(new Set());
  return (
    <>
      <DataTable<Org>
        name="group-members"
        list={GROUP_MEMBER_LIST}
        source={{
          mode: 'server',
          endpoint: orgGroupEndpoints.members,
          pathParams: { id: groupId },
          queryKey: [...queryKeys.groupMembers, groupId],
        }}
        rowHref={(org) => paths.org(org.org_id)}
        // The selection and its 'N Selected' toggle stay available to read-only users
        // (docs/product.md "Roles and permissions"); only the actions on it are changes.
        selectable
        selection={selection}
        onSelectionChange={setSelection}
        readOnly={readOnly}
        username={username}
        exportName={`group-${groupId}-members`}
        toolbar={
          <>
            <SelectionButton
              readOnly={readOnly}
              selected={orgIds.length}
              onClick={() => setPicking('copy')}
            >
              Copy
            </SelectionButton>
            <SelectionButton
              readOnly={readOnly}
              selected={orgIds.length}
              onClick={() => setPicking('move')}
            >
              Move
            </SelectionButton>
            <ConfirmedSelectionButton
              readOnly={readOnly}
              selected={orgIds.length}
              label="Remove"
              title="Remove members"
              question={removeMembersPrompt(orgIds.length)}
              confirmLabel="Remove"
              failureTitle="Removal Failed"
              run={() =>
                callEndpoint(orgGroupEndpoints.removeMembers, {
                  params: { id: groupId },
                  body: { orgIds },
                })
              }
              onDone={clear}
            />
          </>
        }
      />
      <SelectGroupModal
        opened={picking !== null}
        onClose={() => setPicking(null)}
        orgIds={orgIds}
        excludeId={groupId}
        moveFrom={picking === 'move' ? groupId : undefined}
        // Moved orgs have left this group; copied ones stay selected for another copy.
        onDone={() => picking === 'move' && clear()}
      />
    </>
  );
}

export type { GroupTabProps };
