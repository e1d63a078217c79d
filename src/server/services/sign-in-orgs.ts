// Who may sign in with Salesforce: users of the License Management Org(s) the console is
// connected to (connected orgs of type Licenses), or only of AUTH_ORG_ID when it is set. With
// neither, nobody may: the admin access key connects the LMA first.
import { sameId } from '../../domain/ids';
import type { Config } from '../config';
import type { SqlClient } from '../db/database';
import { listConnectedOrgs } from '../db/repositories/connected-orgs';

export interface SignInOrgDeps {
  config: Config;
  db: SqlClient;
}

/** The orgs whose users may sign in: AUTH_ORG_ID when set, otherwise every connected LMA. */
export async function signInOrgIds(deps: SignInOrgDeps): Promise<string[]> {
  const only = deps.config.AUTH_ORG_ID;
  if (only) return [only];
  return (await listConnectedOrgs(deps.db, { type: 'Licenses' })).map((org) => org.org_id);
}

/** Whether users of `orgId` may sign in (and so keep a session) now. */
export async function isSignInOrg(deps: SignInOrgDeps, orgId: string | null): Promise<boolean> {
  if (!orgId) return false;
  return (await signInOrgIds(deps)).some((id) => sameId(id, orgId));
}
