// Upgrade Request detail's actions (docs/product.md "Upgrade request detail", "Upgrade actions",
// "Confirmation texts" and "Notices"): Activate Request, Cancel Request (with a comment) and
// Refresh Request.
import { notifications } from '@mantine/notifications';
import {
  canActivateRequest,
  canCancelRequest,
  isJobStatus,
  permission,
  upgradeRequestEndpoints,
  type Actor,
  type UpgradeItemDetail,
} from '../../../../domain';
import { localDateTime } from '../../../components/dateTime';
import { ConfirmedActionBar } from '../actions/ConfirmedActionBar';
import { itemProgress } from '../shared/upgradeProgress';
import { useUpgradeAction } from '../actions/useUpgradeAction';

export const REFRESHING_REQUEST = 'Refreshing Upgrade Request';

export function activateRequestPrompt(item: Pick<UpgradeItemDetail, 'scheduled_start_time'>) {
  return `Are you sure you want to activate this request for ${localDateTime(item.scheduled_start_time)}?`;
}

export function cancelRequestPrompt(orgs: number) {
  return `Are you sure you want to cancel this request? All ${orgs} orgs will be canceled.`;
}

export const REFRESH_REQUEST_PROMPT =
  'Are you sure you want to refresh the status of this request? The refresh runs in the background.';

interface UpgradeItemActionsProps {
  item: UpgradeItemDetail;
  actor: Actor | null;
  readOnly: boolean;
}

export function UpgradeItemActions({ item, actor, readOnly }: UpgradeItemActionsProps) {
  const id = item.id;
  const activate = useUpgradeAction({
    kind: 'activate',
    endpoint: upgradeRequestEndpoints.activate,
  });
  const cancel = useUpgradeAction({ kind: 'cancel', endpoint: upgradeRequestEndpoints.cancel });
  const refresh = useUpgradeAction({
    kind: 'refresh',
    endpoint: upgradeRequestEndpoints.refresh,
    onSuccess: () =>
      notifications.show({
        color: 'green',
        title: REFRESHING_REQUEST,
        message: `The status of request ${id} is being refreshed from Salesforce in the background.`,
        autoClose: 7_000,
      }),
  });

  const progress = itemProgress(item);
  const state = {
    status: isJobStatus(item.status) ? item.status : ('Created' as const),
    created_by: item.created_by,
  };
  const known = isJobStatus(item.status);
  const unknown = { allowed: false as const, reason: `This request is ${item.status}.` };

  return (
    <ConfirmedActionBar
      name="Request actions"
      readOnly={readOnly}
      actions={[
        {
          label: 'Activate Request',
          permission: known ? canActivateRequest(actor, state, progress) : unknown,
          pending: activate.isPending,
          confirm: {
            title: 'Activate Request',
            message: activateRequestPrompt(item),
            onConfirm: () => activate.mutate({ params: { id } }),
          },
        },
        {
          label: 'Cancel Request',
          permission: known ? canCancelRequest(actor, state, progress) : unknown,
          pending: cancel.isPending,
          color: 'red',
          variant: 'light',
          confirm: {
            title: 'Cancel Request',
            message: cancelRequestPrompt(progress.count),
            withComment: true,
            onConfirm: (comment) => cancel.mutate({ params: { id }, body: { comment } }),
          },
        },
        {
          label: 'Refresh Request',
          permission: permission(actor, 'refreshStatus'),
          pending: refresh.isPending,
          variant: 'default',
          confirm: {
            title: 'Refresh Request',
            message: REFRESH_REQUEST_PROMPT,
            onConfirm: () => refresh.mutate({ params: { id } }),
          },
        },
      ]}
    />
  );
}
