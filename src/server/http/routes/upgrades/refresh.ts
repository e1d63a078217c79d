// Refresh, for a whole upgrade or one request: queues a background job that reconciles it with
// Salesforce now (the monitor's work, for one upgrade or request) and answers the job's id.
// Read-only users are refused (403, audited).
import { upgradeEndpoints, upgradeRequestEndpoints } from '../../../../domain';
import { startRefresh } from '../../../services/upgrades/refresh';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireChange } from '../../auth';
import { route } from '../../route';

export function refreshRoutes(app: AppInstance): void {
  const deps = app.services.refresh;

  route(
    app,
    upgradeEndpoints.refresh,
    { preValidation: changeGuard(app, 'upgrade.refresh', { type: 'upgrade', param: 'id' }) },
    async (request) => {
      const actor = await requireChange(app, request, 'upgrade.refresh');
      return startRefresh(deps, actor, 'upgrade', request.params.id);
    },
  );

  route(
    app,
    upgradeRequestEndpoints.refresh,
    {
      preValidation: changeGuard(app, 'upgradeitem.refresh', {
        type: 'upgrade_item',
        param: 'id',
      }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'upgradeitem.refresh');
      return startRefresh(deps, actor, 'item', request.params.id);
    },
  );
}
