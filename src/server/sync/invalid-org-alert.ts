// ALERT_INVALID_ORG, raised once per transition to Invalid. The gateway calls `onOrgInvalid` only
// when its refresh marked the org Invalid; the monitor raises it only when its own update made
// the change. Either way one transition gives one alert, and one 'connected_org.invalid' webhook
// event (docs/product.md "Webhooks"). The payloads never carry tokens.
import type { Database, SqlClient } from '../db/database';
import type { ConnectedOrgRow } from '../db/repositories/connected-orgs';
import type { JobLogger } from '../jobs/job-logger';
import { emitWebhookEvent } from '../jobs/webhook-emit';
import type { LivePublisher } from '../live/live-channel';
import { refreshRefusedReason } from '../salesforce/errors';

type AlertedOrg = Pick<ConnectedOrgRow, 'org_id' | 'name' | 'instance_url' | 'type'>;

export function publishInvalidOrg(live: LivePublisher, org: AlertedOrg): void {
  live.publish('ALERT_INVALID_ORG', {
    subject: 'Connection lost',
    message: `Pushboard can no longer reach ${org.name} (${org.org_id}): its authorization was revoked or has expired. Connect the org again.`,
    org: { org_id: org.org_id, name: org.name, instance_url: org.instance_url, type: org.type },
  });
}

/** The webhook event of one transition to Invalid, in the transaction that made it when there is one. */
export async function emitInvalidOrg(
  db: SqlClient,
  org: AlertedOrg,
  reason: string | null,
): Promise<void> {
  await emitWebhookEvent(db, 'connected_org.invalid', {
    org_id: org.org_id,
    name: org.name,
    type: org.type,
    instance_url: org.instance_url,
    reason,
  });
}

/**
 * For GatewayDeps.onOrgInvalid in the composition root. The gateway's refresh has already
 * committed the Invalid status when it calls this, so the webhook event is written just after, in
 * a transaction of its own (a crash between the two would lose that one event).
 */
export function invalidOrgAlert(
  live: LivePublisher,
  webhooks?: { db: Database; log: Pick<JobLogger, 'error'> },
): (org: ConnectedOrgRow, error?: unknown) => void {
  return (org, error) => {
    publishInvalidOrg(live, org);
    if (!webhooks) return;
    // The reason the gateway wrote on the org's row.
    const reason = error === undefined ? null : refreshRefusedReason(error);
    emitInvalidOrg(webhooks.db, org, reason).catch((failure: unknown) =>
      webhooks.log.error({ err: failure }, 'writing the connected_org.invalid webhook failed'),
    );
  };
}
