// /oauth2: sign-in, the current user, settings and sign-out (spec §7 "Session and authentication").
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { noBodySchema } from '../../../domain';
import { authResponsePath } from '../../../domain/auth-response';
import { SignInError } from '../../services/sign-in';
import type { AppInstance } from '../app';
import { SESSION_COOKIE, cookieOptions, sessionCookieOptions } from '../auth';
import { hashSessionId } from '../../db/repositories/sessions';
import { UnauthorizedError } from '../../errors';
import { finishConnect } from './packageorg-connect';

const STATE_COOKIE = 'pb_oauth_state';
const urlReply = z.object({ url: z.string() });
const userReply = z.object({
  display_name: z.string(),
  username: z.string(),
  read_only: z.boolean(),
  enforce_activation_policy: z.boolean(),
  enable_sumo: z.boolean(),
  /** 'admin-key': the shared admin access key, which may not activate (no named person). */
  auth_method: z.enum(['salesforce', 'admin-key']),
});

export function oauthRoutes(app: AppInstance): void {
  const { signIn } = app.services;
  const sessionCookie = () => sessionCookieOptions(app);
  /** The session id the browser presented (live or not): a sign-in ends it (rotation). */
  const presentedSession = (request: FastifyRequest) => request.cookies[SESSION_COOKIE];
  const disconnectPresented = (id: string | undefined) => {
    if (id) app.live.disconnectSessions([hashSessionId(id)]);
  };

  app.get(
    '/oauth2/loginurl',
    {
      schema: {
        querystring: z.object({ returnTo: z.string().optional() }),
        response: { 200: urlReply },
      },
    },
    async (request, reply) => {
      const { url, nonce } = await signIn.startLogin(request.query.returnTo);
      reply.setCookie(STATE_COOKIE, nonce, { ...cookieOptions(app, 600), path: '/oauth2' });
      return { url };
    },
  );

  app.get(
    '/oauth2/callback',
    {
      schema: {
        querystring: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
          error_description: z.string().optional(),
        }),
      },
    },
    async (request, reply) => {
      // Connecting an org (packageorg-connect.ts) shares the connected app's one callback URL.
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
    },
  );

  // A POST with the key in its JSON body, never in a URL (URLs reach logs, history and
  // Referer headers); like every POST it needs the CSRF header, so no cross-site page can send it.
  app.post(
    '/oauth2/adminaccess',
    {
      schema: {
        description:
          'Signs in with the admin access key. Wrong keys are limited per client address and overall, counted before the key is compared.',
        body: z.object({
          key: z.string().min(1, 'is required').max(512),
          returnTo: z.string().max(2048).optional(),
        }),
        response: { 200: urlReply },
      },
    },
    async (request, reply) => {
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
    },
  );

  app.get('/oauth2/user', { schema: { response: { 200: userReply } } }, async (request) => {
    const session = request.session;
    if (!session) throw new UnauthorizedError();
    return {
      display_name: session.display_name ?? session.username,
      username: session.username,
      read_only: session.read_only,
      enforce_activation_policy: app.deps.config.ENFORCE_ACTIVATION_POLICY,
      enable_sumo: Boolean(app.deps.config.SUMO_URL),
      auth_method: session.auth_method,
    };
  });

  app.get(
    '/oauth2/settings',
    {
      schema: {
        response: {
          200: z.object({ has_admin_access_key: z.boolean(), app_name: z.string().nullable() }),
        },
      },
    },
    async () => ({
      has_admin_access_key: Boolean(app.deps.config.ADMIN_ACCESS_KEY),
      app_name: app.deps.config.HEROKU_APP_NAME ?? null,
    }),
  );

  // A POST with the CSRF header: a cross-site image or link cannot sign anyone out.
  app.post(
    '/oauth2/logout',
    {
      schema: {
        description: "Ends this browser's session and disconnects its live channel.",
        body: noBodySchema,
        response: { 200: z.object({ result: z.literal('ok') }) },
      },
    },
    async (request, reply) => {
      if (request.session) {
        await signIn.logout(request.session);
        app.live.disconnectSessions([request.session.id_hash]);
      }
      reply.clearCookie(SESSION_COOKIE, cookieOptions(app));
      return { result: 'ok' as const };
    },
  );

  // A POST with the CSRF header, like the plain sign-out; it also reaches other browsers.
  app.post(
    '/oauth2/logout-everywhere',
    {
      schema: {
        description:
          "Ends every session of the signed-in user, in every browser, and disconnects those sessions' live channels.",
        body: noBodySchema,
        response: { 200: z.object({ result: z.literal('ok'), sessions: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session) throw new UnauthorizedError();
      const ended = await signIn.logoutEverywhere(session);
      app.live.disconnectSessions(ended);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(app));
      return { result: 'ok' as const, sessions: ended.length };
    },
  );
}
