// The only door to Salesforce: one jsforce Connection per connected org, built from sealed
// tokens, kept while its tokens are unchanged, refreshing itself and persisting the new token.
import { Connection, OAuth2 } from 'jsforce';
import type { Database } from '../db/database';
import {
  findConnectedOrg,
  markConnectedOrgInvalid,
  saveRefreshedToken,
  type ConnectedOrgRow,
} from '../db/repositories/connected-orgs';
import { NotFoundError, SalesforceError } from '../errors';
import type { SecretBox } from '../secrets';
import { measured } from './call-metrics';
import { isInvalidGrant, refreshRefusedReason, SalesforceTimeoutError } from './errors';
import { DEFAULT_REQUEST_TIMEOUT_MS, OrgConnection } from './org-connection';
import type { RetryOptions } from './retry';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  /** Where users sign in (user login) — connected orgs keep their own login URL. */
  loginUrl: string;
  redirectUri: string;
}

export interface GatewayDeps {
  db: Database;
  secrets: SecretBox;
  apiVersion: string;
  oauth: OAuthClient;
  retry?: RetryOptions;
  /** Deadline of one HTTP call to Salesforce, token refreshes included (default 130 s). */
  requestTimeoutMs?: number;
  /** Called once when an org's refresh token stops working (it is then marked Invalid). */
  onOrgInvalid?: (org: ConnectedOrgRow, error: unknown) => void;
}

interface CachedConnection {
  tokensKey: string;
  connection: OrgConnection;
}

export class SalesforceGateway {
  private readonly cache = new Map<string, CachedConnection>();

  constructor(private readonly deps: GatewayDeps) {}

  get apiVersion(): string {
    return this.deps.apiVersion;
  }

  /** A ready connection for a connected org; throws 404 for unknown orgs, 502 for Invalid ones. */
  async connect(orgId: string): Promise<OrgConnection> {
    const org = await findConnectedOrg(this.deps.db, orgId);
    if (!org) throw new NotFoundError(`No connected org ${orgId}`);
    if (org.status === 'Invalid' || (!org.refresh_token_enc && !org.access_token_enc)) {
      throw new SalesforceError(
        `The connection to ${org.name} (${org.org_id}) is not authorized; connect it again.`,
        'invalid_grant',
      );
    }
    const tokensKey = `${org.access_token_enc ?? ''}|${org.refresh_token_enc ?? ''}|${org.instance_url}`;
    const cached = this.cache.get(orgId);
    if (cached && cached.tokensKey === tokensKey) return cached.connection;
    const connection = new OrgConnection(
      this.build(org),
      org,
      this.deps.retry,
      this.deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    );
    this.cache.set(orgId, { tokensKey, connection });
    return connection;
  }

  /** Drops a cached connection (after revoke, delete or reconnect). */
  forget(orgId: string): void {
    this.cache.delete(orgId);
  }

  /** A jsforce OAuth2 client for an org's login host (authorization URLs, code exchange). */
  oauth2(loginUrl: string = this.deps.oauth.loginUrl): OAuth2 {
    const { clientId, clientSecret, redirectUri } = this.deps.oauth;
    return new OAuth2({ loginUrl, clientId, clientSecret, redirectUri });
  }

  /** A connection for freshly obtained tokens (sign-in, connect) before anything is stored. */
  connectWithTokens(tokens: {
    instanceUrl: string;
    accessToken: string;
    refreshToken?: string;
    loginUrl?: string;
  }): Connection {
    return new Connection({
      oauth2: this.oauth2(tokens.loginUrl),
      instanceUrl: tokens.instanceUrl,
      accessToken: tokens.accessToken,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      version: this.deps.apiVersion,
    });
  }

  private build(org: ConnectedOrgRow): Connection {
    const { secrets, db } = this.deps;
    const refreshToken = org.refresh_token_enc ? secrets.decrypt(org.refresh_token_enc) : undefined;
    const accessToken = org.access_token_enc ? secrets.decrypt(org.access_token_enc) : undefined;
    return new Connection({
      oauth2: this.oauth2(org.login_url),
      instanceUrl: org.instance_url,
      version: this.deps.apiVersion,
      ...(accessToken ? { accessToken } : {}),
      ...(refreshToken ? { refreshToken } : {}),
      // Our own refresh: persist the new token, and recognise invalid_grant before jsforce
      // wraps it into a generic message.
      refreshFn: (conn, callback) => {
        void (async () => {
          try {
            if (!refreshToken)
              throw Object.assign(new Error('No refresh token stored'), { name: 'invalid_grant' });
            // jsforce gives the token call no deadline of its own: a hung login host must fail
            // the refresh (and so the call waiting on it) like any other unanswered call.
            const reply = await withDeadline(
              measured('token_refresh', () => conn.oauth2.refreshToken(refreshToken))(),
              this.deps.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
            );
            await saveRefreshedToken(db, org.org_id, secrets.encrypt(reply.access_token));
            callback(undefined, reply.access_token, reply);
          } catch (error) {
            if (isInvalidGrant(error)) {
              this.forget(org.org_id);
              const changed = await markConnectedOrgInvalid(
                db,
                org.org_id,
                refreshRefusedReason(error),
              );
              if (changed) this.deps.onOrgInvalid?.(org, error);
            }
            callback(error as Error);
          }
        })();
      },
    });
  }
}

/** The promise's outcome, or a SalesforceTimeoutError once `ms` have passed without one. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new SalesforceTimeoutError(ms)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
