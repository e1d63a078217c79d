// Delete for the group list's selection and the group detail (spec §2), after the singular or
// plural confirmation (spec §5). 'Delete Failed' with the server's message otherwise.
import { deleteGroupsPrompt } from '../../../../domain';
import { ConfirmedSelectionButton } from '../../../components/selection/ConfirmedSelectionButton';
import { groupApi } from '../../../api/groupApi';

interface DeleteGroupsButtonProps {
  groupIds: readonly number[];
  readOnly: boolean;
  onDeleted?: () => void;
}

export function DeleteGroupsButton({ groupIds, readOnly, onDeleted }: DeleteGroupsButtonProps) {
  return (
    <ConfirmedSelectionButton
      readOnly={readOnly}
      selected={groupIds.length}
      label="Delete"
      title="Delete groups"
      question={deleteGroupsPrompt(groupIds.length)}
      confirmLabel="Delete"
      failureTitle="Delete Failed"
      run={() => groupApi.delete([...groupIds])}
      {...(onDeleted ? { onDone: onDeleted } : {})}
    />
  );
}
