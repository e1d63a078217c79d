// /api/packages and /api/packageversions (spec §7): packages, versions, and their customers.
import { z } from 'zod';
import {
  PACKAGE_CUSTOMER_LIST,
  VERSION_CUSTOMER_LIST,
  customerSchema,
  packageIdParam,
  packageSchema,
  packageVersionIdParam,
  packageVersionQuerySchema,
  packageVersionSchema,
  queryFlag,
} from '../../../domain';
import { CUSTOMER_SOURCE, customerScope } from '../../db/lists/org-sources';
import {
  findPackage,
  findPackageVersion,
  listPackageVersions,
  listPackages,
} from '../../db/repositories/package-reads';
import { NotFoundError } from '../../errors';
import type { AppInstance } from '../app';
import { registerServerList } from '../lists/register-list';

const blacklistedQuery = { blacklisted: queryFlag.optional() };

export function packageRoutes(app: AppInstance): void {
  const settings = app.services.listSettings;
  const db = app.deps.db;

  app.get(
    '/api/packages',
    { schema: { tags: ['packages'], response: { 200: z.array(packageSchema) } } },
    async () => listPackages(db),
  );

  app.get(
    '/api/packages/:packageId',
    {
      schema: {
        tags: ['packages'],
        params: z.object({ packageId: packageIdParam }),
        response: { 200: packageSchema },
      },
    },
    async (request) => {
      const found = await findPackage(db, request.params.packageId);
      if (!found) throw new NotFoundError(`No package ${request.params.packageId}.`);
      return found;
    },
  );

  registerServerList(app, {
    path: '/api/packages/:packageId/customers',
    tag: 'packages',
    description: 'The orgs that have a version of the package installed, with their license.',
    list: PACKAGE_CUSTOMER_LIST,
    source: CUSTOMER_SOURCE,
    row: customerSchema,
    params: { packageId: packageIdParam },
    scopeQuery: blacklistedQuery,
    scope: (params, query) =>
      customerScope({ packageId: params.packageId, blacklisted: query.blacklisted }, settings),
  });

  app.get(
    '/api/packageversions',
    {
      schema: {
        tags: ['packages'],
        querystring: packageVersionQuerySchema,
        response: { 200: z.array(packageVersionSchema) },
      },
    },
    async (request) =>
      listPackageVersions(db, {
        packageIds: request.query.packageIds,
        packageOrgIds: request.query.packageOrgIds,
        statuses: request.query.status,
      }),
  );

  app.get(
    '/api/packageversions/:versionId',
    {
      schema: {
        tags: ['packages'],
        params: z.object({ versionId: packageVersionIdParam }),
        response: { 200: packageVersionSchema },
      },
    },
    async (request) => {
      const found = await findPackageVersion(db, request.params.versionId);
      if (!found) throw new NotFoundError(`No package version ${request.params.versionId}.`);
      return found;
    },
  );

  registerServerList(app, {
    path: '/api/packageversions/:versionId/customers',
    tag: 'packages',
    description:
      'The orgs that have this version installed, with their license; blacklisted=true gives the ones upgrades skip.',
    list: VERSION_CUSTOMER_LIST,
    source: CUSTOMER_SOURCE,
    row: customerSchema,
    params: { versionId: packageVersionIdParam },
    scopeQuery: blacklistedQuery,
    scope: (params, query) =>
      customerScope({ versionId: params.versionId, blacklisted: query.blacklisted }, settings),
  });
}
