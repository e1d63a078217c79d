// Delete for the group list's selection and the group detail (docs/product.md "Org Groups list" and
// "Org Group detail"), after the singular or plural confirmation (docs/product.md
// "Confirmation texts"). 'Delete Failed' with the server's message otherwise.
import { deleteGroupsPrompt, orgGroupEndpoints } from '../../../../domain';
import { ConfirmedSelectionButton } from '../../../components/selection/ConfirmedSelectionButton';
import { callEndpoint } from '../../../api/endpoint-client';

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
      run={() => callEndpoint(orgGroupEndpoints.delete, { body: { orggroupIds: [...groupIds] } })}
      {...(onDeleted ? { onDone: onDeleted } : {})}
    />
  );
}
