// Keeps a Salesforce session true to its user's current standing: when the session is renewed
// and the last check is old, the user's LMA permissions are read again (a revoked permission
// takes effect without waiting for a new sign-in), and a session whose org may no longer sign in
// (the LMA was removed, AUTH_ORG_ID changed) ends.
import type { Config } from '../config';
import type { Database } from '../db/database';
import {
  deleteSession,
  updateSessionPermissions,
  type SessionRow,
} from '../db/repositories/sessions';
import { UnreadableSecretError, type SecretBox } from '../secrets';
import type { SalesforceGateway } from '../salesforce/gateway';
import { hasEditOnPackageVersions } from '../salesforce/identity';
import { isSignInOrg } from './sign-in-orgs';

const PERMISSION_RECHECK_MS = 15 * 60_000;

export interface SessionPermissionDeps {
  config: Config;
  db: Database;
  secrets: SecretBox;
  gateway: SalesforceGateway | undefined;
}

/**
 * Returns the session, updated when its permissions were read again, or undefined when it ended:
 * the user's Salesforce grant is gone, its tokens are unreadable, or its org may not sign in.
 */
export async function recheckPermissions(
  deps: SessionPermissionDeps,
  session: SessionRow,
): Promise<SessionRow | undefined> {
  const checkedAt = session.permissions_checked_at ? Date.parse(session.permissions_checked_at) : 0;
  if (session.auth_method !== 'salesforce' || Date.now() - checkedAt < PERMISSION_RECHECK_MS)
    return session;
  if (!deps.gateway || !session.instance_url || !session.user_id || !session.access_token_enc)
    return session;
  if (!(await isSignInOrg(deps, session.org_id))) {
    await deleteSession(deps.db, session.id_hash);
    return undefined;
  }
  const { secrets } = deps;
  let tokens: { accessToken: string; refreshToken?: string };
  try {
    tokens = {
      accessToken: secrets.decrypt(session.access_token_enc),
      ...(session.refresh_token_enc
        ? { refreshToken: secrets.decrypt(session.refresh_token_enc) }
        : {}),
    };
  } catch (error) {
    // Sealed under a key SECRET_KEY no longer lists: the session cannot reach Salesforce
    // again, so it ends (the user signs in anew) rather than failing every request.
    if (!(error instanceof UnreadableSecretError)) throw error;
    await deleteSession(deps.db, session.id_hash);
    return undefined;
  }
  const conn = deps.gateway.connectWithTokens({ instanceUrl: session.instance_url, ...tokens });
  try {
    const readOnly = !(await hasEditOnPackageVersions(conn, session.user_id));
    // A refreshed access token is kept; without one the stored token stays as it was.
    await updateSessionPermissions(
      deps.db,
      session.id_hash,
      readOnly,
      conn.accessToken ? secrets.encrypt(conn.accessToken) : undefined,
    );
    return { ...session, read_only: readOnly };
  } catch (error) {
    if (/invalid_grant|expired access\/refresh token/i.test((error as Error).message)) {
      await deleteSession(deps.db, session.id_hash);
      return undefined;
    }
    // Salesforce unreachable: keep the last known permissions and try again next time.
    return session;
  }
}
