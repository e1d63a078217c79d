// Failure clusters (docs/api.md "Failure clusters"): an upgrade's (or one request's) failed jobs
// grouped by normalised error, a package's recurring ones, and the per-cluster actions Retry this
// cluster (Retry Failed narrowed to the cluster, audited as upgrade.retry) and Blacklist these
// orgs (Add To Group into a Blacklist Group, audited as orggroup.members.add with the reason).
// The reads are open to every signed-in user; the actions refuse read-only users before the body
// is read (403, audited), as their counterparts do. A cluster's Export is the Jobs list's export
// with failureKey (lists.ts).
import { packageEndpoints, upgradeEndpoints } from '../../../../domain';
import { blacklistCluster } from '../../../services/upgrades/blacklist-cluster';
import {
  packageFailureClusters,
  upgradeFailureClusters,
} from '../../../services/upgrades/failure-clusters';
import { retryFailed } from '../../../services/upgrades/retry';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireChange } from '../../auth';
import { route } from '../../route';

export function failureClusterRoutes(app: AppInstance): void {
  const db = app.deps.db;

  route(app, upgradeEndpoints.failureClusters, {}, async (request) =>
    upgradeFailureClusters(db, { upgradeId: request.params.id, itemId: request.query.itemId }),
  );

  route(app, packageEndpoints.failureClusters, {}, async (request) =>
    packageFailureClusters(db, request.params.packageId),
  );

  route(
    app,
    upgradeEndpoints.retryCluster,
    { preValidation: changeGuard(app, 'upgrade.retry', { type: 'upgrade', param: 'id' }) },
    async (request) => {
      const actor = await requireChange(app, request, 'upgrade.retry');
      return retryFailed(app.services.retry, actor, request.params.id, {
        failureKey: request.body.key,
        itemId: request.body.itemId,
      });
    },
  );

  route(
    app,
    upgradeEndpoints.blacklistCluster,
    {
      preValidation: changeGuard(app, 'orggroup.members.add', { type: 'upgrade', param: 'id' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'orggroup.members.add');
      return blacklistCluster(
        { db, orgGroups: app.services.orgGroups },
        actor,
        request.params.id,
        request.body,
      );
    },
  );
}
