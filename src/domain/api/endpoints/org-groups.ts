// The org group calls (docs/api.md "Org groups"): the groups, one group, its members and their
// installed versions, the groups of an org, and the changes: save, delete, add or move members,
// remove members, take an org out of groups. Scheduling an upgrade for a group is in upgrades.ts.
import { z } from 'zod';
import { idParams, numericId, orgIdParams } from '../common';
import { endpoint } from '../endpoint';
import { listEndpoint } from '../list-endpoint';
import {
  addMembersSchema,
  deleteOrgGroupsResultSchema,
  deleteOrgGroupsSchema,
  memberChangeResultSchema,
  memberTargetParams,
  orgGroupRefSchema,
  removeMembersSchema,
  removeOrgFromGroupsResultSchema,
  removeOrgFromGroupsSchema,
  saveOrgGroupSchema,
} from '../org-group-changes';
import { orgGroupQuerySchema, orgGroupSchema } from '../org-groups';
import { GROUP_MEMBER_LIST, orgSchema } from '../orgs';
import { GROUP_VERSION_LIST, groupVersionSchema } from '../packages';

export const orgGroupEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/orggroups',
    tag: 'orggroups',
    description: 'Org groups; text searches names and descriptions (the group picker).',
    query: orgGroupQuerySchema,
    response: z.array(orgGroupSchema),
  }),

  get: endpoint({
    method: 'GET',
    path: '/api/orggroups/:id',
    tag: 'orggroups',
    description: 'One org group with its member count.',
    params: idParams,
    response: orgGroupSchema,
  }),

  members: listEndpoint({
    path: '/api/orggroups/:id/members',
    tag: 'orggroups',
    description: "The group's member orgs, paged, sorted and filtered.",
    list: GROUP_MEMBER_LIST,
    row: orgSchema,
    params: { id: numericId },
  }),

  versions: listEndpoint({
    path: '/api/orggroups/:id/versions',
    tag: 'orggroups',
    description: "Each member org's installed package versions.",
    list: GROUP_VERSION_LIST,
    row: groupVersionSchema,
    params: { id: numericId },
  }),

  groupsOfOrg: endpoint({
    method: 'GET',
    path: '/api/orggroups/members/:orgId',
    tag: 'orggroups',
    description: 'The groups an org belongs to.',
    params: orgIdParams,
    response: z.array(orgGroupSchema),
  }),

  save: endpoint({
    method: 'PUT',
    path: '/api/orggroups',
    tag: 'orggroups',
    description: 'Saves a group: creates it without an id, edits it with one; orgIds join it.',
    body: saveOrgGroupSchema,
    response: orgGroupRefSchema,
  }),

  delete: endpoint({
    method: 'POST',
    path: '/api/orggroups/delete',
    tag: 'orggroups',
    description: 'Deletes groups; upgrades aimed at them keep their history.',
    body: deleteOrgGroupsSchema,
    response: deleteOrgGroupsResultSchema,
  }),

  addMembers: endpoint({
    method: 'POST',
    path: '/api/orggroups/:id/members',
    tag: 'orggroups',
    description:
      'Adds orgs to a group (id -1 creates an Upgrade Group named `name`); with moveFrom, moves them out of that group in the same change.',
    params: memberTargetParams,
    body: addMembersSchema,
    response: memberChangeResultSchema,
  }),

  removeMembers: endpoint({
    method: 'POST',
    path: '/api/orggroups/:id/members/remove',
    tag: 'orggroups',
    description: 'Removes orgs from the group.',
    params: idParams,
    body: removeMembersSchema,
    response: memberChangeResultSchema,
  }),

  removeOrgFromGroups: endpoint({
    method: 'POST',
    path: '/api/orggroups/members/:orgId/remove',
    tag: 'orggroups',
    description: 'Takes one org out of the given groups.',
    params: orgIdParams,
    body: removeOrgFromGroupsSchema,
    response: removeOrgFromGroupsResultSchema,
  }),
};
