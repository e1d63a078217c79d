// One place that decides access: who is signed in (server-side session from an opaque cookie),
// the CSRF defence on cookie-authenticated changes, and the read-only rule for every change.
import fastifyCookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../db/repositories/audit-log';
import { findSession, touchSession, type SessionRow } from '../db/repositories/sessions';
import type { AppInstance } from './app';
import { OPENAPI_PATH } from './openapi';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { READ_ONLY_MESSAGE } from '../../domain/policy';
import { actorOf, SESSION_COOKIE, type Actor } from '../actor';

export { actorOf, SESSION_COOKIE, type Actor };

/** The header our web client sends on every call; a cross-site form or image cannot send it. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'pushboard';
const TOUCH_EVERY_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow | null;
  }
}

export function cookieOptions(app: AppInstance, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.deps.config.FORCE_HTTPS || app.deps.config.publicUrl.startsWith('https:'),
    ...(maxAgeSeconds !== undefined ? { maxAge: maxAgeSeconds } : {}),
  };
}

export async function registerAuth(app: AppInstance): Promise<void> {
  await app.register(fastifyCookie);
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request, reply) => {
    const id = request.cookies[SESSION_COOKIE];
    if (id) {
      const session = await findSession(app.deps.db, id);
      if (session) {
        request.session = session;
        if (Date.now() - Date.parse(session.last_seen_at) > TOUCH_EVERY_MS) {
          await touchSession(app.deps.db, session.id_hash, app.deps.config.SESSION_TIMEOUT_HOURS);
          request.session = (await app.services.signIn.recheckPermissions(session)) ?? null;
        }
      } else {
        reply.clearCookie(SESSION_COOKIE, cookieOptions(app));
      }
    }
    if (!SAFE_METHODS.has(request.method) && request.session) checkCsrf(request);
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') && path !== OPENAPI_PATH && !request.session) {
      throw new UnauthorizedError();
    }
  });
}

/** A cookie-authenticated change must carry our header and, when the browser says, our origin. */
function checkCsrf(request: FastifyRequest): void {
  const header = request.headers[CSRF_HEADER];
  const origin = request.headers.origin;
  if (header !== CSRF_HEADER_VALUE) {
    throw new ForbiddenError('This request is missing its CSRF protection header.');
  }
  if (origin && new URL(origin).host !== request.host) {
    throw new ForbiddenError('Cross-site requests are not allowed.');
  }
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
