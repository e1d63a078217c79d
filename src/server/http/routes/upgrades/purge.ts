// Purge: deletes the history of finished upgrades here, never anything in Salesforce. Read-only
// users are refused before the body is read (403, audited).
import { upgradeEndpoints } from '../../../../domain';
import { purgeUpgrades } from '../../../services/upgrades/purge';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireChange } from '../../auth';
import { route } from '../../route';

export function purgeRoutes(app: AppInstance): void {
  route(
    app,
    upgradeEndpoints.purge,
    { preValidation: changeGuard(app, 'upgrade.purge', { type: 'upgrade' }) },
    async (request) => {
      const actor = await requireChange(app, request, 'upgrade.purge');
      return purgeUpgrades(app.services.manage, actor, request.body.upgradeIds);
    },
  );
}
