// Connected-org changes (spec §7 Connected orgs): Refresh, Revoke and Delete on a selection,
// Activate/Deactivate, and the Edit modal's save (PUT /api/packageorgs with the packageorg
// object). Read-only users are refused (403, audited) before the body is read.
import { z } from 'zod';
import {
  connectedOrgActivationSchema,
  connectedOrgChangeResultSchema,
  connectedOrgEditSchema,
  connectedOrgIdsSchema,
  connectedOrgSchema,
} from '../../../domain';
import type { AppInstance } from '../app';
import { changeGuard, requireChange } from '../auth';

export function packageOrgChangeRoutes(app: AppInstance): void {
  const changes = app.services.connectedOrgChanges;
  const selection = [
    ['refresh', 'Re-reads the selected orgs from Salesforce (each must be Connected).'],
    ['revoke', 'Revokes the selected orgs’ tokens at Salesforce (each must be Connected).'],
    [
      'delete',
      'Removes the selected connections (their grants are revoked where they still work).',
    ],
  ] as const;
  for (const [verb, description] of selection) {
    const action = `connected-org.${verb}`;
    app.post(
      `/api/packageorgs/${verb}`,
      {
        schema: {
          tags: ['packageorgs'],
          description,
          body: connectedOrgIdsSchema,
          response: { 200: connectedOrgChangeResultSchema },
        },
        preValidation: changeGuard(app, action, { type: 'connected_org' }),
      },
      async (request) => {
        const actor = await requireChange(app, request, action);
        const { orgIds } = request.body;
        if (verb === 'refresh') return changes.refresh(actor, orgIds);
        if (verb === 'revoke') return changes.revoke(actor, orgIds);
        return changes.remove(actor, orgIds);
      },
    );
  }

  app.post(
    '/api/packageorgs/activation',
    {
      schema: {
        tags: ['packageorgs'],
        description:
          'Activates or deactivates packaging orgs for upgrades; answers the updated orgs.',
        body: connectedOrgActivationSchema,
        response: { 200: z.array(connectedOrgSchema) },
      },
      preValidation: changeGuard(app, 'connected-org.activation', { type: 'connected_org' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'connected-org.activation');
      return changes.setActive(actor, request.body.orgIds, request.body.flag);
    },
  );

  app.put(
    '/api/packageorgs',
    {
      schema: {
        tags: ['packageorgs'],
        description: 'Saves the Edit modal: type and description of a connected org.',
        body: connectedOrgEditSchema,
        response: { 200: connectedOrgSchema },
      },
      preValidation: changeGuard(app, 'connected-org.edit', { type: 'connected_org' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'connected-org.edit');
      return changes.edit(actor, request.body);
    },
  );
}
