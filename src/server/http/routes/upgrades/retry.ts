// Retry Failed: the upgrade's failed jobs scheduled again as a new upgrade. It takes nothing but
// the id (the browser may send `{}` or no body at all); read-only users are refused (403, audited).
import { upgradeEndpoints } from '../../../../domain';
import { retryFailed } from '../../../services/upgrades/retry';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireChange } from '../../auth';
import { route } from '../../route';

export function retryRoutes(app: AppInstance): void {
  route(
    app,
    upgradeEndpoints.retry,
    { preValidation: changeGuard(app, 'upgrade.retry', { type: 'upgrade', param: 'id' }) },
    async (request) => {
      const actor = await requireChange(app, request, 'upgrade.retry');
      return retryFailed(app.services.retry, actor, request.params.id);
    },
  );
}
