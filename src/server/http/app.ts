// The HTTP application factory: tests build it in-process and call app.inject().
import Fastify from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { loggerOptions, type LogStream } from '../logger';
import { OneLinePerRequest } from './access-log';
import type { AppDeps, AppInstance, RouteRecord } from './app-instance';
import { registerErrorHandler, sendFrameworkError } from './error-handler';
import { isApiPath, registerSpa } from './spa';
import { registerApiCacheControl } from './caching';
import { adminRoutes } from './routes/admin';
import { auditRoutes } from './routes/audit';
import { connectedOrgRoutes } from './routes/connected-orgs';
import { fleetRoutes } from './routes/fleet';
import { healthRoutes } from './routes/health';
import { licenseRoutes } from './routes/licenses';
import { metricsRoutes } from './routes/metrics';
import { orgGroupRoutes } from './routes/org-groups';
import { orgRoutes } from './routes/orgs';
import { packageRoutes } from './routes/packages';
import { savedFilterRoutes } from './routes/saved-filters';
import { searchRoutes } from './routes/search';
import { tokenRoutes } from './routes/tokens';
import { webhookRoutes } from './routes/webhooks';
import { sessionRoutes } from './routes/session';
import { upgradeRoutes } from './routes/upgrades';
import { registerOpenApi } from './openapi';
import { registerAuth } from './auth';
import { registerNulCheck } from './nul-check';
import { publicRouteCheck, webFileCheck, webFilePaths } from './public-routes';
import { DEFAULT_BODY_LIMIT, onRouteBodyLimit } from './body-limits';
import { registerRateLimits } from './rate-limits';
import { LiveChannel } from '../live/live-channel';
import { LiveRelay } from '../jobs/live-relay';
import { buildServices } from '../services/build-services';

// The app's types live in app-instance.ts so that the route modules, which this file imports, can
// name them without importing this file; they are re-exported for the callers of buildApp.
export type { AppDeps, AppInstance } from './app-instance';

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
  // API answers are compressed as they are sent (brotli at quality 4 or gzip, whichever the
  // browser accepts; smaller ones are not worth it); the web app's files come compressed from the
  // build (caching.ts).
  await app.register(compress, { threshold: 1024 });
  registerApiCacheControl(app, isApiPath);
  if (deps.config.FORCE_HTTPS) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol !== 'https' && request.url !== '/healthz') {
        // To PUBLIC_URL, never to the Host or X-Forwarded-Host the request claims (open redirect).
        return reply.redirect(httpsTarget(deps.config.publicUrl, request.url), 301);
      }
    });
  }

  const webFiles = webFilePaths(deps.webDir);
  await registerAuth(app, publicRouteCheck(webFiles), webFileCheck(webFiles));
  registerNulCheck(app);
  healthRoutes(app);
  metricsRoutes(app);
  sessionRoutes(app);
  adminRoutes(app);
  auditRoutes(app);
  licenseRoutes(app);
  orgRoutes(app);
  packageRoutes(app);
  orgGroupRoutes(app);
  connectedOrgRoutes(app);
  upgradeRoutes(app);
  savedFilterRoutes(app);
  searchRoutes(app);
  tokenRoutes(app);
  webhookRoutes(app);
  fleetRoutes(app);
  await registerSpa(app, deps.webDir);
  return app;
}
