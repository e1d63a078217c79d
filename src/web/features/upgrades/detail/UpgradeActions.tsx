// Upgrade detail's actions (docs/product.md "Upgrade detail", "Upgrade actions",
// "Confirmation texts" and "Notices"): Activate, Cancel (with a comment), Retry Failed and Refresh
// Status. Enablement is the domain's rules, the same the server enforces; the server's refusal
// still shows under its failure title.
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import {
  canActivateUpgrade,
  canCancelUpgrade,
  canRetryUpgrade,
  isUpgradeStatus,
  permission,
  upgradeEndpoints,
  type Actor,
  type Permission,
  type UpgradeDetail,
} from '../../../../domain';
import { paths } from '../../../components/paths';
import { ConfirmedActionBar } from '../actions/ConfirmedActionBar';
import { upgradeProgress } from '../shared/upgradeProgress';
import { useUpgradeAction } from '../actions/useUpgradeAction';

export const CONFIRM = {
  activate: 'Are you sure you want to activate this upgrade?',
  cancel: 'Are you sure you want to cancel this upgrade? All requests will be canceled.',
  retry: 'Are you sure you want to retry this upgrade? Only failed jobs will be rescheduled.',
  refresh:
    'Are you sure you want to refresh the status of this upgrade? The refresh runs in the background.',
} as const;

export const REFRESHING_UPGRADE = 'Refreshing Upgrade';

interface UpgradeActionsProps {
  upgrade: UpgradeDetail;
  actor: Actor | null;
  readOnly: boolean;
}

function unknownStatus(status: string): Permission {
  return { allowed: false, reason: `This upgrade is ${status}.` };
}

export function UpgradeActions({ upgrade, actor, readOnly }: UpgradeActionsProps) {
  const navigate = useNavigate();
  const id = upgrade.id;
  const activate = useUpgradeAction({ kind: 'activate', endpoint: upgradeEndpoints.activate });
  const cancel = useUpgradeAction({ kind: 'cancel', endpoint: upgradeEndpoints.cancel });
  const retry = useUpgradeAction({
    kind: 'retry',
    endpoint: upgradeEndpoints.retry,
    // The retry is a new upgrade linked to this one: show it.
    onSuccess: (answer) => void navigate(paths.upgrade(answer.id) ?? '/upgrades'),
  });
  const refresh = useUpgradeAction({
    kind: 'refresh',
    endpoint: upgradeEndpoints.refresh,
    onSuccess: () =>
      notifications.show({
        color: 'green',
        title: REFRESHING_UPGRADE,
        message: `The status of upgrade ${id} is being refreshed from Salesforce in the background.`,
        autoClose: 7_000,
      }),
  });

  const progress = upgradeProgress(upgrade);
  const state = isUpgradeStatus(upgrade.status)
    ? { status: upgrade.status, created_by: upgrade.created_by }
    : null;
  const may = {
    activate: state ? canActivateUpgrade(actor, state, progress) : unknownStatus(upgrade.status),
    cancel: state ? canCancelUpgrade(actor, state, progress) : unknownStatus(upgrade.status),
    retry: canRetryUpgrade(actor, { Failed: upgrade.failed_job_count }),
    refresh: permission(actor, 'refreshStatus'),
  };

  return (
    <ConfirmedActionBar
      name="Upgrade actions"
      readOnly={readOnly}
      actions={[
        {
          label: 'Activate',
          permission: may.activate,
          pending: activate.isPending,
          confirm: {
            title: 'Activate',
            message: CONFIRM.activate,
            onConfirm: () => activate.mutate({ params: { id } }),
          },
        },
        {
          label: 'Cancel',
          permission: may.cancel,
          pending: cancel.isPending,
          color: 'red',
          variant: 'light',
          confirm: {
            title: 'Cancel Upgrade',
            message: CONFIRM.cancel,
            withComment: true,
            onConfirm: (comment) => cancel.mutate({ params: { id }, body: { comment } }),
          },
        },
        {
          label: 'Retry Failed',
          permission: may.retry,
          pending: retry.isPending,
          variant: 'default',
          confirm: {
            title: 'Retry Failed',
            message: CONFIRM.retry,
            onConfirm: () => retry.mutate({ params: { id } }),
          },
        },
        {
          label: 'Refresh Status',
          permission: may.refresh,
          pending: refresh.isPending,
          variant: 'default',
          confirm: {
            title: 'Refresh Status',
            message: CONFIRM.refresh,
            onConfirm: () => refresh.mutate({ params: { id } }),
          },
        },
      ]}
    />
  );
}
