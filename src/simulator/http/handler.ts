// Request dispatch. The root URL is the login host (OAuth, identity, the versions list, the Trust
// instance list, the /__sim control API). Each org's instance URL is <root>/org/<orgId>, or an origin
// of its own (a handler bound to that org): REST calls there go through the API pipeline — fault
// injection, session check (a token works only on its own org), API usage accounting — before the
// REST routes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimulatorControl } from '../control';
import type { SimRuntime } from '../runtime';
import type { SimOrg } from '../store/family';
import type { ApiContext, RequestContext } from './context';
import { addControlRoutes } from './control';
import { addIdentityRoutes } from './identity';
import { homePage } from './login-page';
import { addOAuthRoutes } from './oauth';
import { bearerToken } from './request';
import { ApiError, invalidSession, notFound, requestLimit, sendError, sendText } from './respond';
import { addBulkIngestRoutes } from './rest/bulk-ingest';
import { addBulkQueryRoutes } from './rest/bulk-query';
import { addCompositeRoutes } from './rest/composite';
import { addQueryRoutes } from './rest/query';
import { addPublicRestRoutes, addResourceRoutes, parseApiVersion } from './rest/resources';
import { addSObjectRoutes } from './rest/sobjects';
import { Router } from './router';
import { addStatusRoutes } from './status';

const INSTANCE_PATH = /^\/org\/([0-9A-Za-z]{15,18})(\/.*)?$/;
const API_PATH = /^\/services\/data\/(v[^/]+)(?:\/|$)/;
/**
 * The sandbox login host (test.salesforce.com on Salesforce) at <root>/sandbox: the same OAuth
 * endpoints and login page, where a client that was asked to log in to a sandbox goes.
 */
const SANDBOX_OAUTH_PATH = /^\/sandbox(\/services\/oauth2\/.*)$/;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The 'loseAnswer' fault: the call is carried out in full, but whatever it answers is discarded
 * and the connection destroyed when the answer would be sent, so the client sees a dropped
 * connection for work that was done (and committed).
 */
function loseAnswer(res: ServerResponse): void {
  res.writeHead = () => res;
  res.write = () => true;
  res.end = () => {
    res.socket?.destroy();
    return res;
  };
}

/** Resolves once the client closed the connection of a request that is never answered. */
function hangUntilClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.socket?.destroyed ?? true) return resolve();
    res.once('close', () => resolve());
  });
}

/**
 * Salesforce treats '//services/data/…' as '/services/data/…'; the sf CLI sends such paths because
 * @salesforce/core appends '/services/…' to an origin whose string form already ends in '/'.
 */
function collapseSlashes(path: string): string {
  return path.replace(/\/{2,}/g, '/');
}

export function createRequestHandler(
  rt: SimRuntime,
  control: SimulatorControl,
  orgInfos: () => unknown,
  /** The org whose own origin this handler serves; unset for the login host. */
  boundOrgId?: string,
): (req: IncomingMessage, res: ServerResponse) => void {
  const site = new Router<RequestContext>();
  addOAuthRoutes(site);
  addIdentityRoutes(site);
  addPublicRestRoutes(site);
  addStatusRoutes(site);
  addControlRoutes(site, control, orgInfos);
  site.add('GET', '/', (ctx) => sendText(ctx.res, 200, homePage(ctx.rt), 'text/html'));

  const api = new Router<ApiContext>();
  addResourceRoutes(api);
  addQueryRoutes(api);
  addSObjectRoutes(api);
  addCompositeRoutes(api);
  addBulkIngestRoutes(api);
  addBulkQueryRoutes(api);

  async function serveApi(
    base: RequestContext,
    org: SimOrg,
    path: string,
    version: string,
  ): Promise<void> {
    const apiVersion = parseApiVersion(version);
    const decision = rt.faults.decide(org.id15);
    if (decision.latencyMs > 0) await sleep(decision.latencyMs);
    if (decision.action === 'drop') {
      base.req.socket.destroy();
      return;
    }
    if (decision.action === 'hang') {
      // Nothing is done and nothing answered: the request ends when the client closes it (its
      // timeout) or the simulator shuts down.
      await hangUntilClosed(base.res);
      return;
    }
    if (decision.action === 'serverError') {
      throw decision.serverStatus === 503
        ? new ApiError(
            503,
            'SERVER_UNAVAILABLE',
            'Server temporarily unavailable. Please try again later.',
          )
        : new ApiError(
            500,
            'UNKNOWN_EXCEPTION',
            'An unexpected error occurred. Please include this ErrorId if you contact support: 1932175318-28764 (-1452043546)',
          );
    }
    const raw = bearerToken(base.req);
    const check = raw ? rt.tokens.check(raw) : undefined;
    if (!check?.ok || check.token.user.orgId !== org.id15) throw invalidSession();
    if (decision.action === 'expireToken') {
      check.token.expiresMs = rt.clock.now();
      throw invalidSession();
    }
    if (decision.action === 'requestLimit' || rt.usage.exhausted(org.id15)) throw requestLimit();
    rt.usage.record(org.id15);
    if (decision.action === 'loseAnswer') loseAnswer(base.res);
    base.res.setHeader(
      'Sforce-Limit-Info',
      `api-usage=${rt.usage.used(org.id15)}/${rt.usage.max(org.id15)}`,
    );
    await api.handle(
      { ...base, org, token: check.token, apiVersion },
      base.req.method ?? 'GET',
      path,
    );
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Prefixed, not resolved against a base: a request target like '//services/data' would otherwise
    // parse as a protocol-relative URL with host 'services'.
    const url = new URL(`http://simulator.local${req.url ?? '/'}`);
    const method = req.method ?? 'GET';
    const pathname = collapseSlashes(url.pathname);
    const sandbox = boundOrgId ? null : SANDBOX_OAUTH_PATH.exec(pathname);
    if (sandbox) {
      await site.handle({ rt, req, res, url }, method, sandbox[1] ?? '/');
      return;
    }
    const instance = boundOrgId ? ['', boundOrgId, pathname] : INSTANCE_PATH.exec(pathname);
    if (!instance) {
      await site.handle({ rt, req, res, url }, method, pathname);
      return;
    }
    const org = rt.family.org(instance[1] ?? '');
    if (!org) throw notFound();
    const path = instance[2] ?? '/';
    const base: RequestContext = { rt, req, res, url, org };
    const apiMatch = API_PATH.exec(path);
    if (apiMatch) await serveApi(base, org, path, apiMatch[1] ?? '');
    else await site.handle(base, method, path);
  }

  return (req, res) => {
    const started = Date.now();
    res.on('finish', () =>
      rt.config.log(
        `${req.method ?? ''} ${req.url ?? ''} ${res.statusCode} ${Date.now() - started}ms`,
      ),
    );
    serve(req, res).catch((error: unknown) => {
      if (
        !(error instanceof ApiError) &&
        !(error instanceof Error && error.name === 'OAuthError')
      ) {
        rt.config.log(
          `error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      }
      sendError(res, error);
    });
  };
}
