// Demo mode: at every start, connect the simulator's LMA and packaging orgs through its OAuth
// (the demo admin users answer its login form) so the first fetch runs without any clicking.
// The simulator lives in memory: a restart kills every token the database still holds for its
// orgs, so the orgs the console already knows are connected again too, keeping what the operator
// set on them (type, description, active).
import { z } from 'zod';
import type { Database } from '../db/database';
import { listConnectedOrgs } from '../db/repositories/connected-orgs';
import type { SalesforceGateway } from '../salesforce/gateway';
import { registerConnectedOrg } from '../salesforce/organization';
import { newPkce, redeemCode } from '../salesforce/pkce';
import type { SecretBox } from '../secrets';

export interface DemoOrg {
  kind: 'lma' | 'packaging';
  orgId: string;
  username: string;
  password: string;
}

const tokenReply = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  instance_url: z.string(),
});

/**
 * The OAuth web-server flow without a browser: answers the simulator's login form as the demo
 * user and exchanges the code. (The password grant would not give a refresh token, just as on
 * Salesforce, and connected orgs live on their refresh token.) With PKCE, like every
 * authorization-code flow of the console.
 */
async function authorizeAsDemoUser(gateway: SalesforceGateway, loginUrl: string, org: DemoOrg) {
  const oauth2 = gateway.oauth2(loginUrl);
  const pkce = newPkce();
  const form = new URLSearchParams({
    response_type: 'code',
    client_id: oauth2.clientId ?? '',
    redirect_uri: oauth2.redirectUri ?? '',
    scope: 'api id web refresh_token',
    state: 'demo-setup',
    code_challenge: pkce.challenge,
    username: org.username,
    password: org.password,
    action: 'login',
  });
  const answer = await fetch(`${loginUrl}/services/oauth2/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const code = new URL(answer.headers.get('location') ?? '', loginUrl).searchParams.get('code');
  if (!code)
    throw new Error(`The simulator did not authorize ${org.username} (HTTP ${answer.status})`);
  return redeemCode(oauth2, code, pkce.verifier);
}

/**
 * Connects every demo org: new ones as the demo sets them up, known ones with fresh tokens and
 * their own type and description (Connected again, whatever an earlier run left them as).
 * Returns the ids it connected for the first time.
 */
export async function registerDemoOrgs(
  deps: { db: Database; secrets: SecretBox; gateway: SalesforceGateway; loginUrl: string },
  orgs: readonly DemoOrg[],
): Promise<string[]> {
  const known = new Map((await listConnectedOrgs(deps.db)).map((org) => [org.org_id, org]));
  const connected: string[] = [];
  for (const org of orgs) {
    const before = known.get(org.orgId);
    const tokens = tokenReply.parse(await authorizeAsDemoUser(deps.gateway, deps.loginUrl, org));
    const conn = deps.gateway.connectWithTokens({
      instanceUrl: tokens.instance_url,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      loginUrl: deps.loginUrl,
    });
    await registerConnectedOrg(
      deps.db,
      deps.secrets,
      conn,
      {
        instanceUrl: tokens.instance_url,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        loginUrl: deps.loginUrl,
      },
      before
        ? { orgId: org.orgId, type: before.type, createdBy: 'demo-setup' }
        : {
            orgId: org.orgId,
            type: org.kind === 'lma' ? 'Licenses' : 'Package',
            createdBy: 'demo-setup',
            description: org.kind === 'lma' ? 'Demo License Management Org' : 'Demo packaging org',
          },
    );
    deps.gateway.forget(org.orgId);
    if (!before) connected.push(org.orgId);
  }
  return connected;
}
