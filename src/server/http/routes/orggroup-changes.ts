// Group management (spec §7 "Licenses, orgs and org groups" and the group interface): save,
// delete, add/move members, remove members, take an org out of groups. Read-only users are
// refused (and audited) before the body is read; the service audits every change and publishes
// the live events after the commit.
import { z } from 'zod';
import {
  addMembersSchema,
  deleteOrgGroupsSchema,
  memberChangeResultSchema,
  memberTargetParam,
  numericId,
  orgGroupRefSchema,
  orgIdParam,
  removeMembersSchema,
  removeOrgFromGroupsSchema,
  saveOrgGroupSchema,
} from '../../../domain';
import type { AppInstance } from '../app';
import { changeGuard, requireChange } from '../auth';

export function orgGroupChangeRoutes(app: AppInstance): void {
  const groups = app.services.orgGroups;

  app.put(
    '/api/orggroups',
    {
      schema: {
        tags: ['orggroups'],
        description: 'Saves a group: creates it without an id, edits it with one; orgIds join it.',
        body: saveOrgGroupSchema,
        response: { 200: orgGroupRefSchema },
      },
      preValidation: changeGuard(app, 'orggroup.save'),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'orggroup.save');
      return groups.save(actor, request.body);
    },
  );

  app.post(
    '/api/orggroups/delete',
    {
      schema: {
        tags: ['orggroups'],
        description: 'Deletes groups; upgrades aimed at them keep their history.',
        body: deleteOrgGroupsSchema,
        response: { 200: z.object({ deleted: z.array(z.number().int()) }) },
      },
      preValidation: changeGuard(app, 'orggroup.delete'),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'orggroup.delete');
      return { deleted: await groups.delete(actor, request.body.orggroupIds) };
    },
  );

  app.post(
    '/api/orggroups/:id/members',
    {
      schema: {
        tags: ['orggroups'],
        description:
          'Adds orgs to a group (id -1 creates an Upgrade Group named `name`); with moveFrom, moves them out of that group in the same change.',
        params: z.object({ id: memberTargetParam }),
        body: addMembersSchema,
        response: { 200: memberChangeResultSchema },
      },
      preValidation: changeGuard(app, 'orggroup.members.add', { type: 'org_group', param: 'id' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'orggroup.members.add');
      return groups.addMembers(actor, request.params.id, request.body);
    },
  );

  app.post(
    '/api/orggroups/:id/members/remove',
    {
      schema: {
        tags: ['orggroups'],
        description: 'Removes orgs from the group.',
        params: z.object({ id: numericId }),
        body: removeMembersSchema,
        response: { 200: memberChangeResultSchema },
      },
      preValidation: changeGuard(app, 'orggroup.members.remove', {
        type: 'org_group',
        param: 'id',
      }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'orggroup.members.remove');
      return groups.removeMembers(actor, request.params.id, request.body.orgIds);
    },
  );

  app.post(
    '/api/orggroups/members/:orgId/remove',
    {
      schema: {
        tags: ['orggroups'],
        description: 'Takes one org out of the given groups.',
        params: z.object({ orgId: orgIdParam }),
        body: removeOrgFromGroupsSchema,
        response: { 200: z.object({ removed: z.number().int() }) },
      },
      preValidation: changeGuard(app, 'orggroup.members.remove', { type: 'org', param: 'orgId' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'orggroup.members.remove');
      const removed = await groups.removeOrgFromGroups(
        actor,
        request.params.orgId,
        request.body.orgGroupIds,
      );
      return { removed };
    },
  );
}
