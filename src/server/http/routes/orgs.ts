// /api/orgs (spec §7): the orgs list with its scopes, one org with its blacklist state, its
// installed versions and its groups.
import { z } from 'zod';
import {
  ORG_LIST,
  installedVersionSchema,
  orgDetailSchema,
  orgGroupSchema,
  orgIdParam,
  orgSchema,
  orgScopeSchema,
} from '../../../domain';
import { ORG_SOURCE, orgScope } from '../../db/lists/org-sources';
import { blacklistReasons } from '../../db/repositories/blacklist';
import { findOrg, listGroupsOfOrg, listInstalledVersions } from '../../db/repositories/org-reads';
import { NotFoundError } from '../../errors';
import type { AppInstance } from '../app';
import { registerServerList } from '../lists/register-list';

const orgParams = z.object({ orgId: orgIdParam });

export function orgRoutes(app: AppInstance): void {
  const settings = app.services.listSettings;

  registerServerList(app, {
    path: '/api/orgs',
    tag: 'orgs',
    description:
      'Customer orgs, paged, sorted and filtered; optionally only blacklisted ones, the customers of a package or version, the relatives of an org, or the members of a group.',
    list: ORG_LIST,
    source: ORG_SOURCE,
    row: orgSchema,
    scopeQuery: orgScopeSchema.shape,
    scope: (_params, query) => orgScope(query, settings),
  });

  app.get(
    '/api/orgs/:orgId',
    { schema: { tags: ['orgs'], params: orgParams, response: { 200: orgDetailSchema } } },
    async (request) => {
      const { orgId } = request.params;
      const org = await findOrg(app.deps.db, orgId);
      if (!org) throw new NotFoundError(`No org ${orgId} is known to Pushboard.`);
      const reasons = await blacklistReasons(app.deps.db, orgId, settings);
      return { ...org, blacklisted: reasons.length > 0, blacklist_reasons: reasons };
    },
  );

  app.get(
    '/api/orgs/:orgId/versions',
    {
      schema: {
        tags: ['orgs'],
        description: "The org's installed packages with each package's latest versions.",
        params: orgParams,
        response: { 200: z.array(installedVersionSchema) },
      },
    },
    async (request) => listInstalledVersions(app.deps.db, request.params.orgId),
  );

  app.get(
    '/api/orggroups/members/:orgId',
    {
      schema: {
        tags: ['orggroups'],
        description: 'The groups an org belongs to.',
        params: orgParams,
        response: { 200: z.array(orgGroupSchema) },
      },
    },
    async (request) => listGroupsOfOrg(app.deps.db, request.params.orgId),
  );
}
