// The package calls (spec §7): packages, their versions, one of each. Their customers are
// server-paged lists (see index.ts).
import { z } from 'zod';
import { endpoint } from '../endpoint';
import {
  packageIdParams,
  packageSchema,
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
};
