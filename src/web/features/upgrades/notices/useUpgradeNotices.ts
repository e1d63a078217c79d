// The 'Upgrade Status Update' notice (docs/product.md "Notices"): an upgrade event caused by
// someone else (it carries their action's transid) shows 'The upgrade {description} changed. Click
// here to see what is new.' for 7 s, and a click opens the upgrade. Only scheduling events (a new
// upgrade, a retry) carry a transid, and their upgrade's creator is who acted: one created by this
// user is their own doing (a retry's transid is made by the server, so the creator is what tells).
// Activations and cancels name who acted (`by`). Events with neither are the monitor's progress:
// they refresh the screens (live.ts) without a toast.
import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { upgradeEndpoints, type ServerEventPayload } from '../../../../domain';
import { callEndpoint } from '../../../api/endpoint-client';
import { getLiveSocket } from '../../../api/live';
import { paths } from '../../../components/paths';
import { useCurrentUser } from '../../../app/current-user/useCurrentUser';
import { isOwnTransid } from './ownTransids';

export const UPGRADE_STATUS_UPDATE = 'Upgrade Status Update';
export const UPGRADE_NOTICE_MS = 7_000;

export function upgradeChangedMessage(description: string): string {
  return `The upgrade ${description} changed. Click here to see what is new.`;
}

export function useUpgradeNotices(): void {
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const me = user?.username?.trim().toLowerCase() ?? null;
  useEffect(() => {
    const socket = getLiveSocket();
    const onUpgrade = ({ ids, transid, by }: ServerEventPayload<'upgrade'>) => {
      // Activations and cancels name who acted; schedules carry the transid of whoever scheduled.
      const fromOther =
        by !== undefined
          ? by.trim().toLowerCase() !== me
          : transid !== undefined && !isOwnTransid(transid);
      if (!fromOther) return;
      for (const raw of ids ?? []) {
        const id = Number(raw);
        const to = paths.upgrade(id);
        if (!Number.isInteger(id) || !to) continue;
        void callEndpoint(upgradeEndpoints.get, { params: { id } })
          .then(({ description, created_by }) => {
            if (!by && created_by && created_by.trim().toLowerCase() === me) return;
            const noticeId = `upgrade-changed:${id}`;
            notifications.show({
              id: noticeId,
              color: 'blue',
              title: UPGRADE_STATUS_UPDATE,
              message: upgradeChangedMessage(description),
              autoClose: UPGRADE_NOTICE_MS,
              style: { cursor: 'pointer' },
              onClick: () => {
                notifications.hide(noticeId);
                void navigate(to);
              },
            });
          })
          // The upgrade went away (purged) or cannot be read: nothing to announce.
          .catch(() => undefined);
      }
    };
    socket.on('upgrade', onUpgrade);
    return () => {
      socket.off('upgrade', onUpgrade);
    };
  }, [navigate, me]);
}
