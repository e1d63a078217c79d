// Signing out: this browser's session, or every session of the signed-in user. Both are POSTs
// with the CSRF header, so a cross-site image or link cannot sign anyone out.
import { authEndpoints } from '../../../../domain';
import { UnauthorizedError } from '../../../errors';
import type { AppInstance } from '../../app-instance';
import { SESSION_COOKIE, cookieOptions } from '../../auth';
import { route } from '../../route';

export function signOutRoutes(app: AppInstance): void {
  const { signIn } = app.services;

  route(app, authEndpoints.logout, {}, async (request, reply) => {
    if (request.session) {
      await signIn.logout(request.session);
      app.live.disconnectSessions([request.session.id_hash]);
    }
    reply.clearCookie(SESSION_COOKIE, cookieOptions(app));
    return { result: 'ok' as const };
  });

  // It also reaches other browsers: their live channels are disconnected too.
  route(app, authEndpoints.logoutEverywhere, {}, async (request, reply) => {
    const session = request.session;
    if (!session) throw new UnauthorizedError();
    const ended = await signIn.logoutEverywhere(session);
    app.live.disconnectSessions(ended);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(app));
    return { result: 'ok' as const, sessions: ended.length };
  });
}
