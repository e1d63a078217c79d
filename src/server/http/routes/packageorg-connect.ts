// Connecting and exporting connected orgs (spec §7): GET /oauth2/orgurl (Add Org, re-connect),
// /oauth2/preauthorg, /oauth2/exportorgurl and the page it points at, and /oauth2/connect, the
// plain link form of orgurl that the export page offers. The flow ends in /oauth2/callback
// (oauth.ts hands connect states to finishConnect below).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { connectOrgQuerySchema, exportOrgQuerySchema, orgIdParam } from '../../../domain';
import { canActOnConnectedOrg } from '../../../domain/actions';
import { authResponsePath } from '../../../domain/auth-response';
import { safeReturnPath } from '../../../domain/return-path';
import { ConflictError, NotFoundError } from '../../errors';
import {
  ConnectError,
  ConnectFlow,
  type ConnectStart,
} from '../../services/connected-orgs/connect-flow';
import { findConnectionExport } from '../../services/connected-orgs/export-view';
import type { AppInstance } from '../app';
import { changeGuard, cookieOptions, requireActor, requireChange } from '../auth';
import { exportPage } from './packageorg-export-page';

const CONNECT_COOKIE = 'pb_connect_state';
const urlReply = z.object({ url: z.string() });

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

export function packageOrgConnectRoutes(app: AppInstance): void {
  app.get(
    '/oauth2/orgurl',
    {
      schema: {
        tags: ['packageorgs'],
        description:
          'Starts connecting an org (no instanceUrl: Add Org; sandbox=true: the sandbox login host) or re-connecting a known one; answers the login URL.',
        querystring: connectOrgQuerySchema,
        response: { 200: urlReply },
      },
      preValidation: changeGuard(app, 'connected-org.connect', { type: 'connected_org' }),
    },
    async (request, reply) => ({
      url: await startConnect(app, request, reply, connectInput(request.query)),
    }),
  );

  app.get(
    '/oauth2/connect',
    {
      schema: {
        tags: ['packageorgs'],
        description: 'The same as /oauth2/orgurl as a redirect, for plain links (the export page).',
        querystring: connectOrgQuerySchema,
      },
      preValidation: changeGuard(app, 'connected-org.connect', { type: 'connected_org' }),
    },
    async (request, reply) =>
      reply.redirect(await startConnect(app, request, reply, connectInput(request.query))),
  );

  app.get(
    '/oauth2/preauthorg',
    {
      schema: {
        tags: ['packageorgs'],
        description:
          'Starts authorizing an org Pushboard met but holds no tokens for (ALERT_PREAUTH_ORG); only that org is accepted.',
        querystring: z.object({ org_id: orgIdParam }),
        response: { 200: urlReply },
      },
      preValidation: changeGuard(app, 'connected-org.connect', { type: 'connected_org' }),
    },
    async (request, reply) => ({
      url: await startConnect(app, request, reply, { preauthorize: request.query.org_id }),
    }),
  );

  app.get(
    '/oauth2/exportorgurl',
    {
      schema: {
        tags: ['packageorgs'],
        description:
          'The URL of the connection page Export opens in its popup (details and reconnect; never a token).',
        querystring: exportOrgQuerySchema,
        response: { 200: urlReply },
      },
      preValidation: changeGuard(app, 'connected-org.export', { type: 'connected_org' }),
    },
    async (request) => {
      await requireChange(app, request, 'connected-org.export');
      const org = await findConnectionExport(app.deps.db, request.query);
      if (!org)
        throw new NotFoundError(
          `No ${request.query.type} org has the instance URL ${request.query.instanceUrl}.`,
        );
      const rule = canActOnConnectedOrg({ read_only: false }, org, 'export');
      if (!rule.allowed) throw new ConflictError(`${org.name} (${org.org_id}): ${rule.reason}`);
      const returnTo = safeReturnPath(request.query.returnTo ?? `/packageorg/${org.org_id}`);
      return {
        url: `/oauth2/exportorg/${org.org_id}?returnTo=${encodeURIComponent(returnTo)}`,
      };
    },
  );

  app.get(
    '/oauth2/exportorg/:orgId',
    {
      schema: {
        tags: ['packageorgs'],
        description: 'The export popup: the connection’s details and a reconnect link.',
        params: z.object({ orgId: orgIdParam }),
        querystring: z.object({ returnTo: z.string().max(2048).optional() }),
      },
      preValidation: changeGuard(app, 'connected-org.export', {
        type: 'connected_org',
        param: 'orgId',
      }),
    },
    async (request, reply) => {
      await requireChange(app, request, 'connected-org.export', {
        type: 'connected_org',
        id: request.params.orgId,
      });
      const org = await findConnectionExport(app.deps.db, { orgId: request.params.orgId });
      if (!org) throw new NotFoundError(`No connected org ${request.params.orgId}.`);
      const reconnect = new URLSearchParams({
        instanceUrl: org.instance_url,
        type: org.type,
        returnTo: safeReturnPath(request.query.returnTo ?? `/packageorg/${org.org_id}`),
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(exportPage(org, `/oauth2/connect?${reconnect.toString()}`));
    },
  );
}
