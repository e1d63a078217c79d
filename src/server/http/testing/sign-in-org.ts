// Tests that sign in with Salesforce need an org whose users may: the simulator's License
// Management Org, recorded as a connected org of type Licenses (as Add Org or demo mode would
// leave it; no tokens, which sign-in never uses).
import type { RunningSimulator } from '../../../../test/support/salesforce-simulator';
import type { SqlClient } from '../../db/database';
import { upsertConnectedOrg } from '../../db/repositories/connected-orgs';

/** Records the simulator's LMA as connected; answers its org id. */
export async function connectSimulatorLma(db: SqlClient, sim: RunningSimulator): Promise<string> {
  const lma = sim.orgs.find((org) => org.kind === 'lma');
  if (!lma) throw new Error('the simulator has no License Management Org');
  await upsertConnectedOrg(db, {
    orgId: lma.orgId,
    name: lma.name,
    instanceUrl: lma.instanceUrl,
    loginUrl: sim.url,
    type: 'Licenses',
    status: 'Connected',
    accessTokenEnc: null,
    refreshTokenEnc: null,
  });
  return lma.orgId;
}
