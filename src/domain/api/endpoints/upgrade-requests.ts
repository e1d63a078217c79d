// The upgrade request calls (docs/api.md "Upgrades", the requests of an upgrade): list, detail, and
// the lifecycle of one request: activate, refresh, cancel.
import { z } from 'zod';
import { idParams } from '../common';
import { endpoint } from '../endpoint';
import {
  cancelUpgradeSchema,
  noBodySchema,
  refreshResultSchema,
  upgradeActionResultSchema,
  upgradeItemDetailSchema,
} from '../upgrade-actions';
import { upgradeItemQuerySchema, upgradeItemSchema } from '../upgrades';

export const upgradeRequestEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/upgradeitems',
    tag: 'upgrades',
    description: 'Upgrade requests of an upgrade, a package or a packaging org.',
    query: upgradeItemQuerySchema,
    response: z.array(upgradeItemSchema),
  }),

  get: endpoint({
    method: 'GET',
    path: '/api/upgradeitems/:id',
    tag: 'upgrades',
    description: 'One upgrade request with its job counts.',
    params: idParams,
    response: upgradeItemDetailSchema,
  }),

  activate: endpoint({
    method: 'POST',
    path: '/api/upgradeitems/activate/:id',
    tag: 'upgrades',
    description:
      'Activates one upgrade request (its push request goes Pending in Salesforce), once earlier tiers have finished.',
    params: idParams,
    body: noBodySchema,
    response: upgradeActionResultSchema,
  }),

  refresh: endpoint({
    method: 'POST',
    path: '/api/upgradeitems/refresh/:id',
    tag: 'upgrades',
    description:
      'Reconciles one upgrade request with Salesforce now, in the background; answers the job id.',
    params: idParams,
    body: noBodySchema,
    response: refreshResultSchema,
  }),

  cancel: endpoint({
    method: 'POST',
    path: '/api/upgradeitems/cancel/:id',
    tag: 'upgrades',
    description: 'Cancels one request that has not started yet.',
    params: idParams,
    body: cancelUpgradeSchema,
    response: upgradeActionResultSchema,
  }),
};
