// The Upgrade detail's server-paged tabs: its jobs (or one request's, with itemId) and the orgs it
// left out, each with its export. An unknown upgrade is a 404, not an empty page.
import { upgradeEndpoints } from '../../../../domain';
import {
  UPGRADE_BLACKLIST_SOURCE,
  UPGRADE_JOB_SOURCE,
  upgradeBlacklistScope,
  upgradeJobScope,
} from '../../../db/lists/upgrade-sources';
import type { AppInstance } from '../../app-instance';
import { registerServerList } from '../../lists/register-list';
import { requireUpgrade } from './details';

export function upgradeListRoutes(app: AppInstance): void {
  const db = app.deps.db;

  registerServerList(app, upgradeEndpoints.jobs, {
    source: UPGRADE_JOB_SOURCE,
    scope: async (params, query) => {
      await requireUpgrade(db, params.id);
      return upgradeJobScope(params.id, query.itemId);
    },
  });

  registerServerList(app, upgradeEndpoints.blacklist, {
    source: UPGRADE_BLACKLIST_SOURCE,
    scope: async (params) => {
      await requireUpgrade(db, params.id);
      return upgradeBlacklistScope(params.id);
    },
  });
}
