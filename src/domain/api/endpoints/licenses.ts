// The license calls (docs/api.md "Orgs, licenses, search"): the licenses list (an org's, a group's,
// a package's, a version's) and one license.
import { endpoint } from '../endpoint';
import { LICENSE_LIST, licenseIdParams, licenseSchema, licenseScopeSchema } from '../licenses';
import { listEndpoint } from '../list-endpoint';

export const licenseEndpoints = {
  list: listEndpoint({
    path: '/api/licenses',
    tag: 'licenses',
    description: 'Licenses from the License Management Org, paged, sorted and filtered.',
    list: LICENSE_LIST,
    row: licenseSchema,
    scopeQuery: licenseScopeSchema.shape,
  }),

  get: endpoint({
    method: 'GET',
    path: '/api/licenses/:licenseId',
    tag: 'licenses',
    description: 'One license from the License Management Org.',
    params: licenseIdParams,
    response: licenseSchema,
  }),
};
