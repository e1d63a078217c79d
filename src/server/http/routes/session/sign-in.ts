// Signing in (docs/api.md "Authentication"): through Salesforce (the login URL, then its callback)
// or with the admin access key. Every sign-in ends the session the browser presented, so a session
// id is never carried across a sign-in.
import type { FastifyRequest } from 'fastify';
import { authEndpoints } from '../../../../domain';
import { authResponsePath } from '../../../../domain/auth-response';
import { hashSessionId } from '../../../db/repositories/sessions';
import { SignInError } from '../../../services/sign-in';
import type { AppInstance } from '../../app-instance';
import { SESSION_COOKIE, cookieOptions, sessionCookieOptions } from '../../auth';
import { route } from '../../route';
import { finishConnect } from '../connected-orgs/connect';

const STATE_COOKIE = 'pb_oauth_state';

export function signInRoutes(app: AppInstance): void {
  const { signIn } = app.services;
  const sessionCookie = () => sessionCookieOptions(app);
  /** The session id the browser presented (live or not): a sign-in ends it (rotation). */
  const presentedSession = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];
  const disconnectPresented = (id: string | undefined) => {
    if (id) app.live.disconnectSessions([hashSessionId(id)]);
  };

  route(app, authEndpoints.loginUrl, {}, async (request, reply) => {
    const { url, nonce } = await signIn.startLogin(request.query.returnTo);
    reply.setCookie(STATE_COOKIE, nonce, { ...cookieOptions(app, 600), path: '/oauth2' });
    return { url };
  });

  route(app, authEndpoints.callback, {}, async (request, reply) => {
    // Connecting an org (connected-orgs/connect.ts) shares the connected app's one callback URL.
    if (await finishConnect(app, request, reply)) return reply;
    reply.clearCookie(STATE_COOKIE, { ...cookieOptions(app), path: '/oauth2' });
    try {
      const previous = presentedSession(request);
      const { sessionId, returnTo } = await signIn.completeLogin(
        request.query,
        request.cookies[STATE_COOKIE],
        previous,
      );
      disconnectPresented(previous);
      reply.setCookie(SESSION_COOKIE, sessionId, sessionCookie());
      return reply.redirect(returnTo);
    } catch (error) {
      // Only a fixed sentence reaches the page; what went wrong stays in the server log.
      if (!(error instanceof SignInError)) {
        request.log.error({ err: error }, 'sign-in failed');
        return reply.redirect(authResponsePath('sign_in_failed'));
      }
      request.log.warn({ code: error.code, detail: error.detail }, 'sign-in refused');
      return reply.redirect(authResponsePath(error.code));
    }
  });

  // A POST with the key in its JSON body, never in a URL (URLs reach logs, history and
  // Referer headers); like every POST it needs the CSRF header, so no cross-site page can send it.
  route(app, authEndpoints.adminAccess, {}, async (request, reply) => {
    const previous = presentedSession(request);
    const { sessionId, returnTo } = await signIn.adminAccess(
      request.body.key,
      request.body.returnTo,
      request.ip,
      previous,
    );
    disconnectPresented(previous);
    reply.setCookie(SESSION_COOKIE, sessionId, sessionCookie());
    return { url: returnTo };
  });
}
