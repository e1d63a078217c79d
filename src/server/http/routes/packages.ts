// /api/packages and /api/packageversions (docs/api.md "Packages and versions"): packages, versions,
// and their customers. Every signed-in user may read them.
import { packageEndpoints } from '../../../domain';
import { CUSTOMER_SOURCE, customerScope } from '../../db/lists/org-sources';
import {
  findPackage,
  findPackageVersion,
  listPackageVersions,
  listPackages,
} from '../../db/repositories/package-reads';
import { NotFoundError } from '../../errors';
import type { AppInstance } from '../app-instance';
import { registerServerList } from '../lists/register-list';
import { route } from '../route';

export function packageRoutes(app: AppInstance): void {
  const settings = app.services.listSettings;
  const db = app.deps.db;

  route(app, packageEndpoints.list, {}, async () => listPackages(db));

  route(app, packageEndpoints.get, {}, async (request) => {
    const found = await findPackage(db, request.params.packageId);
    if (!found) throw new NotFoundError(`No package ${request.params.packageId}.`);
    return found;
  });

  registerServerList(app, packageEndpoints.customers, {
    source: CUSTOMER_SOURCE,
    scope: (params, query) =>
      customerScope({ packageId: params.packageId, blacklisted: query.blacklisted }, settings),
  });

  route(app, packageEndpoints.versions, {}, async (request) =>
    listPackageVersions(db, {
      packageIds: request.query.packageIds,
      packageOrgIds: request.query.packageOrgIds,
      statuses: request.query.status,
    }),
  );

  route(app, packageEndpoints.version, {}, async (request) => {
    const found = await findPackageVersion(db, request.params.versionId);
    if (!found) throw new NotFoundError(`No package version ${request.params.versionId}.`);
    return found;
  });

  registerServerList(app, packageEndpoints.versionCustomers, {
    source: CUSTOMER_SOURCE,
    scope: (params, query) =>
      customerScope({ versionId: params.versionId, blacklisted: query.blacklisted }, settings),
  });
}
