// Connecting an org (docs/api.md "Connected orgs"): GET /oauth2/orgurl (Add Org, re-connect),
// /oauth2/preauthorg, and /oauth2/connect, the plain link form of orgurl that the export page
// offers. The flow ends in /oauth2/callback, which the sign-in routes share: they hand connect
// states to finishConnect.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { connectedOrgEndpoints, type connectOrgQuerySchema } from '../../../../domain';
import { authResponsePath } from '../../../../domain/auth-response';
import {
  ConnectError,
  ConnectFlow,
  type ConnectStart,
} from '../../../services/connected-orgs/connect-flow';
import type { AppInstance } from '../../app-instance';
import { changeGuard, cookieOptions, requireActor, requireChange } from '../../auth';
import { route } from '../../route';

const CONNECT_COOKIE = 'pb_connect_state';

async function startConnect(
  app: AppInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: ConnectStart | { preauthorize: string },
): Promise<string> {
  const actor = await requireChange(app, request, 'connected-org.connect');
  const { url, nonce } =
    'preauthorize' in input
      ? await app.services.connectFlow.preauthorize(actor, input.preauthorize)
      : await app.services.connectFlow.start(actor, input);
  reply.setCookie(CONNECT_COOKIE, nonce, { ...cookieOptions(app, 600), path: '/oauth2' });
  return url;
}

const connectInput = (query: z.infer<typeof connectOrgQuerySchema>): ConnectStart => ({
  instanceUrl: query.instanceUrl,
  type: query.type,
  returnTo: query.returnTo,
  sandbox: query.sandbox === 'true',
});

/** True when the callback belongs to a connect; then the reply is already sent. */
export async function finishConnect(
  app: AppInstance,
  request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
  reply: FastifyReply,
): Promise<boolean> {
  if (!ConnectFlow.owns(request.query.state)) return false;
  reply.clearCookie(CONNECT_COOKIE, { ...cookieOptions(app), path: '/oauth2' });
  try {
    const actor = request.session ? requireActor(request) : undefined;
    const { returnTo } = await app.services.connectFlow.complete(
      request.query,
      request.cookies[CONNECT_COOKIE],
      actor,
    );
    await reply.redirect(returnTo);
  } catch (error) {
    // Only a fixed sentence reaches the page; what went wrong stays in the server log.
    if (error instanceof ConnectError) {
      request.log.warn({ code: error.code, detail: error.detail }, 'connecting an org refused');
      await reply.redirect(authResponsePath(error.code));
    } else {
      request.log.error({ err: error }, 'connecting an org failed');
      await reply.redirect(authResponsePath('connect_failed'));
    }
  }
  return true;
}

export function connectRoutes(app: AppInstance): void {
  const guard = {
    preValidation: changeGuard(app, 'connected-org.connect', { type: 'connected_org' }),
  };

  route(app, connectedOrgEndpoints.connectUrl, guard, async (request, reply) => ({
    url: await startConnect(app, request, reply, connectInput(request.query)),
  }));

  route(app, connectedOrgEndpoints.connect, guard, async (request, reply) =>
    reply.redirect(await startConnect(app, request, reply, connectInput(request.query))),
  );

  route(app, connectedOrgEndpoints.preauthorizeUrl, guard, async (request, reply) => ({
    url: await startConnect(app, request, reply, { preauthorize: request.query.org_id }),
  }));
}
