// Activate, for a whole upgrade or one request. Read-only users are refused (403, audited) before
// anything is read; activation enforces the activation policy on the server.
import { upgradeEndpoints, upgradeRequestEndpoints } from '../../../../domain';
import { activateRequest, activateUpgrade } from '../../../services/upgrades/activate';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireChange } from '../../auth';
import { route } from '../../route';

export function activateRoutes(app: AppInstance): void {
  const deps = app.services.lifecycle;

  route(
    app,
    upgradeEndpoints.activate,
    { preValidation: changeGuard(app, 'upgrade.activate', { type: 'upgrade', param: 'id' }) },
    async (request) => {
      const actor = await requireChange(app, request, 'upgrade.activate');
      return activateUpgrade(deps, actor, request.params.id);
    },
  );

  route(
    app,
    upgradeRequestEndpoints.activate,
    {
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
}
