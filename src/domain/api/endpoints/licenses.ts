// The license calls (spec §7): one license. The licenses list is a server-paged list (see
// index.ts).
import { endpoint } from '../endpoint';
import { licenseIdParams, licenseSchema } from '../licenses';

export const licenseEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/licenses/:licenseId',
    tag: 'licenses',
    description: 'One license from the License Management Org.',
    params: licenseIdParams,
    response: licenseSchema,
  }),
};
