// Org detail's Groups tab: the groups the org belongs to; the selected ones can be left after a
// confirmation (docs/product.md "Org detail" and "Confirmation texts"), 'Removal Failed' with the
// server's message otherwise.
import { useState } from 'react';
import { ORG_GROUP_CARD_LIST, orgGroupEndpoints, type OrgGroup } from '../../../../domain';
import { queryKeys } from '../../../api/queryKeys';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import { useEndpointQuery } from '../../../api/useEndpointQuery';
import { ConfirmedSelectionButton } from '../../../components/selection/ConfirmedSelectionButton';
import { callEndpoint } from '../../../api/endpoint-client';
import type { OrgTabProps } from './orgTabProps';

export function removeFromGroupsPrompt(count: number): string {
  return count === 1
    ? 'Are you sure you want to remove this org from the selected group?'
    : `Are you sure you want to remove this org from ${count} groups?`;
}

export function OrgGroupsTab({ orgId, readOnly, username }: OrgTabProps) {
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  const groups = useEndpointQuery(
    // Under the groups root so 'group-members' and 'groups' events reload it.
    [...queryKeys.orgGroups, 'of-org', orgId],
    orgGroupEndpoints.groupsOfOrg,
    { params: { orgId } },
  );
  const groupIds = [...selection].map(Number);
  return (
    <>
      <DataTable<OrgGroup>
        name="org groups"
        list={ORG_GROUP_CARD_LIST}
        source={{
          mode: 'client',
          rows: groups.data,
          loading: groups.isPending,
          error: groups.error,
        }}
        readOnly={readOnly}
        username={username}
        exportName={`Groups-${orgId}`}
        rowHref={(row) => paths.orgGroup(row.id)}
        // Read-only users cannot select rows of a group list (docs/product.md
        // "Roles and permissions").
        selectable={!readOnly}
        selection={selection}
        onSelectionChange={setSelection}
        toolbar={
          <ConfirmedSelectionButton
            readOnly={readOnly}
            selected={groupIds.length}
            label="Remove From Group"
            title="Remove from groups"
            question={removeFromGroupsPrompt(groupIds.length)}
            confirmLabel="Remove"
            failureTitle="Removal Failed"
            run={() =>
              callEndpoint(orgGroupEndpoints.removeOrgFromGroups, {
                params: { orgId },
                body: { orgGroupIds: groupIds },
              })
            }
            onDone={() => setSelection(new Set())}
          />
        }
      />
    </>
  );
}
