// /api/orggroups reads (spec §7 and the group interface): groups, one group, its members and
// its members' installed versions.
import { z } from 'zod';
import {
  GROUP_MEMBER_LIST,
  GROUP_VERSION_LIST,
  groupVersionSchema,
  numericId,
  orgGroupQuerySchema,
  orgGroupSchema,
  orgSchema,
} from '../../../domain';
import {
  GROUP_VERSION_SOURCE,
  ORG_SOURCE,
  groupVersionScope,
  orgScope,
} from '../../db/lists/org-sources';
import { findOrgGroup, listOrgGroups } from '../../db/repositories/org-group-reads';
import { NotFoundError } from '../../errors';
import type { AppInstance } from '../app';
import { registerServerList } from '../lists/register-list';

const groupParams = { id: numericId };

export function orgGroupRoutes(app: AppInstance): void {
  const db = app.deps.db;
  const settings = app.services.listSettings;

  const requireGroup = async (id: number) => {
    const group = await findOrgGroup(db, id);
    if (!group) throw new NotFoundError(`No org group ${id}.`);
    return group;
  };

  app.get(
    '/api/orggroups',
    {
      schema: {
        tags: ['orggroups'],
        description: 'Org groups; text searches names and descriptions (the group picker).',
        querystring: orgGroupQuerySchema,
        response: { 200: z.array(orgGroupSchema) },
      },
    },
    async (request) => listOrgGroups(db, request.query),
  );

  app.get(
    '/api/orggroups/:id',
    {
      schema: {
        tags: ['orggroups'],
        params: z.object(groupParams),
        response: { 200: orgGroupSchema },
      },
    },
    async (request) => requireGroup(request.params.id),
  );

  registerServerList(app, {
    path: '/api/orggroups/:id/members',
    tag: 'orggroups',
    description: "The group's member orgs, paged, sorted and filtered.",
    list: GROUP_MEMBER_LIST,
    source: ORG_SOURCE,
    row: orgSchema,
    params: groupParams,
    scope: async (params) => {
      await requireGroup(params.id);
      return orgScope({ groupId: params.id }, settings);
    },
  });

  registerServerList(app, {
    path: '/api/orggroups/:id/versions',
    tag: 'orggroups',
    description: "Each member org's installed package versions.",
    list: GROUP_VERSION_LIST,
    source: GROUP_VERSION_SOURCE,
    row: groupVersionSchema,
    params: groupParams,
    scope: async (params) => {
      await requireGroup(params.id);
      return groupVersionScope(params.id);
    },
  });
}
