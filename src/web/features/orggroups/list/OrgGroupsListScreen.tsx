// Org Groups list (docs/product.md "Org Groups list"): a type radio remembered in local storage,
// the groups of that type in a client-mode table with saved filters, and the New and Delete
// actions.
import { useState } from 'react';
import { Group, SegmentedControl, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ORG_GROUP_LIST, ORG_GROUP_TYPE_FILTERS, type OrgGroup } from '../../../../domain';
import { ChangeActionButton } from '../../../components/ChangeActionButton';
import { DataTable } from '../../../components/data-table';
import { paths } from '../../../components/paths';
import { Screen } from '../../../components/Screen';
import { useTableAccess } from '../../../app/current-user/useTableAccess';
import { useGroupTypeFilter } from './useGroupTypeFilter';
import { useOrgGroups } from './useOrgGroups';
import { WhenCell } from '../../../components/WhenCell';
import { DeleteGroupsButton } from '../changes/DeleteGroupsButton';
import { GroupFormModal } from '../changes/GroupFormModal';

export function OrgGroupsListScreen() {
  const { readOnly, username } = useTableAccess();
  const [type, setType] = useGroupTypeFilter();
  const groups = useOrgGroups(type);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set());
  const selectedIds = [...selection].map(Number);

  return (
    <Screen name="orggroups" title="Org Groups">
      <Group justify="space-between" align="center" mb="md" wrap="wrap">
        <Title order={1} size="h2">
          Org Groups
        </Title>
        <SegmentedControl
          aria-label="Group type"
          data={[...ORG_GROUP_TYPE_FILTERS]}
          value={type}
          onChange={setType}
        />
      </Group>
      <DataTable<OrgGroup>
        name="orggroups"
        list={ORG_GROUP_LIST}
        source={{
          mode: 'client',
          rows: groups.data,
          loading: groups.isPending,
          error: groups.error,
        }}
        rowHref={(group) => paths.orgGroup(group.id)}
        renderCell={{ created_date: (group) => <WhenCell value={group.created_date} /> }}
        // Read-only users cannot select rows in the group list (docs/product.md
        // "Roles and permissions").
        selectable={!readOnly}
        selection={selection}
        onSelectionChange={setSelection}
        readOnly={readOnly}
        username={username}
        toolbar={
          <>
            <ChangeActionButton readOnly={readOnly} size="xs" onClick={() => setCreating(true)}>
              New
            </ChangeActionButton>
            <DeleteGroupsButton
              groupIds={selectedIds}
              readOnly={readOnly}
              onDeleted={() => setSelection(new Set())}
            />
          </>
        }
      />
      <GroupFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(group) => void navigate(paths.orgGroup(group.id) ?? '/orggroups')}
      />
    </Screen>
  );
}
