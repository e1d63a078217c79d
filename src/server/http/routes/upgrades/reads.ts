// Read calls of upgrades, requests and jobs (docs/api.md "Upgrades") for the tabs of other screens:
// a group's upgrades, a package's or a packaging org's requests, an org's jobs.
import { upgradeEndpoints, upgradeJobEndpoints, upgradeRequestEndpoints } from '../../../../domain';
import {
  listUpgradeItems,
  listUpgradeJobs,
  listUpgrades,
} from '../../../db/repositories/upgrade-reads';
import { InvalidError } from '../../../errors';
import type { AppInstance } from '../../app-instance';
import { route } from '../../route';

/** Every job or request of every upgrade at once is never what a screen wants: ask for a scope. */
function requireOneOf(query: Record<string, unknown>, keys: readonly string[]): void {
  if (keys.some((key) => query[key] !== undefined)) return;
  throw new InvalidError(`${keys[0]}: give one of ${keys.join(', ')}`, keys[0]);
}

export function readRoutes(app: AppInstance): void {
  const db = app.deps.db;

  route(app, upgradeEndpoints.list, {}, async (request) => listUpgrades(db, request.query));

  route(app, upgradeRequestEndpoints.list, {}, async (request) => {
    requireOneOf(request.query, ['upgradeId', 'packageId', 'packageOrgId']);
    return listUpgradeItems(db, request.query);
  });

  route(app, upgradeJobEndpoints.list, {}, async (request) => {
    requireOneOf(request.query, ['upgradeId', 'itemId', 'orgId']);
    return listUpgradeJobs(db, request.query);
  });
}
