// Analyze: per package, the orgs per job status across the selected upgrades. It changes nothing,
// so every signed-in user may ask, read-only users included.
import { upgradeEndpoints } from '../../../../domain';
import { upgradeStats } from '../../../services/upgrades/stats';
import type { AppInstance } from '../../app-instance';
import { requireActor } from '../../auth';
import { route } from '../../route';

export function statsRoutes(app: AppInstance): void {
  route(app, upgradeEndpoints.stats, {}, async (request) => {
    requireActor(request);
    return upgradeStats(app.deps.db, request.body.upgradeIds);
  });
}
