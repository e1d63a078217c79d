// The org calls (docs/api.md "Orgs, licenses, search"): the orgs list with its scopes, one org with
// its blacklist state, its installed versions, importing org ids and the blacklist toggle.
import { z } from 'zod';
import { orgIdParams } from '../common';
import { endpoint } from '../endpoint';
import { listEndpoint } from '../list-endpoint';
import {
  blacklistResultSchema,
  importOrgsResultSchema,
  importOrgsSchema,
  setBlacklistedSchema,
} from '../org-group-changes';
import { ORG_LIST, orgDetailSchema, orgSchema, orgScopeSchema } from '../orgs';
import { installedVersionSchema } from '../packages';

export const orgEndpoints = {
  list: listEndpoint({
    path: '/api/orgs',
    tag: 'orgs',
    description:
      'Customer orgs, paged, sorted and filtered; optionally only blacklisted ones, the customers of a package or version, the relatives of an org, or the members of a group.',
    list: ORG_LIST,
    row: orgSchema,
    scopeQuery: orgScopeSchema.shape,
  }),

  get: endpoint({
    method: 'GET',
    path: '/api/orgs/:orgId',
    tag: 'orgs',
    description: 'One customer org, with whether it is blacklisted and why.',
    params: orgIdParams,
    response: orgDetailSchema,
  }),

  versions: endpoint({
    method: 'GET',
    path: '/api/orgs/:orgId/versions',
    tag: 'orgs',
    description: "The org's installed packages with each package's latest versions.",
    params: orgIdParams,
    response: z.array(installedVersionSchema),
  }),

  import: endpoint({
    method: 'PUT',
    path: '/api/orgs',
    tag: 'orgs',
    description:
      'Imports org ids: known ones are counted, unknown ones are looked up in the LMA and the packaging orgs by a background job; the orgs event with the transid reports the outcome.',
    body: importOrgsSchema,
    response: importOrgsResultSchema,
  }),

  setBlacklisted: endpoint({
    method: 'PUT',
    path: '/api/orgs/:orgId/blacklist',
    tag: 'orgs',
    description:
      'Blacklists an org (it joins a Blacklist Group) or lifts that; says what keeps it blacklisted otherwise.',
    params: orgIdParams,
    body: setBlacklistedSchema,
    response: blacklistResultSchema,
  }),
};
