// ALERT_PREAUTH_ORG (docs/product.md "Notices"): an org Pushboard met but may not act through yet.
// What that means here: the LMA lists a package whose packaging org Pushboard holds no connection
// for, so its versions cannot be read from it nor upgrades pushed through it. The package fetch
// raises it once per run for each such org, after its writes committed; a click starts
// /oauth2/preauthorg for that org. The payload never carries tokens.
import type { SqlClient } from '../db/database';
import {
  findUnauthorizedPackagingOrgs,
  type UnauthorizedPackagingOrg,
} from '../db/repositories/packages';
import type { LivePublisher } from '../live/live-channel';

export function publishPreauthOrg(live: LivePublisher, org: UnauthorizedPackagingOrg): void {
  live.publish('ALERT_PREAUTH_ORG', {
    subject: 'Authorize a packaging org',
    message: `The packaging org ${org.org_id} of ${org.package_names} is not connected to Pushboard yet. Click here to authorize it, logging in as a user of that org.`,
    org: {
      org_id: org.org_id,
      name: `${org.package_names} packaging org`,
      instance_url: '',
      type: 'Package',
    },
  });
}

/** Raises the alert for every packaging org still waiting; returns how many there were. */
export async function alertUnauthorizedPackagingOrgs(
  db: SqlClient,
  live: LivePublisher,
): Promise<number> {
  const waiting = await findUnauthorizedPackagingOrgs(db);
  for (const org of waiting) publishPreauthOrg(live, org);
  return waiting.length;
}
