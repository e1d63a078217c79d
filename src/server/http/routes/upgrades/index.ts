// The upgrade routes (docs/api.md "Upgrades", the request calls included), one file per action as
// in src/server/services/upgrades: the reads and detail reads, the Jobs and Blacklist tabs,
// scheduling and its preview, activate, refresh, cancel, retry, purge, the Analyze stats and the
// failure clusters, and staged rollouts' waves. Change
// routes refuse read-only users before the body is read (403, CSRF, audited); the reads, the
// preview and the stats change nothing and are open to every signed-in user.
import type { AppInstance } from '../../app-instance';
import { activateRoutes } from './activate';
import { cancelRoutes } from './cancel';
import { detailRoutes } from './details';
import { failureClusterRoutes } from './failure-clusters';
import { upgradeListRoutes } from './lists';
import { previewRoutes } from './preview';
import { purgeRoutes } from './purge';
import { readRoutes } from './reads';
import { refreshRoutes } from './refresh';
import { retryRoutes } from './retry';
import { rolloutRoutes } from './rollouts';
import { scheduleRoutes } from './schedule';
import { statsRoutes } from './stats';

export function upgradeRoutes(app: AppInstance): void {
  readRoutes(app);
  detailRoutes(app);
  upgradeListRoutes(app);
  scheduleRoutes(app);
  previewRoutes(app);
  activateRoutes(app);
  refreshRoutes(app);
  cancelRoutes(app);
  retryRoutes(app);
  purgeRoutes(app);
  statsRoutes(app);
  failureClusterRoutes(app);
  rolloutRoutes(app);
}
