// Personal API tokens (docs/api.md "API tokens"): one's own tokens, making and revoking them, and
// every user's tokens for an administrator.
import { z } from 'zod';
import { idParams } from '../common';
import { endpoint } from '../endpoint';
import { apiTokenSchema, createdTokenSchema, createTokenBodySchema } from '../tokens';

export const tokenEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/tokens',
    tag: 'tokens',
    description: "The signed-in user's API tokens, newest first (never their secrets).",
    response: z.array(apiTokenSchema),
  }),

  create: endpoint({
    method: 'POST',
    path: '/api/tokens',
    tag: 'tokens',
    description:
      'Makes an API token (scope read or operate, an expiry within a year); the answer is the only time its secret is shown. Not with a token: from a signed-in session only.',
    body: createTokenBodySchema,
    response: createdTokenSchema,
  }),

  revoke: endpoint({
    method: 'DELETE',
    path: '/api/tokens/:id',
    tag: 'tokens',
    description: "Revokes one of the signed-in user's tokens; it answers 401 from then on.",
    params: idParams,
    response: apiTokenSchema,
  }),

  listAll: endpoint({
    method: 'GET',
    path: '/api/admin/tokens',
    tag: 'tokens',
    description: "Every user's API tokens, for an admin access key session.",
    response: z.array(apiTokenSchema),
  }),

  revokeAny: endpoint({
    method: 'DELETE',
    path: '/api/admin/tokens/:id',
    tag: 'tokens',
    description: "Revokes any user's token, for an admin access key session.",
    params: idParams,
    response: apiTokenSchema,
  }),
};
