// /api/licenses (spec §7): the licenses list (an org's, a group's, a package's, a version's) and one license.
import { z } from 'zod';
import { LICENSE_LIST, licenseSchema, licenseScopeSchema, salesforceId } from '../../../domain';
import { LICENSE_SOURCE, licenseScope } from '../../db/lists/license-source';
import { findLicense } from '../../db/repositories/license-reads';
import { NotFoundError } from '../../errors';
import type { AppInstance } from '../app';
import { registerServerList } from '../lists/register-list';

export function licenseRoutes(app: AppInstance): void {
  registerServerList(app, {
    path: '/api/licenses',
    tag: 'licenses',
    description: 'Licenses from the License Management Org, paged, sorted and filtered.',
    list: LICENSE_LIST,
    source: LICENSE_SOURCE,
    row: licenseSchema,
    scopeQuery: licenseScopeSchema.shape,
    scope: (_params, query) => licenseScope(query),
  });

  app.get(
    '/api/licenses/:licenseId',
    {
      schema: {
        tags: ['licenses'],
        params: z.object({ licenseId: salesforceId(null, 'a license id') }),
        response: { 200: licenseSchema },
      },
    },
    async (request) => {
      const license = await findLicense(app.deps.db, request.params.licenseId);
      if (!license) throw new NotFoundError(`No license ${request.params.licenseId}.`);
      return license;
    },
  );
}
