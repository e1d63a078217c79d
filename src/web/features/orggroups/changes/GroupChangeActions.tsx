// Org Group detail's Edit and Delete (docs/product.md "Org Group detail"): Edit opens the group
// form with the group's values; Delete confirms ('Are you sure you want to delete this group?') and
// returns to the list.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { OrgGroup } from '../../../../domain';
import { ChangeActionButton } from '../../../components/ChangeActionButton';
import { DeleteGroupsButton } from './DeleteGroupsButton';
import { GroupFormModal } from './GroupFormModal';

export function GroupChangeActions({ group, readOnly }: { group: OrgGroup; readOnly: boolean }) {
  const [editing, setEditing] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <ChangeActionButton
        readOnly={readOnly}
        size="xs"
        variant="default"
        onClick={() => setEditing(true)}
      >
        Edit
      </ChangeActionButton>
      <DeleteGroupsButton
        groupIds={[group.id]}
        readOnly={readOnly}
        onDeleted={() => void navigate('/orggroups')}
      />
      <GroupFormModal opened={editing} onClose={() => setEditing(false)} group={group} />
    </>
  );
}
