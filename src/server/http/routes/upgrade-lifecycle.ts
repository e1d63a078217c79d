// The upgrade lifecycle's change calls (spec §7 "Upgrades" and the request calls): Activate and
// Refresh, for a whole upgrade or one request. Read-only users are refused (403, audited) before
// anything is read; activation enforces the activation policy on the server; Refresh queues a
// background job and answers its id (the monitor's work, for one upgrade or request, now).
import { z } from 'zod';
import {
  noBodySchema,
  numericId,
  refreshResultSchema,
  upgradeActionResultSchema,
} from '../../../domain';
import { activateRequest, activateUpgrade } from '../../services/upgrades/activate';
import { startRefresh } from '../../services/upgrades/refresh';
import type { AppInstance } from '../app';
import { changeGuard, requireChange } from '../auth';

const params = z.object({ id: numericId });

export function upgradeLifecycleRoutes(app: AppInstance): void {
  const deps = app.services.lifecycle;

  app.post(
    '/api/upgrades/activate/:id',
    {
      schema: {
        tags: ['upgrades'],
        description:
          "Activates an upgrade: its first dependency tier's push requests now, the later ones as each tier finishes without failures.",
        params,
        body: noBodySchema,
        response: { 200: upgradeActionResultSchema },
      },
      preValidation: changeGuard(app, 'upgrade.activate', { type: 'upgrade', param: 'id' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'upgrade.activate');
      return activateUpgrade(deps, actor, request.params.id);
    },
  );

  app.post(
    '/api/upgradeitems/activate/:id',
    {
      schema: {
        tags: ['upgrades'],
        description:
          'Activates one upgrade request (its push request goes Pending in Salesforce), once earlier tiers have finished.',
        params,
        body: noBodySchema,
        response: { 200: upgradeActionResultSchema },
      },
      preValidation: changeGuard(app, 'upgradeitem.activate', {
        type: 'upgrade_item',
        param: 'id',
      }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'upgradeitem.activate');
      return activateRequest(deps, actor, request.params.id);
    },
  );

  const refresh = (kind: 'upgrade' | 'item') => {
    const action = kind === 'upgrade' ? 'upgrade.refresh' : 'upgradeitem.refresh';
    const table = kind === 'upgrade' ? 'upgrade' : 'upgrade_item';
    return {
      schema: {
        tags: ['upgrades'],
        description:
          kind === 'upgrade'
            ? 'Reconciles an upgrade with Salesforce now, in the background; answers the job id.'
            : 'Reconciles one upgrade request with Salesforce now, in the background; answers the job id.',
        params,
        body: noBodySchema,
        response: { 200: refreshResultSchema },
      },
      preValidation: changeGuard(app, action, { type: table, param: 'id' }),
      handler: async (request: { params: { id: number } }) => {
        const actor = await requireChange(app, request as never, action);
        return startRefresh(app.services.refresh, actor, kind, request.params.id);
      },
    };
  };
  app.post('/api/upgrades/refresh/:id', refresh('upgrade'));
  app.post('/api/upgradeitems/refresh/:id', refresh('item'));
}
