// Connecting an org (spec §2 Add Org / re-connect, §7 /oauth2/orgurl and /oauth2/preauthorg): the
// OAuth web-server flow on the chosen login host, ending in the console's /oauth2/callback. The
// state is signed and single use and bound to the browser that started it (a cookie), as for
// sign-in; the tokens are sealed at once and never reach the browser.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ConnectedOrgType } from '../../db/repositories/connected-orgs';
import { sameId, toId18 } from '../../../domain/ids';
import { safeReturnPath } from '../../../domain/return-path';
import type { Actor } from '../../actor';
import type { Config } from '../../config';
import type { Database, SqlClient } from '../../db/database';
import { writeAudit } from '../../db/repositories/audit-log';
import { findConnectedOrg } from '../../db/repositories/connected-orgs';
import { NotFoundError } from '../../errors';
import type { LivePublisher } from '../../live/live-channel';
import type { SalesforceGateway } from '../../salesforce/gateway';
import { readIdentity } from '../../salesforce/identity';
import { registerConnectedOrg } from '../../salesforce/organization';
import type { SecretBox } from '../../secrets';

/** Marks a callback's state as a connect (sign-in states have no prefix). */
const STATE_PREFIX = 'c.';
const STATE_TTL_MINUTES = 10;
/** Connected orgs live on their refresh token, so it must be granted. */
export const CONNECT_SCOPE = 'api id web refresh_token';

/** A connect that failed in a way the operator reads on /authresponse. */
export class ConnectError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
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
      const known = await this.deps.db.query<{ org_id: string; instance_url: string }>(
        `SELECT org_id, instance_url FROM connected_org WHERE rtrim(instance_url, '/') = $1
         ORDER BY org_id LIMIT 1`,
        [input.instanceUrl.replace(/\/+$/, '')],
      );
      const org = known.rows[0];
      if (!org)
        throw new NotFoundError(`No connected org has the instance URL ${input.instanceUrl}.`);
      loginUrl = org.instance_url;
      expectOrgId = org.org_id;
    }
    const nonce = randomBytes(24).toString('base64url');
    const pending: PendingConnect = {
      type: input.type ?? null,
      loginUrl,
      actor: actor.username,
      expectOrgId,
    };
    await this.deps.db.query(
      `INSERT INTO oauth_state (nonce, operation, return_to, details) VALUES ($1, 'connect', $2, $3)`,
      [nonce, safeReturnPath(input.returnTo ?? '/packageorgs'), JSON.stringify(pending)],
    );
    await this.deps.db.query(
      `DELETE FROM oauth_state WHERE created_at < now() - make_interval(mins => $1)`,
      [STATE_TTL_MINUTES],
    );
    const url = this.gateway.oauth2(loginUrl).getAuthorizationUrl({
      scope: CONNECT_SCOPE,
      prompt: 'login',
      state: `${STATE_PREFIX}${nonce}.${this.sign(nonce)}`,
    });
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

  /** Completes the flow for the operator who started it; returns where to go and the org. */
  async complete(
    query: { code?: string; state?: string; error?: string; error_description?: string },
    browserNonce: string | undefined,
    actor: Actor | undefined,
  ): Promise<{ returnTo: string; orgId: string }> {
    const [nonce, signature] = (query.state ?? '').slice(STATE_PREFIX.length).split('.');
    if (!nonce || !signature || !safeEqual(signature, this.sign(nonce))) {
      throw new ConnectError(
        'The connect request was not issued by this console.',
        'invalid_state',
      );
    }
    if (!browserNonce || !safeEqual(browserNonce, nonce)) {
      throw new ConnectError(
        'The connection was started in another browser. Please start it again.',
        'invalid_state',
      );
    }
    const { rows } = await this.deps.db.query<{ return_to: string; details: PendingConnect }>(
      `DELETE FROM oauth_state WHERE nonce = $1 AND operation = 'connect'
         AND created_at > now() - make_interval(mins => $2)
       RETURNING return_to, details`,
      [nonce, STATE_TTL_MINUTES],
    );
    const pending = rows[0];
    if (!pending) {
      throw new ConnectError(
        'This connect link was already used or has expired. Please start again.',
        'invalid_state',
      );
    }
    const details =
      typeof pending.details === 'string'
        ? (JSON.parse(pending.details) as PendingConnect)
        : pending.details;
    if (!actor || actor.readOnly || actor.username !== details.actor) {
      throw new ConnectError(
        'Only the operator who started this connection can finish it.',
        'forbidden',
      );
    }
    if (query.error) throw new ConnectError(query.error_description || query.error, query.error);
    if (!query.code)
      throw new ConnectError('The login host sent no authorization code.', 'missing_code');

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
    const tokens = await this.gateway
      .oauth2(details.loginUrl)
      .requestToken(query.code)
      .catch(async (error: Error) => {
        await audit('failed', details.expectOrgId, { message: error.message });
        throw new ConnectError(error.message, error.name === 'Error' ? 'token_error' : error.name);
      });
    if (!tokens.refresh_token) {
      throw new ConnectError(
        'Salesforce granted no refresh token; the connected app needs the refresh_token scope.',
        'no_refresh_token',
      );
    }
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
        `You logged in to org ${orgId}, but this connection is for org ${details.expectOrgId}. Log in as a user of that org.`,
        'wrong_org',
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
