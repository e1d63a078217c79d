// Monitor connected orgs: for each one, a cheap call (its own Organization record) that proves the
// tokens still work and refreshes the access token when it expired, which also keeps the refresh
// token in use. invalid_grant → the org is Invalid (alert once); any other failure is reported
// and leaves the status as it was: an error is never taken for a healthy connection.
import { z } from 'zod';
import { countNoun } from '../../domain/format';
import { updateConnectedOrgDetails } from '../db/repositories/connected-org-details';
import {
  findConnectedOrg,
  listConnectedOrgs,
  markConnectedOrgInvalid,
  type ConnectedOrgRow,
} from '../db/repositories/connected-orgs';
import type { JobContext, JobDefinition, JobStep } from '../jobs/types';
import { isInvalidGrant, refreshRefusedReason } from '../salesforce/errors';
import type { SyncDeps } from './deps';
import type { StepParams } from './fetch-run';
import { emitInvalidOrg, publishInvalidOrg } from './invalid-org-alert';
import { messageOf } from './sources';

const organization = z.object({
  Name: z.string(),
  Division: z.string().nullish(),
  NamespacePrefix: z.string().nullish(),
  InstanceName: z.string().nullish(),
});

type Verdict = 'connected' | 'invalid' | 'failed';

async function check(deps: SyncDeps, context: JobContext, org: ConnectedOrgRow): Promise<Verdict> {
  try {
    const conn = await deps.gateway.connect(org.org_id);
    const record = await conn.retrieve('Organization', org.org_id, organization);
    // Keep what the Connected Orgs page shows current (renames, instance moves).
    await updateConnectedOrgDetails(deps.db, org.org_id, {
      name: record.Name,
      division: record.Division ?? null,
      namespace: record.NamespacePrefix ?? null,
      instanceName: record.InstanceName ?? null,
    });
    return 'connected';
  } catch (error) {
    if (context.signal.aborted) throw error;
    // jsforce wraps a failed refresh into its own message, so also ask the row: the gateway's
    // refresh marks the org Invalid when Salesforce answered invalid_grant.
    const lost =
      isInvalidGrant(error) || (await findConnectedOrg(deps.db, org.org_id))?.status === 'Invalid';
    if (lost) {
      // The gateway marks Invalid (and alerts) when a refresh fails; an org without any token
      // fails before that, so mark it here. Whoever changes the status raises the one alert.
      const reason =
        org.refresh_token_enc || org.access_token_enc
          ? refreshRefusedReason(error)
          : 'No token is stored for it: connect the org again.';
      const changed = await deps.db.transaction(async (tx) => {
        if (!(await markConnectedOrgInvalid(tx, org.org_id, reason))) return false;
        await emitInvalidOrg(tx, org, reason);
        return true;
      });
      if (changed) publishInvalidOrg(deps.live, org);
      deps.gateway.forget(org.org_id);
      context.error(new Error(`${org.name} (${org.org_id}) needs to be connected again.`));
      return 'invalid';
    }
    context.error(new Error(`Checking ${org.name} (${org.org_id}) failed: ${messageOf(error)}`));
    return 'failed';
  }
}

const shown = (org: ConnectedOrgRow) =>
  [org.org_id, org.status, org.name, org.instance_name, org.refreshed_date].join('|');

function monitorStep(deps: SyncDeps): JobStep<StepParams> {
  return {
    name: 'Monitor connected orgs',
    async run(context) {
      const counts: Record<Verdict | 'skipped', number> = {
        connected: 0,
        invalid: 0,
        failed: 0,
        skipped: 0,
      };
      const orgs = await listConnectedOrgs(deps.db);
      for (const org of orgs) {
        context.throwIfCanceled();
        if (org.status === 'Invalid') {
          // Only a person can re-authorize it; calling Salesforce would change nothing.
          counts.skipped++;
          context.result(`${org.name} (${org.org_id}) needs to be connected again`);
          continue;
        }
        context.progress(`Checking ${org.name}`);
        counts[await check(deps, context, org)]++;
      }
      context.result(
        `Checked ${countNoun(orgs.length - counts.skipped, 'connected org')}: ` +
          `${counts.connected} working, ${counts.invalid} lost their authorization, ` +
          `${counts.failed} could not be checked`,
      );
      // A refresh, a lost authorization or new details change what the list shows.
      const after = await listConnectedOrgs(deps.db);
      if (after.map(shown).join('\n') !== orgs.map(shown).join('\n')) {
        deps.live.publish('package-orgs', {});
      }
    },
  };
}

export function monitorOrgsJob(deps: SyncDeps): JobDefinition<StepParams> {
  return {
    type: 'monitor-orgs',
    name: () => 'Monitor connected orgs',
    steps: () => [monitorStep(deps)],
  };
}
