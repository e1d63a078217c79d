// The Upgrade detail's server-paged tabs: its jobs (or one request's, with itemId, or one failure
// cluster's, with failureKey) and the orgs it left out, each with its export. An unknown upgrade
// is a 404, not an empty page.
import { upgradeEndpoints } from '../../../../domain';
import {
  UPGRADE_BLACKLIST_SOURCE,
  upgradeBlacklistScope,
  upgradeJobScope,
  upgradeJobSource,
} from '../../../db/lists/upgrade-sources';
import type { SqlClient } from '../../../db/database';
import { allOf } from '../../../db/lists/sql-builder';
import { failureClusterScope } from '../../../db/repositories/upgrades/failure-clusters';
import type { AppInstance } from '../../app-instance';
import { registerServerList } from '../../lists/register-list';
import { upgradeExists } from '../../../db/repositories/upgrades/upgrades';
import { NotFoundError } from '../../../errors';

/** A 404 naming the upgrade when there is none; its details (counted over every job) are not read. */
async function requireUpgradeId(db: SqlClient, id: number): Promise<void> {
  if (!(await upgradeExists(db, id))) throw new NotFoundError(`No upgrade ${id}.`);
}

export function upgradeListRoutes(app: AppInstance): void {
  const db = app.deps.db;

  registerServerList(app, upgradeEndpoints.jobs, {
    source: (params) => upgradeJobSource(params.id),
    scope: async (params, query) => {
      await requireUpgradeId(db, params.id);
      // failureKey: one failure cluster's jobs, the cluster's Export (docs/product.md
      // "Failure clusters").
      return allOf(
        upgradeJobScope(params.id, query.itemId),
        query.failureKey !== undefined && failureClusterScope(query.failureKey),
      );
    },
  });

  registerServerList(app, upgradeEndpoints.blacklist, {
    source: UPGRADE_BLACKLIST_SOURCE,
    scope: async (params) => {
      await requireUpgradeId(db, params.id);
      return upgradeBlacklistScope(params.id);
    },
  });
}
