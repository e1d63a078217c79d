// Org detail's Add To Group (docs/product.md "Org detail"): the group picker for this one org; the
// notice reads 'Added org to {group}'.
import { useState } from 'react';
import { ChangeActionButton } from '../../../components/ChangeActionButton';
import { SelectGroupModal } from '../../orggroups';

export function AddOrgToGroupButton({ orgId, readOnly }: { orgId: string; readOnly: boolean }) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <ChangeActionButton
        readOnly={readOnly}
        size="xs"
        variant="default"
        onClick={() => setAdding(true)}
      >
        Add To Group
      </ChangeActionButton>
      <SelectGroupModal opened={adding} onClose={() => setAdding(false)} orgIds={[orgId]} />
    </>
  );
}
