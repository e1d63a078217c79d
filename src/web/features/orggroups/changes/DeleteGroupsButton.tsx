// Delete for the group list's selection and the group detail (spec §2), after the singular or
// plural confirmation (spec §5). 'Delete Failed' with the server's message otherwise.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { deleteGroupsPrompt } from '../../../../domain';
import { ConfirmDialog } from './ConfirmDialog';
import { groupApi } from './groupApi';
import { showFailure } from './notices';
import { SelectionButton } from './SelectionButton';

interface DeleteGroupsButtonProps {
  groupIds: readonly number[];
  readOnly: boolean;
  onDeleted?: () => void;
}

export function DeleteGroupsButton({ groupIds, readOnly, onDeleted }: DeleteGroupsButtonProps) {
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => groupApi.delete([...groupIds]),
    onSuccess: () => {
      setAsking(false);
      onDeleted?.();
    },
    onError: (error) => {
      setAsking(false);
      showFailure('Delete Failed', error);
    },
  });
  return (
    <>
      <SelectionButton
        readOnly={readOnly}
        selected={groupIds.length}
        color="red"
        variant="light"
        onClick={() => setAsking(true)}
      >
        Delete
      </SelectionButton>
      <ConfirmDialog
        opened={asking}
        title="Delete groups"
        question={deleteGroupsPrompt(groupIds.length)}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
