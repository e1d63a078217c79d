import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { getLiveSocket } from '../api/live';
import { startConnect, startPreauthorization } from '../features/packageorgs/actions/connectFlow';
import { showFailure } from '../features/packageorgs/actions/useConnectedOrgChanges';
import { useUpgradeNotices } from '../features/upgrades/notices/useUpgradeNotices';
import { isOwnTransid } from '../features/upgrades/notices/ownTransids';

const alertPayload = z.object({
  subject: z.string().optional(),
  message: z.string(),
  transid: z.string().optional(),
  org: z
    .object({
      org_id: z.string(),
      name: z.string(),
      instance_url: z.string().optional(),
      type: z.enum(['Package', 'Licenses', 'Accounts']).optional(),
    })
    .optional(),
});

export const UPGRADE_SYSTEM_FAILURE = 'Upgrade System Failure';

/** Notice durations (docs/product.md "Notices"). */
export const LIVE_NOTICE_MS = {
  fail: 10_000,
  alert: 10_000,
  invalidOrg: 15_000,
  preauthOrg: 25_000,
};

/** The server events that raise a notice; each carries an AlertPayload. */
type AlertEventName = 'fail' | 'alert' | 'ALERT_INVALID_ORG' | 'ALERT_PREAUTH_ORG';

type OrgRef = NonNullable<z.infer<typeof alertPayload>['org']>;

/**
 * What a click on an org alert does (docs/product.md "Notices"): the invalid-org alert
 * re-authorizes the org on its own login page, the pre-authorize alert starts its
 * pre-authorization; an alert that does not say enough opens the connected org instead.
 */
function orgAlertAction(
  kind: 'fail' | 'alert' | 'invalidOrg' | 'preauthOrg',
  org: OrgRef,
  open: () => void,
): () => void {
  const failed = (error: Error) => showFailure('connect', error);
  if (kind === 'preauthOrg') return () => void startPreauthorization(org.org_id).catch(failed);
  if (kind === 'invalidOrg' && org.instance_url) {
    const instanceUrl = org.instance_url;
    return () =>
      void startConnect({
        instanceUrl,
        ...(org.type ? { type: org.type } : {}),
        returnTo: `/packageorg/${org.org_id}`,
      }).catch(failed);
  }
  return open;
}

/**
 * The live channel's notices for every signed-in screen (docs/product.md "Real-time events" and
 * "Notices"): failures the server reports for live-channel commands, alerts, and connected orgs
 * that need attention.
 */
export function useLiveNotices(): void {
  const navigate = useNavigate();
  useUpgradeNotices();
  useEffect(() => {
    const socket = getLiveSocket();
    const show =
      (
        kind: 'fail' | 'alert' | 'invalidOrg' | 'preauthOrg',
        color: string,
        fallbackTitle: string,
      ) =>
      (payload: unknown) => {
        const parsed = alertPayload.safeParse(payload);
        if (!parsed.success) return;
        const { subject, message, org, transid } = parsed.data;
        // This tab sent the request and already shows its answer (e.g. 'Failed to Schedule').
        if (transid && isOwnTransid(transid)) return;
        notifications.show({
          color,
          title: subject || fallbackTitle,
          message,
          autoClose: LIVE_NOTICE_MS[kind],
          ...(org
            ? {
                onClick: orgAlertAction(
                  kind,
                  org,
                  () => void navigate(`/packageorg/${org.org_id}`),
                ),
                style: { cursor: 'pointer' },
              }
            : {}),
        });
      };
    // The payload is checked even though the channel is typed: an alert that does not say
    // enough raises no notice rather than an empty one.
    const handlers: [AlertEventName, (payload: unknown) => void][] = [
      // "Upgrade System Failure" (docs/product.md "Notices"): the engine's failure events, 10 s.
      ['fail', show('fail', 'red', UPGRADE_SYSTEM_FAILURE)],
      ['alert', show('alert', 'red', 'Alert')],
      ['ALERT_INVALID_ORG', show('invalidOrg', 'red', 'Connected org needs re-authorization')],
      ['ALERT_PREAUTH_ORG', show('preauthOrg', 'blue', 'Connected org can be authorized')],
    ];
    for (const [event, handler] of handlers) socket.on(event, handler);
    return () => {
      for (const [event, handler] of handlers) socket.off(event, handler);
    };
  }, [navigate]);
}
