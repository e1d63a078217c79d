// Read calls of upgrades, requests and jobs (spec §7) for the tabs of other screens.
import { z } from 'zod';
import {
  upgradeItemQuerySchema,
  upgradeItemSchema,
  upgradeJobQuerySchema,
  upgradeJobSchema,
  upgradeQuerySchema,
  upgradeSchema,
} from '../../../domain';
import {
  listUpgradeItems,
  listUpgradeJobs,
  listUpgrades,
} from '../../db/repositories/upgrade-reads';
import { InvalidError } from '../../errors';
import type { AppInstance } from '../app';

/** Every job or request of every upgrade at once is never what a screen wants: ask for a scope. */
function requireOneOf(query: Record<string, unknown>, keys: readonly string[]): void {
  if (keys.some((key) => query[key] !== undefined)) return;
  throw new InvalidError(`${keys[0]}: give one of ${keys.join(', ')}`, keys[0]);
}

export function upgradeReadRoutes(app: AppInstance): void {
  const db = app.deps.db;
  app.get(
    '/api/upgrades',
    {
      schema: {
        tags: ['upgrades'],
        querystring: upgradeQuerySchema,
        response: { 200: z.array(upgradeSchema) },
      },
    },
    async (request) => listUpgrades(db, request.query),
  );

  app.get(
    '/api/upgradeitems',
    {
      schema: {
        tags: ['upgrades'],
        description: 'Upgrade requests of an upgrade, a package or a packaging org.',
        querystring: upgradeItemQuerySchema,
        response: { 200: z.array(upgradeItemSchema) },
      },
    },
    async (request) => {
      requireOneOf(request.query, ['upgradeId', 'packageId', 'packageOrgId']);
      return listUpgradeItems(db, request.query);
    },
  );

  app.get(
    '/api/upgradejobs',
    {
      schema: {
        tags: ['upgrades'],
        description: 'Upgrade jobs of an upgrade, a request or an org.',
        querystring: upgradeJobQuerySchema,
        response: { 200: z.array(upgradeJobSchema) },
      },
    },
    async (request) => {
      requireOneOf(request.query, ['upgradeId', 'itemId', 'orgId']);
      return listUpgradeJobs(db, request.query);
    },
  );
}
