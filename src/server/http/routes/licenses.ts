// /api/licenses (docs/api.md "Orgs, licenses, search"): the licenses list (an org's, a group's, a
// package's, a version's) and one license. Every signed-in user may read them.
import { licenseEndpoints } from '../../../domain';
import { LICENSE_SOURCE, licenseScope } from '../../db/lists/license-source';
import { findLicense } from '../../db/repositories/license-reads';
import { NotFoundError } from '../../errors';
import type { AppInstance } from '../app-instance';
import { registerServerList } from '../lists/register-list';
import { route } from '../route';

export function licenseRoutes(app: AppInstance): void {
  registerServerList(app, licenseEndpoints.list, {
    source: LICENSE_SOURCE,
    scope: (_params, query) => licenseScope(query),
  });

  route(app, licenseEndpoints.get, {}, async (request) => {
    const license = await findLicense(app.deps.db, request.params.licenseId);
    if (!license) throw new NotFoundError(`No license ${request.params.licenseId}.`);
    return license;
  });
}
