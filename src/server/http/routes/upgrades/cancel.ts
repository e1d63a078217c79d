// Cancel, for a whole upgrade or one request, with the operator's comment. Read-only users are
// refused before the body is read (requireChange: 403, CSRF, audited).
import { upgradeEndpoints, upgradeRequestEndpoints } from '../../../../domain';
import { cancelRequest, cancelUpgrade } from '../../../services/upgrades/cancel';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireChange } from '../../auth';
import { route } from '../../route';

export function cancelRoutes(app: AppInstance): void {
  const deps = app.services.manage;

  route(
    app,
    upgradeEndpoints.cancel,
    { preValidation: changeGuard(app, 'upgrade.cancel', { type: 'upgrade', param: 'id' }) },
    async (request) => {
      const actor = await requireChange(app, request, 'upgrade.cancel');
      return cancelUpgrade(deps, actor, request.params.id, request.body.comment);
    },
  );

  route(
    app,
    upgradeRequestEndpoints.cancel,
    {
      preValidation: changeGuard(app, 'upgradeitem.cancel', { type: 'upgrade_item', param: 'id' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'upgradeitem.cancel');
      return cancelRequest(deps, actor, request.params.id, request.body.comment);
    },
  );
}
