// The package calls (docs/api.md "Packages and versions"): packages, their versions, one of each,
// and the customers of each.
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { packageFailureClusterSchema } from '../failure-clusters';
import { listEndpoint } from '../list-endpoint';
import {
  PACKAGE_CUSTOMER_LIST,
  VERSION_CUSTOMER_LIST,
  customerSchema,
  customerScopeShape,
} from '../orgs';
import {
  packageIdParam,
  packageIdParams,
  packageSchema,
  packageVersionIdParam,
  packageVersionIdParams,
  packageVersionQuerySchema,
  packageVersionSchema,
} from '../packages';

export const packageEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/packages',
    tag: 'packages',
    description: 'Every package of the connected packaging orgs, in dependency order.',
    response: z.array(packageSchema),
  }),

  get: endpoint({
    method: 'GET',
    path: '/api/packages/:packageId',
    tag: 'packages',
    description: 'One package.',
    params: packageIdParams,
    response: packageSchema,
  }),

  failureClusters: endpoint({
    method: 'GET',
    path: '/api/packages/:packageId/failure-clusters',
    tag: 'packages',
    description:
      'Recurring failures: the failed jobs of every upgrade of the package grouped by normalised error, those that hit most upgrades first (50 at most).',
    params: packageIdParams,
    response: z.array(packageFailureClusterSchema),
  }),

  customers: listEndpoint({
    path: '/api/packages/:packageId/customers',
    tag: 'packages',
    description: 'The orgs that have a version of the package installed, with their license.',
    list: PACKAGE_CUSTOMER_LIST,
    row: customerSchema,
    params: { packageId: packageIdParam },
    scopeQuery: customerScopeShape,
  }),

  versions: endpoint({
    method: 'GET',
    path: '/api/packageversions',
    tag: 'packages',
    description:
      'Package versions, newest first per package; optionally of some packages or packaging orgs, in some statuses.',
    query: packageVersionQuerySchema,
    response: z.array(packageVersionSchema),
  }),

  version: endpoint({
    method: 'GET',
    path: '/api/packageversions/:versionId',
    tag: 'packages',
    description: 'One package version.',
    params: packageVersionIdParams,
    response: packageVersionSchema,
  }),

  versionCustomers: listEndpoint({
    path: '/api/packageversions/:versionId/customers',
    tag: 'packages',
    description:
      'The orgs that have this version installed, with their license; blacklisted=true gives the ones upgrades skip.',
    list: VERSION_CUSTOMER_LIST,
    row: customerSchema,
    params: { versionId: packageVersionIdParam },
    scopeQuery: customerScopeShape,
  }),
};
