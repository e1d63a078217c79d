// /api/packageorgs (spec §7 Connected orgs): the connected orgs, never with their tokens, and
// (in files of their own) the changes to them and the connect and export flows.
import { z } from 'zod';
import { connectedOrgSchema, orgIdParam } from '../../../domain';
import {
  findConnectedOrgView,
  listConnectedOrgViews,
} from '../../db/repositories/connected-org-reads';
import { NotFoundError } from '../../errors';
import type { AppInstance } from '../app';
import { packageOrgChangeRoutes } from './packageorg-changes';
import { packageOrgConnectRoutes } from './packageorg-connect';

export function packageOrgRoutes(app: AppInstance): void {
  app.get(
    '/api/packageorgs',
    { schema: { tags: ['packageorgs'], response: { 200: z.array(connectedOrgSchema) } } },
    async () => listConnectedOrgViews(app.deps.db),
  );

  app.get(
    '/api/packageorgs/:id',
    {
      schema: {
        tags: ['packageorgs'],
        params: z.object({ id: orgIdParam }),
        response: { 200: connectedOrgSchema },
      },
    },
    async (request) => {
      const found = await findConnectedOrgView(app.deps.db, request.params.id);
      if (!found) throw new NotFoundError(`No connected org ${request.params.id}.`);
      return found;
    },
  );

  packageOrgChangeRoutes(app);
  packageOrgConnectRoutes(app);
}
