// Sign-in use cases: the OAuth web-server flow (with PKCE) against the LMA's login host, the
// admin access key (admin-key.ts), and keeping a session's read-only flag true to the user's
// current LMA permissions. Only users of the License Management Org(s) the console is connected
// to may sign in with Salesforce, or of AUTH_ORG_ID when it is set.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  AUTH_RESPONSES,
  oauthErrorCode,
  type AuthResponseCode,
  type AuthResponseSeverity,
} from '../../domain/auth-response';
import { sameId } from '../../domain/ids';
import { safeReturnPath } from '../../domain/return-path';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { writeAudit } from '../db/repositories/audit-log';
import {
  deleteStaleOAuthStates,
  insertOAuthState,
  takeOAuthState,
  type PendingOAuth,
} from '../db/repositories/oauth-state';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOf,
  hashSessionId,
  type SessionRow,
} from '../db/repositories/sessions';
import { ConflictError, NotFoundError } from '../errors';
import type { SecretBox } from '../secrets';
import type { SalesforceGateway } from '../salesforce/gateway';
import { hasEditOnPackageVersions, readIdentity, type Identity } from '../salesforce/identity';
import { authorizationUrl, newPkce, redeemCode } from '../salesforce/pkce';
import {
  ADMIN_KEY_ACTION,
  ADMIN_KEY_USERNAME,
  forgetEndedAdminKeyWindows,
  verifyAdminKey,
} from './admin-key';
import { recheckPermissions } from './session-permissions';
import { signInOrgIds } from './sign-in-orgs';

export { ADMIN_KEY_USERNAME };

/**
 * A sign-in that did not finish: the user reads the fixed sentence of `code` on /authresponse;
 * `detail` (what Salesforce or the request said) goes to the server log only.
 */
export class SignInError extends Error {
  readonly severity: AuthResponseSeverity;

  constructor(
    readonly code: AuthResponseCode,
    readonly detail?: string,
  ) {
    super(AUTH_RESPONSES[code].message);
    this.severity = AUTH_RESPONSES[code].severity;
  }
}

const STATE_TTL_MINUTES = 10;

export interface SignInDeps {
  config: Config;
  db: Database;
  secrets: SecretBox;
  secretKey: string;
  gateway: SalesforceGateway | undefined;
}

interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  error_description?: string | undefined;
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

  /**
   * The login host URL to send the browser to, and the nonce to bind to it (cookie). Refused
   * while no org's users may sign in, with the sentence that says how to set that up.
   */
  async startLogin(returnTo: string | undefined): Promise<{ url: string; nonce: string }> {
    const oauth2 = this.gateway.oauth2();
    if ((await signInOrgIds(this.deps)).length === 0) {
      throw new ConflictError(AUTH_RESPONSES.no_sign_in_org.message);
    }
    const nonce = randomBytes(24).toString('base64url');
    const pkce = newPkce();
    await insertOAuthState(this.deps.db, {
      nonce,
      operation: 'login',
      returnTo: safeReturnPath(returnTo),
      codeVerifier: pkce.verifier,
    });
    await this.forgetStaleSignIns();
    const url = authorizationUrl(
      oauth2,
      { scope: 'api id web refresh_token', prompt: 'login', state: `${nonce}.${this.sign(nonce)}` },
      pkce,
    );
    return { url, nonce };
  }

  /**
   * The pending sign-in the callback's state names, taken (single use). Checked before anything
   * else the callback carries is looked at: a forged or replayed callback gets only this refusal.
   */
  private async takePendingLogin(
    state: string | undefined,
    browserNonce: string | undefined,
  ): Promise<PendingOAuth & { code_verifier: string }> {
    const [nonce, signature] = (state ?? '').split('.');
    if (!nonce || !signature || !safeEqual(signature, this.sign(nonce))) {
      throw new SignInError('invalid_state', 'state not signed by this console');
    }
    if (!browserNonce || !safeEqual(browserNonce, nonce)) {
      throw new SignInError('invalid_state', 'state bound to another browser');
    }
    const pending = await takeOAuthState(this.deps.db, nonce, 'login', STATE_TTL_MINUTES);
    if (!pending) throw new SignInError('invalid_state', 'state already used or expired');
    const { code_verifier } = pending;
    if (!code_verifier) throw new SignInError('invalid_state', 'state has no code verifier');
    return { ...pending, code_verifier };
  }

  /**
   * Completes the web-server flow; returns the new session id and where to go. The session the
   * browser presented (`previousSessionId`), if any, is ended: a sign-in always starts a fresh
   * session id, so an id planted or seen before sign-in is worth nothing after it.
   */
  async completeLogin(
    query: CallbackQuery,
    browserNonce: string | undefined,
    previousSessionId?: string,
  ): Promise<{ sessionId: string; returnTo: string }> {
    const pending = await this.takePendingLogin(query.state, browserNonce);
    if (query.error) {
      throw new SignInError(
        oauthErrorCode(query.error),
        `${query.error}: ${query.error_description ?? ''}`,
      );
    }
    if (!query.code) throw new SignInError('missing_code');

    const oauth2 = this.gateway.oauth2();
    const tokens = await redeemCode(oauth2, query.code, pending.code_verifier).catch(
      (error: Error) => {
        throw new SignInError(oauthErrorCode(error.name), `${error.name}: ${error.message}`);
      },
    );
    const conn = this.gateway.connectWithTokens({
      instanceUrl: tokens.instance_url,
      accessToken: tokens.access_token,
      ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
    });
    const identity = await readIdentity(conn, tokens.id);
    const refusal = await this.refusalOf(identity);
    if (refusal) {
      // The grant is not wanted: give it back rather than leave a live token behind.
      await oauth2.revokeToken(tokens.refresh_token ?? tokens.access_token).catch(() => undefined);
      throw refusal;
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

  /** Why this user may not sign in (audited), or undefined when their org is a sign-in org. */
  private async refusalOf(identity: Identity): Promise<SignInError | undefined> {
    const orgs = await signInOrgIds(this.deps);
    const orgId = identity.organization_id;
    if (orgs.some((id) => sameId(id, orgId))) return undefined;
    const code = orgs.length === 0 ? 'no_sign_in_org' : 'org_not_allowed';
    await this.audit(identity.username, 'sign-in', 'denied', {
      reason: code === 'no_sign_in_org' ? 'no sign-in org' : 'org not allowed',
      orgId,
    });
    return new SignInError(code, `${identity.username} of org ${orgId}`);
  }

  /**
   * Admin access key sign-in: counted, then compared in constant time, audited (admin-key.ts);
   * like every sign-in it ends the session the browser presented (a wrong key leaves it alone).
   */
  async adminAccess(
    key: string,
    returnTo: string | undefined,
    client: string,
    previousSessionId?: string,
  ): Promise<{ sessionId: string; returnTo: string }> {
    await verifyAdminKey(this.deps, key, client);
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
    await deleteStaleOAuthStates(this.deps.db, STATE_TTL_MINUTES);
    await deleteExpiredSessions(this.deps.db);
    await forgetEndedAdminKeyWindows(this.deps.db);
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

  /** See session-permissions.ts: a renewed session's permissions and org, read again. */
  recheckPermissions(session: SessionRow): Promise<SessionRow | undefined> {
    return recheckPermissions(this.deps, session);
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
