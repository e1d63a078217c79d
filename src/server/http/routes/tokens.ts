// Personal API tokens (docs/api.md "API tokens"). Anyone signed in manages their own tokens, a
// read-only user too (read tokens only); an admin access key session sees and revokes everyone's.
// Tokens are made and revoked from a signed-in session, never with a token: a leaked token must
// not be able to mint its own successors.
import type { FastifyRequest } from 'fastify';
import { tokenEndpoints } from '../../../domain';
import {
  createApiToken,
  listEveryToken,
  listOwnTokens,
  revokeToken,
} from '../../services/api-tokens';
import { ForbiddenError } from '../../errors';
import type { AppInstance } from '../app-instance';
import { requireActor } from '../auth';
import { route } from '../route';

function requireSessionActor(request: FastifyRequest) {
  const actor = requireActor(request);
  if (request.apiTokenId !== null) {
    throw new ForbiddenError('API tokens are managed from a signed-in session, not with a token.');
  }
  return actor;
}

export function tokenRoutes(app: AppInstance): void {
  const db = app.deps.db;

  route(app, tokenEndpoints.list, {}, async (request) =>
    listOwnTokens(db, requireSessionActor(request)),
  );

  route(app, tokenEndpoints.create, {}, async (request) =>
    createApiToken(db, requireSessionActor(request), request.body),
  );

  route(app, tokenEndpoints.revoke, {}, async (request) =>
    revokeToken(db, requireSessionActor(request), request.params.id),
  );

  route(app, tokenEndpoints.listAll, {}, async (request) =>
    listEveryToken(db, requireSessionActor(request)),
  );

  route(app, tokenEndpoints.revokeAny, {}, async (request) =>
    revokeToken(db, requireSessionActor(request), request.params.id, { anyOwner: true }),
  );
}
