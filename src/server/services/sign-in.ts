// Sign-in use cases: the OAuth web-server flow against the LMA's login host, the admin access
// key, and keeping a session's read-only flag true to the user's current LMA permissions.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sameId } from '../../domain/ids';
import { safeReturnPath } from '../../domain/return-path';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { countRecentDenials, writeAudit } from '../db/repositories/audit-log';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOf,
  hashSessionId,
  updateSessionPermissions,
  type SessionRow,
} from '../db/repositories/sessions';
import { NotFoundError, TooManyRequestsError, UnauthorizedError } from '../errors';
import { UnreadableSecretError, type SecretBox } from '../secrets';
import type { SalesforceGateway } from '../salesforce/gateway';
import { hasEditOnPackageVersions, readIdentity } from '../salesforce/identity';

/** A sign-in that failed in a way the user must read on /authresponse. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly severity: 'Error' | 'Warning' = 'Error',
  ) {
    super(message);
  }
}

const STATE_TTL_MINUTES = 10;
const PERMISSION_RECHECK_MS = 15 * 60_000;
export const ADMIN_KEY_USERNAME = 'admin-key';
const ADMIN_KEY_ACTION = 'sign-in-admin-key';
const ADMIN_KEY_MAX_FAILURES = 5;
const ADMIN_KEY_WINDOW_MINUTES = 15;

export interface SignInDeps {
  config: Config;
  db: Database;
  secrets: SecretBox;
  secretKey: string;
  gateway: SalesforceGateway | undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

export class SignInService {
  constructor(private readonly deps: SignInDeps) {}

  private sign(nonce: string): string {
    return createHmac('sha256', this.deps.secretKey)
      .update(`oauth-state:${nonce}`)
      .digest('base64url');
  }

  private get gateway(): SalesforceGateway {
    if (!this.deps.gateway) throw new NotFoundError('Salesforce sign-in is not configured.');
    return this.deps.gateway;
  }

  /** The login host URL to send the browser to, and the nonce to bind to it (cookie). */
  async startLogin(returnTo: string | undefined): Promise<{ url: string; nonce: string }> {
    const oauth2 = this.gateway.oauth2();
    const nonce = randomBytes(24).toString('base64url');
    await this.deps.db.query(
      'INSERT INTO oauth_state (nonce, operation, return_to) VALUES ($1, $2, $3)',
      [nonce, 'login', safeReturnPath(returnTo)],
    );
    await this.forgetStaleSignIns();
    const url = oauth2.getAuthorizationUrl({
      scope: 'api id web refresh_token',
      prompt: 'login',
      state: `${nonce}.${this.sign(nonce)}`,
    });
    return { url, nonce };
  }

  /**
   * Completes the web-server flow; returns the new session id and where to go. The session the
   * browser presented (`previousSessionId`), if any, is ended: a sign-in always starts a fresh
   * session id, so an id planted or seen before sign-in is worth nothing after it.
   */
  async completeLogin(
    query: { code?: string; state?: string; error?: string; error_description?: string },
    browserNonce: string | undefined,
    previousSessionId?: string,
  ): Promise<{ sessionId: string; returnTo: string }> {
    if (query.error) {
      throw new SignInError(query.error_description || query.error, query.error);
    }
    const [nonce, signature] = (query.state ?? '').split('.');
    if (!nonce || !signature || !safeEqual(signature, this.sign(nonce))) {
      throw new SignInError('The sign-in request was not issued by this console.', 'invalid_state');
    }
    if (!browserNonce || !safeEqual(browserNonce, nonce)) {
      throw new SignInError(
        'The sign-in was started in another browser. Please sign in again.',
        'invalid_state',
      );
    }
    const { rows } = await this.deps.db.query<{ return_to: string }>(
      `DELETE FROM oauth_state WHERE nonce = $1 AND operation = 'login'
         AND created_at > now() - make_interval(mins => $2)
       RETURNING return_to`,
      [nonce, STATE_TTL_MINUTES],
    );
    const pending = rows[0];
    if (!pending) {
      throw new SignInError(
        'This sign-in link was already used or has expired. Please sign in again.',
        'invalid_state',
      );
    }
    if (!query.code)
      throw new SignInError('The login host sent no authorization code.', 'missing_code');

    const tokens = await this.gateway
      .oauth2()
      .requestToken(query.code)
      .catch((error: Error) => {
        throw new SignInError(error.message, error.name === 'Error' ? 'token_error' : error.name);
      });
    const conn = this.gateway.connectWithTokens({
      instanceUrl: tokens.instance_url,
      accessToken: tokens.access_token,
      ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
    });
    const identity = await readIdentity(conn, tokens.id);
    const allowedOrg = this.deps.config.AUTH_ORG_ID;
    if (allowedOrg && !sameId(identity.organization_id, allowedOrg)) {
      await this.audit(identity.username, 'sign-in', 'denied', { reason: 'org not allowed' });
      throw new SignInError(
        `Users of org ${identity.organization_id} may not sign in to this console.`,
        'org_not_allowed',
      );
    }
    const readOnly = !(await hasEditOnPackageVersions(conn, identity.user_id));
    const { secrets } = this.deps;
    await this.endPreviousSession(previousSessionId);
    const sessionId = await createSession(
      this.deps.db,
      {
        username: identity.username,
        displayName: identity.display_name ?? identity.username,
        userId: identity.user_id,
        orgId: identity.organization_id,
        readOnly,
        authMethod: 'salesforce',
        instanceUrl: tokens.instance_url,
        accessTokenEnc: secrets.encrypt(conn.accessToken ?? tokens.access_token),
        refreshTokenEnc: tokens.refresh_token ? secrets.encrypt(tokens.refresh_token) : null,
      },
      this.deps.config.SESSION_TIMEOUT_HOURS,
      this.deps.config.SESSION_MAX_HOURS,
    );
    await this.audit(identity.username, 'sign-in', 'success', { readOnly });
    return { sessionId, returnTo: pending.return_to };
  }

  /**
   * Admin access key sign-in: constant-time compare, rate-limited per client, audited; like every
   * sign-in it ends the session the browser presented (a wrong key leaves it alone).
   */
  async adminAccess(
    key: string,
    returnTo: string | undefined,
    client: string,
    previousSessionId?: string,
  ): Promise<{ sessionId: string; returnTo: string }> {
    const configured = this.deps.config.ADMIN_ACCESS_KEY;
    if (!configured) throw new NotFoundError('Admin access is not enabled on this console.');
    const failures = await countRecentDenials(
      this.deps.db,
      ADMIN_KEY_ACTION,
      client,
      ADMIN_KEY_WINDOW_MINUTES,
    );
    if (failures >= ADMIN_KEY_MAX_FAILURES) {
      throw new TooManyRequestsError('Too many wrong access keys. Try again in a few minutes.');
    }
    if (!timingSafeEqual(sha256(key), sha256(configured))) {
      await this.audit(ADMIN_KEY_USERNAME, ADMIN_KEY_ACTION, 'denied', { client });
      throw new UnauthorizedError('Invalid admin access key.');
    }
    await this.endPreviousSession(previousSessionId);
    const sessionId = await createSession(
      this.deps.db,
      {
        username: ADMIN_KEY_USERNAME,
        displayName: 'Admin (access key)',
        readOnly: false,
        authMethod: 'admin-key',
      },
      this.deps.config.SESSION_TIMEOUT_HOURS,
      this.deps.config.SESSION_MAX_HOURS,
    );
    await this.audit(ADMIN_KEY_USERNAME, ADMIN_KEY_ACTION, 'success', { client });
    await this.forgetStaleSignIns();
    return { sessionId, returnTo: safeReturnPath(returnTo) };
  }

  /** Housekeeping on the rare path of a new sign-in: abandoned sign-ins, timed-out sessions. */
  private async forgetStaleSignIns(): Promise<void> {
    await this.deps.db.query(
      `DELETE FROM oauth_state WHERE created_at < now() - make_interval(mins => $1)`,
      [STATE_TTL_MINUTES],
    );
    await deleteExpiredSessions(this.deps.db);
  }

  private async endPreviousSession(previousSessionId: string | undefined): Promise<void> {
    if (previousSessionId) await deleteSession(this.deps.db, hashSessionId(previousSessionId));
  }

  /** Ends this session; the audit row commits with it. */
  async logout(session: SessionRow): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await deleteSession(tx, session.id_hash);
      await writeAudit(tx, { actor: session.username, action: 'sign-out', outcome: 'success' });
    });
  }

  /** Ends every session of the user, in every browser; answers the ended sessions' hashes. */
  async logoutEverywhere(session: SessionRow): Promise<string[]> {
    return this.deps.db.transaction(async (tx) => {
      const ended = await deleteSessionsOf(tx, session.username);
      await writeAudit(tx, {
        actor: session.username,
        action: 'sign-out-everywhere',
        outcome: 'success',
        details: { sessions: ended.length },
      });
      return ended;
    });
  }

  /**
   * Re-reads the user's LMA permissions when the session is renewed and the last check is old,
   * so a revoked permission takes effect without waiting for a new sign-in. Returns the updated
   * session, or undefined when the user's Salesforce grant is gone (the session then ends).
   */
  async recheckPermissions(session: SessionRow): Promise<SessionRow | undefined> {
    const checkedAt = session.permissions_checked_at
      ? Date.parse(session.permissions_checked_at)
      : 0;
    if (session.auth_method !== 'salesforce' || Date.now() - checkedAt < PERMISSION_RECHECK_MS)
      return session;
    if (
      !this.deps.gateway ||
      !session.instance_url ||
      !session.user_id ||
      !session.access_token_enc
    )
      return session;
    const { secrets } = this.deps;
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
      await deleteSession(this.deps.db, session.id_hash);
      return undefined;
    }
    const conn = this.deps.gateway.connectWithTokens({
      instanceUrl: session.instance_url,
      ...tokens,
    });
    try {
      const readOnly = !(await hasEditOnPackageVersions(conn, session.user_id));
      // A refreshed access token is kept; without one the stored token stays as it was.
      await updateSessionPermissions(
        this.deps.db,
        session.id_hash,
        readOnly,
        conn.accessToken ? secrets.encrypt(conn.accessToken) : undefined,
      );
      return { ...session, read_only: readOnly };
    } catch (error) {
      if (/invalid_grant|expired access\/refresh token/i.test((error as Error).message)) {
        await deleteSession(this.deps.db, session.id_hash);
        return undefined;
      }
      // Salesforce unreachable: keep the last known permissions and try again next time.
      return session;
    }
  }

  private audit(
    actor: string,
    action: string,
    outcome: 'success' | 'denied',
    details: Record<string, unknown>,
  ) {
    return writeAudit(this.deps.db, { actor, action, outcome, details });
  }
}

function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}
