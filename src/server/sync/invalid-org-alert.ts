// ALERT_INVALID_ORG, raised once per transition to Invalid. The gateway calls `onOrgInvalid` only
// when its refresh marked the org Invalid; the monitor raises it only when its own update made
// the change. Either way one transition gives one alert. The payload never carries tokens.
import type { ConnectedOrgRow } from '../db/repositories/connected-orgs';
import type { LivePublisher } from '../live/live-channel';

export function publishInvalidOrg(
  live: LivePublisher,
  org: Pick<ConnectedOrgRow, 'org_id' | 'name' | 'instance_url' | 'type'>,
): void {
  live.publish('ALERT_INVALID_ORG', {
    subject: 'Connection lost',
    message: `Pushboard can no longer reach ${org.name} (${org.org_id}): its authorization was revoked or has expired. Connect the org again.`,
    org: { org_id: org.org_id, name: org.name, instance_url: org.instance_url, type: org.type },
  });
}

/** For GatewayDeps.onOrgInvalid in the composition root. */
export function invalidOrgAlert(live: LivePublisher): (org: ConnectedOrgRow) => void {
  return (org) => publishInvalidOrg(live, org);
}
