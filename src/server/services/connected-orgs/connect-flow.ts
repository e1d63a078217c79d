// Connecting an org (Add Org and re-connect in docs/product.md "Connected Orgs list";
// /oauth2/orgurl and /oauth2/preauthorg in docs/api.md "Connected orgs"): the OAuth web-server flow
// on the chosen login host, ending in the console's /oauth2/callback. The state is signed and
// single use and bound to the browser that started it (a cookie), as for sign-in, the code is
// redeemed with the flow's PKCE verifier (kept with the state, on the server), and the tokens are
// sealed at once and never reach the browser. A failure shows only the fixed sentence of its code
// (domain/auth-response.ts); what Salesforce said is logged.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  AUTH_RESPONSES,
  oauthErrorCode,
  type AuthResponseCode,
} from '../../../domain/auth-response';
import type { ConnectedOrgType } from '../../db/repositories/connected-orgs';
import { sameId, toId18 } from '../../../domain/ids';
import { safeReturnPath } from '../../../domain/return-path';
import type { Actor } from '../../actor';
import type { Config } from '../../config';
import type { Database, SqlClient } from '../../db/database';
import { writeAudit } from '../../db/repositories/audit-log';
import { findConnectedOrgByInstanceUrl } from '../../db/repositories/connected-org-reads';
import { findConnectedOrg } from '../../db/repositories/connected-orgs';
import {
  deleteStaleOAuthStates,
  insertOAuthState,
  takeOAuthState,
} from '../../db/repositories/oauth-state';
import { NotFoundError } from '../../errors';
import type { LivePublisher } from '../../live/live-channel';
import type { SalesforceGateway } from '../../salesforce/gateway';
import { readIdentity } from '../../salesforce/identity';
import { registerConnectedOrg } from '../../salesforce/organization';
import { authorizationUrl, newPkce, redeemCode } from '../../salesforce/pkce';
import type { SecretBox } from '../../secrets';

/** Marks a callback's state as a connect (sign-in states have no prefix). */
const STATE_PREFIX = 'c.';
const STATE_TTL_MINUTES = 10;
/** Connected orgs live on their refresh token, so it must be granted. */
export const CONNECT_SCOPE = 'api id web refresh_token';

/**
 * A connect that failed: the operator reads the fixed sentence of `code` on /authresponse;
 * `detail` (what Salesforce or the request said) goes to the server log only.
 */
export class ConnectError extends Error {
  constructor(
    readonly code: AuthResponseCode,
    readonly detail?: string,
  ) {
    super(AUTH_RESPONSES[code].message);
  }
}

export interface ConnectFlowDeps {
  config: Config;
  db: Database;
  secrets: SecretBox;
  secretKey: string;
  gateway: SalesforceGateway | undefined;
  live: LivePublisher;
}

export interface ConnectStart {
  /** Re-connect an org Pushboard knows: log in on its own instance URL (its My Domain). */
  instanceUrl?: string | undefined;
  /** Unset: Package when the org has a namespace, otherwise Licenses. */
  type?: ConnectedOrgType | undefined;
  returnTo?: string | undefined;
  /** Add Org with shift: the sandbox login host. */
  sandbox?: boolean;
  /** Pre-authorization: the org the operator is asked to authorize; another org is refused. */
  expectOrgId?: string;
}

interface PendingConnect {
  type: ConnectedOrgType | null;
  loginUrl: string;
  actor: string;
  expectOrgId: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();
const safeEqual = (a: string, b: string) => timingSafeEqual(sha256(a), sha256(b));

export class ConnectFlow {
  constructor(private readonly deps: ConnectFlowDeps) {}

  private get gateway(): SalesforceGateway {
    if (!this.deps.gateway) throw new NotFoundError('Salesforce is not configured.');
    return this.deps.gateway;
  }

  private sign(nonce: string): string {
    return createHmac('sha256', this.deps.secretKey)
      .update(`connect-state:${nonce}`)
      .digest('base64url');
  }

  /** Whether a callback's state belongs to a connect rather than a sign-in. */
  static owns(state: string | undefined): boolean {
    return Boolean(state?.startsWith(STATE_PREFIX));
  }

  /**
   * The login host URL to send the browser to, and the nonce to bind to it (cookie). Re-connect
   * goes to the org's own instance URL, but only one Pushboard already knows: the browser is never
   * sent to a host named in a query string.
   */
  async start(actor: Actor, input: ConnectStart): Promise<{ url: string; nonce: string }> {
    const salesforce = this.deps.config.salesforce;
    if (!salesforce) throw new NotFoundError('Salesforce is not configured.');
    let loginUrl = input.sandbox ? this.deps.config.SF_SANDBOX_LOGIN_URL : salesforce.loginUrl;
    let expectOrgId = input.expectOrgId ?? null;
    if (input.instanceUrl) {
      const org = await findConnectedOrgByInstanceUrl(this.deps.db, input.instanceUrl);
      if (!org)
        throw new NotFoundError(`No connected org has the instance URL ${input.instanceUrl}.`);
      loginUrl = org.instance_url;
      expectOrgId = org.org_id;
    }
    const nonce = randomBytes(24).toString('base64url');
    const pkce = newPkce();
    const pending: PendingConnect = {
      type: input.type ?? null,
      loginUrl,
      actor: actor.username,
      expectOrgId,
    };
    await insertOAuthState(this.deps.db, {
      nonce,
      operation: 'connect',
      returnTo: safeReturnPath(input.returnTo ?? '/packageorgs'),
      codeVerifier: pkce.verifier,
      details: pending,
    });
    await deleteStaleOAuthStates(this.deps.db, STATE_TTL_MINUTES);
    const url = authorizationUrl(
      this.gateway.oauth2(loginUrl),
      {
        scope: CONNECT_SCOPE,
        prompt: 'login',
        state: `${STATE_PREFIX}${nonce}.${this.sign(nonce)}`,
      },
      pkce,
    );
    return { url, nonce };
  }

