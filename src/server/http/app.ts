// The HTTP application factory: tests build it in-process and call app.inject().
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type {
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
} from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { loggerOptions, type LogStream } from '../logger';
import { OneLinePerRequest } from './access-log';
import { registerErrorHandler, sendFrameworkError } from './error-handler';
import { registerSpa } from './spa';
import { healthRoutes } from './routes/health';
import { metricsRoutes } from './routes/metrics';
import { oauthRoutes } from './routes/oauth';
import { adminRoutes } from './routes/admin';
import { auditRoutes } from './routes/audit';
import { licenseRoutes } from './routes/licenses';
import { orgRoutes } from './routes/orgs';
import { packageRoutes } from './routes/packages';
import { orgGroupRoutes } from './routes/orggroups';
import { orgGroupChangeRoutes } from './routes/orggroup-changes';
import { orgChangeRoutes } from './routes/org-changes';
import { packageOrgRoutes } from './routes/packageorgs';
import { upgradeReadRoutes } from './routes/upgrade-reads';
import { upgradeScheduleRoutes } from './routes/upgrade-schedule';
import { upgradeLifecycleRoutes } from './routes/upgrade-lifecycle';
import { upgradeManageRoutes } from './routes/upgrade-manage';
import { savedFilterRoutes } from './routes/filters';
import { searchRoutes } from './routes/search';
import { registerOpenApi, type RouteRecord } from './openapi';
import { registerAuth } from './auth';
import { registerNulCheck } from './nul-check';
import { publicRouteCheck, webFilePaths } from './public-routes';
import { DEFAULT_BODY_LIMIT, onRouteBodyLimit } from './body-limits';
import { registerRateLimits } from './rate-limits';
import { LiveChannel, type LiveCommands } from '../live/live-channel';
import type { JobEngine } from '../jobs/engine';
import { LiveRelay } from '../jobs/live-relay';
import { buildServices, type PrebuiltParts, type Services } from '../services/build-services';

export interface AppDeps {
  config: Config;
  db: Database;
  /** SECRET_KEY (or the demo key): token encryption and session signing. */
  secretKey: string;
  /** Every SECRET_KEY, current (= secretKey) first, while rotating; omitted: only secretKey. */
  secretKeys?: readonly string[];
  /** Folder of the built web app (dist/web); without it pages answer 503 "not built". */
  webDir?: string;
  /** The services, built once by the composition root; omitted, buildApp builds its own. */
  services?: Services;
  /** When buildApp builds the services: parts to use instead of new ones (a test's gateway). */
  prebuilt?: PrebuiltParts;
  /** Handlers for the live channel's client messages (background jobs). */
  liveCommands?: LiveCommands;
  /** The background job engine (Admin page: list and cancel). */
  jobs?: JobEngine;
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
> & { deps: AppDeps; services: Services; live: LiveChannel; routeTable: RouteRecord[] };

/** The HTTPS address of `url` (a request target) on the console's public host. */
export function httpsTarget(publicUrl: string, url: string): string {
  const base = new URL(publicUrl);
  base.protocol = 'https:';
  return `${base.origin}${url.startsWith('/') ? url : '/'}`;
}

/** Total size of a request's headers (cookies included); larger requests get 431. */
export const MAX_HEADER_SIZE = 16 * 1024;

export async function buildApp(
  deps: AppDeps,
  options: { logger?: boolean; logStream?: LogStream } = {},
): Promise<AppInstance> {
  const fastify = Fastify({
    logger:
      options.logger === false ? false : loggerOptions(deps.config.LOG_LEVEL, options.logStream),
    // A number of hops, never `true`: with `true` the leftmost X-Forwarded-For, which any client
    // writes, would become request.ip (README "Security"). Hop 0 is the peer that connected.
    trustProxy: (_address: string, hop: number) => hop < deps.config.TRUST_PROXY,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Node's default, set explicitly: a request whose headers exceed it gets 431 from Node itself.
    http: { maxHeaderSize: MAX_HEADER_SIZE },
    frameworkErrors: sendFrameworkError,
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();
  fastify.addHook('onRoute', onRouteBodyLimit);
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  fastify.decorate('deps', deps);
  // Services built here publish through a relay that reaches the live channel created below.
  const relay = new LiveRelay();
  fastify.decorate('services', deps.services ?? buildServices({ ...deps, live: relay }));
  const app = fastify as AppInstance;
  const live = new LiveChannel(app.server, {
    db: deps.db,
    config: deps.config,
    ...(deps.liveCommands ? { commands: deps.liveCommands } : {}),
    log: (message, error) => app.log.error({ err: error }, message),
  });
  app.decorate('live', live);
  relay.attach(live);
  app.addHook('onClose', () => live.close());

  registerErrorHandler(app);
  const routeTable: RouteRecord[] = [];
  app.decorate('routeTable', routeTable);
  await registerOpenApi(app, routeTable);
  // Every response (pages, assets, API) carries these headers; security-headers.test.ts checks
  // them and that the built index.html has no inline script the policy would block.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Only our own bundled modules: no inline script, no eval.
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // 'unsafe-inline' for styles only, because Mantine needs it: components set `style`
        // attributes (CSS variables for size, color, spacing) and MantineProvider injects a
        // <style> element with the theme's variables at run time. Neither can carry a nonce or a
        // fixed hash. Injected CSS cannot run script; the script policy above stays strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        // The live channel is same-origin; browsers match ws:/wss: to 'self' (CSP level 3).
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: deps.config.FORCE_HTTPS ? [] : null,
      },
    },
    // Older browsers that ignore frame-ancestors still refuse to frame the console.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    xContentTypeOptions: true,
    strictTransportSecurity: deps.config.FORCE_HTTPS
      ? { maxAge: 365 * 24 * 3600, includeSubDomains: true }
      : false,
  });
  await registerRateLimits(app);
  await app.register(compress, { threshold: 1024 });
  if (deps.config.FORCE_HTTPS) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol !== 'https' && request.url !== '/healthz') {
        // To PUBLIC_URL, never to the Host or X-Forwarded-Host the request claims (open redirect).
        return reply.redirect(httpsTarget(deps.config.publicUrl, request.url), 301);
      }
    });
  }

  await registerAuth(app, publicRouteCheck(webFilePaths(deps.webDir)));
  registerNulCheck(app);
  healthRoutes(app);
  metricsRoutes(app);
  oauthRoutes(app);
  adminRoutes(app);
  auditRoutes(app);
  licenseRoutes(app);
  orgRoutes(app);
  packageRoutes(app);
  orgGroupRoutes(app);
  orgGroupChangeRoutes(app);
  orgChangeRoutes(app);
  packageOrgRoutes(app);
  upgradeReadRoutes(app);
  upgradeScheduleRoutes(app);
  upgradeLifecycleRoutes(app);
  upgradeManageRoutes(app);
  savedFilterRoutes(app);
  searchRoutes(app);
  await registerSpa(app, deps.webDir);
  return app;
}
