// Rate limits on the expensive reads: list exports (every row of a list, streamed) and the global
// search (several `contains` scans). Counted per user (the session's username), so signing in
// again does not start a fresh budget, in a sliding minute; anonymous callers never reach these
// routes (401 first), the client address is only the fallback key. The counters live in each web process's memory (@fastify/rate-limit's local
// store): with N web processes behind a load balancer a user may reach N times the limit. That is
// enough to stop a runaway script or a stuck button without a shared store; the sign-in limits,
// which guard secrets, are counted in the database instead (services/sign-in.ts).
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { TooManyRequestsError } from '../errors';
import type { AppInstance } from './app-instance';

export type LimitedRead = 'exports' | 'search';

const WHAT: Record<LimitedRead, string> = { exports: 'exports', search: 'searches' };
const hooks = new WeakMap<AppInstance, Record<LimitedRead, onRequestHookHandler>>();

/** Per user: every session of one username shares the budget (Salesforce usernames ignore case). */
const clientKey = (request: FastifyRequest) =>
  request.session ? `user:${request.session.username.toLowerCase()}` : `ip:${request.ip}`;

/** Registers the plugin (no global limit) and one shared budget per kind of read. */
export async function registerRateLimits(app: AppInstance): Promise<void> {
  await app.register(rateLimit, { global: false, keyGenerator: clientKey });
  const { RATE_LIMIT_EXPORTS_PER_MINUTE, RATE_LIMIT_SEARCH_PER_MINUTE } = app.deps.config;
  const budget = (kind: LimitedRead, max: number) =>
    app.rateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: clientKey,
      errorResponseBuilder: (_request, context) =>
        new TooManyRequestsError(
          `Too many ${WHAT[kind]}: at most ${context.max} a minute. Try again in ${context.after}.`,
        ),
    }) as onRequestHookHandler;
  hooks.set(app, {
    exports: budget('exports', RATE_LIMIT_EXPORTS_PER_MINUTE),
    search: budget('search', RATE_LIMIT_SEARCH_PER_MINUTE),
  });
}

/**
 * The onRequest hook that counts a route against its kind's budget: every list export shares one
 * budget, so the limit holds however many lists a client exports. Route hooks run after the
 * app's session hook, so the count is per user and anonymous callers get 401 uncounted.
 */
export function rateLimited(app: AppInstance, kind: LimitedRead): onRequestHookHandler {
  const hook = hooks.get(app)?.[kind];
  if (!hook) throw new Error('registerRateLimits must run before the routes are registered.');
  return hook;
}