  /**
   * Pre-authorization of an org Pushboard has met (a packaging org of a known package) but holds no
   * tokens for: the production login, type Package, and only that org is accepted.
   */
  async preauthorize(actor: Actor, orgId: string): Promise<{ url: string; nonce: string }> {
    const known = await findConnectedOrg(this.deps.db, orgId);
    return this.start(actor, {
      type: known?.type ?? 'Package',
      returnTo: `/packageorg/${orgId}`,
      expectOrgId: orgId,
      ...(known && known.status !== 'Connected' ? { instanceUrl: known.instance_url } : {}),
    });
  }

  /**
   * Completes the flow for the operator who started it; returns where to go and the org. The
   * state is checked before anything else the callback carries is looked at.
   */
  async complete(
    query: { code?: string; state?: string; error?: string; error_description?: string },
    browserNonce: string | undefined,
    actor: Actor | undefined,
  ): Promise<{ returnTo: string; orgId: string }> {
    const [nonce, signature] = (query.state ?? '').slice(STATE_PREFIX.length).split('.');
    if (!nonce || !signature || !safeEqual(signature, this.sign(nonce))) {
      throw new ConnectError('invalid_state', 'state not signed by this console');
    }
    if (!browserNonce || !safeEqual(browserNonce, nonce)) {
      throw new ConnectError('invalid_state', 'state bound to another browser');
    }
    const pending = await takeOAuthState(this.deps.db, nonce, 'connect', STATE_TTL_MINUTES);
    if (!pending) throw new ConnectError('invalid_state', 'state already used or expired');
    const verifier = pending.code_verifier;
    if (!verifier) throw new ConnectError('invalid_state', 'state has no code verifier');
    const details =
      typeof pending.details === 'string'
        ? (JSON.parse(pending.details) as PendingConnect)
        : (pending.details as PendingConnect);
    if (!actor || actor.readOnly || actor.username !== details.actor) {
      throw new ConnectError('forbidden', `finished by ${actor?.username ?? 'nobody'}`);
    }
    if (query.error) {
      throw new ConnectError(
        oauthErrorCode(query.error),
        `${query.error}: ${query.error_description ?? ''}`,
      );
    }
    if (!query.code) throw new ConnectError('missing_code');

    // A failure's row stands alone; the success row commits with the connection's row.
    const audit = (
      outcome: 'success' | 'failed',
      orgId: string | null,
      extra: object,
      db: SqlClient = this.deps.db,
    ) =>
      writeAudit(db, {
        actor: actor.username,
        action: 'connected-org.connect',
        targetType: 'connected_org',
        targetId: orgId,
        outcome,
        details: { type: details.type, loginUrl: details.loginUrl, ...extra },
      });
    const tokens = await redeemCode(
      this.gateway.oauth2(details.loginUrl),
      query.code,
      verifier,
    ).catch(async (error: Error) => {
      await audit('failed', details.expectOrgId, { error: error.name, message: error.message });
      throw new ConnectError(oauthErrorCode(error.name), `${error.name}: ${error.message}`);
    });
    if (!tokens.refresh_token) throw new ConnectError('no_refresh_token');
    const conn = this.gateway.connectWithTokens({
      instanceUrl: tokens.instance_url,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      loginUrl: details.loginUrl,
    });
    const identity = await readIdentity(conn, tokens.id);
    const orgId = toId18(identity.organization_id) ?? identity.organization_id;
    if (details.expectOrgId && !sameId(orgId, details.expectOrgId)) {
      // The grant is not wanted: give it back rather than leave a live token behind.
      await conn.oauth2.revokeToken(tokens.refresh_token).catch(() => undefined);
      await audit('failed', details.expectOrgId, { reason: 'other org', orgId });
      throw new ConnectError(
        'wrong_org',
        `logged in to org ${orgId}, the connection is for org ${details.expectOrgId}`,
      );
    }
    // One Organization read happens inside the transaction (registerConnectedOrg reads, then
    // upserts); a connect is rare, and the row and its audit must commit together.
    const refreshToken = tokens.refresh_token;
    const registered = await this.deps.db.transaction(async (tx) => {
      const saved = await registerConnectedOrg(
        tx,
        this.deps.secrets,
        conn,
        {
          instanceUrl: tokens.instance_url,
          accessToken: tokens.access_token,
          refreshToken,
          loginUrl: details.loginUrl,
        },
        { orgId, ...(details.type ? { type: details.type } : {}), createdBy: actor.username },
      );
      await audit('success', saved.orgId, { name: saved.name }, tx);
      return saved;
    });
    this.gateway.forget(registered.orgId);
    this.deps.live.publish('package-orgs', { ids: [registered.orgId] });
    return { returnTo: pending.return_to, orgId: registered.orgId };
  }
}
