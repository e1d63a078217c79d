// One place that decides access: who is signed in (server-side session from an opaque cookie, or
// a personal API token on /api routes), the CSRF defence on cookie-authenticated changes, and the
// read-only rule for every change.
import fastifyCookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../db/repositories/audit-log';
import { findSession, touchSession, type SessionRow } from '../db/repositories/sessions';
import type { AppInstance } from './app-instance';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { READ_ONLY_MESSAGE } from '../../domain/policy';
import { actorOf, SESSION_COOKIE, type Actor } from '../actor';
import { authenticateBearer, bearerOf, isApiRoute } from './token-auth';

export { actorOf, SESSION_COOKIE, type Actor };

/** The header our web client sends on every call; a cross-site form or image cannot send it. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'pushboard';
const TOUCH_EVERY_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow | null;
    /** Set when the request is authenticated by a personal API token (token-auth.ts). */
    apiTokenId: number | null;
  }
}

/**
 * Cookies are HttpOnly (no script reads them), host-only (no Domain attribute), Secure whenever
 * the console is served over HTTPS, and SameSite=Lax: Strict would drop the session cookie on the
 * top-level GET that brings the browser back from Salesforce's login page (/oauth2/callback) and
 * on every link into the console from mail or chat, so the user would land signed out. Lax still
 * keeps the cookie off cross-site POSTs, images and frames; changes also need the CSRF header.
 */
export function cookieOptions(app: AppInstance, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.deps.config.FORCE_HTTPS || app.deps.config.publicUrl.startsWith('https:'),
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  };
}

/**
 * The session cookie lives as long as the session can (SESSION_MAX_HOURS); the server ends it
 * earlier when it sits idle, so the browser never drops a session the server still honours.
 */
export function sessionCookieOptions(app: AppInstance) {
  return cookieOptions(app, app.deps.config.SESSION_MAX_HOURS * 3600);
}

export async function registerAuth(
  app: AppInstance,
  isPublic: PublicRouteCheck,
  /** Routes sent alike to everyone, for which the session is not even read. */
  isSessionless: PublicRouteCheck = () => false,
): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('session', null);
  app.decorateRequest('apiTokenId', null);

  // Fastify runs onRequest hooks after the router has matched the route, so the decision below is
  // made on the route a request reached, not on the text of its URL: `/%61pi/orgs`, `/api//orgs`
  // or any other spelling the router accepts gets exactly what `/api/orgs` gets.
  app.addHook('onRequest', async (request, reply) => {
    // A personal API token stands instead of the cookie, which is then not read at all.
    const bearer = isApiRoute(request.routeOptions.url) ? bearerOf(request) : undefined;
    if (bearer !== undefined) {
      await authenticateBearer(app, request, bearer);
      return;
    }
    const id = request.cookies[SESSION_COOKIE];
    // The web app's files and its page are the same for everyone: they are sent without a
    // database read (and now and then a permission check with Salesforce) before the first paint.
    if (id && !isSessionless(request.method, request.routeOptions.url)) {
      const { SESSION_TIMEOUT_HOURS, SESSION_MAX_HOURS } = app.deps.config;
      const session = await findSession(app.deps.db, id, SESSION_MAX_HOURS);
      if (session) {
        request.session = session;
        if (Date.now() - Date.parse(session.last_seen_at) > TOUCH_EVERY_MS) {
          await touchSession(
            app.deps.db,
            session.id_hash,
            SESSION_TIMEOUT_HOURS,
            SESSION_MAX_HOURS,
          );
          request.session = (await app.services.signIn.recheckPermissions(session)) ?? null;
        }
      } else {
        reply.clearCookie(SESSION_COOKIE, cookieOptions(app));
      }
    }
    // Every change carries the CSRF header, signed in or not (admin-key sign-in, sign-out).
    if (!SAFE_METHODS.has(request.method)) checkCsrf(request);
    if (!request.session && !isPublic(request.method, request.routeOptions.url)) {
      throw new UnauthorizedError();
    }
  });
}

/**
 * Whether a matched route answers without a session; `url` is the route's pattern, undefined
 * when no route matched (the not-found handler: the web app's page, or a 404).
 */
export type PublicRouteCheck = (method: string, url: string | undefined) => boolean;

/** A change must carry our header and, when the browser names one, our origin. */
function checkCsrf(request: FastifyRequest): void {
  const header = request.headers[CSRF_HEADER];
  if (header !== CSRF_HEADER_VALUE) {
    throw new ForbiddenError('This request is missing its CSRF protection header.');
  }
  const origin = request.headers.origin;
  if (origin !== undefined && originHost(origin) !== request.host) {
    throw new ForbiddenError('Cross-site requests are not allowed.');
  }
}

/** The host of an Origin header; undefined for `null`, garbage or a non-http(s) origin. */
function originHost(origin: string): string | undefined {
  if (!URL.canParse(origin)) return undefined;
  const url = new URL(origin);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : undefined;
}

/** The signed-in actor, or 401. */
export function requireActor(request: FastifyRequest): Actor {
  if (!request.session) throw new UnauthorizedError();
  return actorOf(request.session);
}

/**
 * The signed-in actor allowed to change things, or 403 for read-only users (audited).
 * Every change route calls this before doing anything.
 */
export async function requireChange(
  app: AppInstance,
  request: FastifyRequest,
  action: string,
  target?: { type: string; id: string },
): Promise<Actor> {
  const actor = requireActor(request);
  if (actor.readOnly) {
    await writeAudit(app.deps.db, {
      actor: actor.username,
      action,
      targetType: target?.type ?? null,
      targetId: target?.id ?? null,
      outcome: 'denied',
      details: { reason: 'read-only' },
    });
    throw new ForbiddenError(READ_ONLY_MESSAGE);
  }
  return actor;
}

/**
 * requireChange as a preValidation hook, so that a read-only user gets 403 whatever they sent
 * (validation would otherwise answer 400 first). `target` names the audited target: its type
 * and, optionally, the path parameter that holds its id.
 */
export function changeGuard(
  app: AppInstance,
  action: string,
  target?: { type: string; param?: string },
) {
  return async (request: FastifyRequest): Promise<void> => {
    const params = (request.params ?? {}) as Record<string, unknown>;
    const id = target?.param === undefined ? undefined : params[target.param];
    const text = typeof id === 'string' || typeof id === 'number' ? String(id) : '';
    await requireChange(app, request, action, target ? { type: target.type, id: text } : undefined);
  };
}
