// Org group reads (docs/api.md "Org groups"): the groups (the group picker's search), one group,
// the groups an org belongs to, and a group's server-paged members and their installed versions.
// Every signed-in user may read them.
import { orgGroupEndpoints, type OrgGroup } from '../../../../domain';
import type { SqlClient } from '../../../db/database';
import {
  GROUP_MEMBER_SOURCE,
  GROUP_VERSION_SOURCE,
  groupVersionScope,
  orgScope,
} from '../../../db/lists/org-sources';
import { findOrgGroup, listOrgGroups } from '../../../db/repositories/org-group-reads';
import { listGroupsOfOrg } from '../../../db/repositories/org-reads';
import { NotFoundError } from '../../../errors';
import type { AppInstance } from '../../app-instance';
import { registerServerList } from '../../lists/register-list';
import { route } from '../../route';

/** The group, or a 404 naming it. */
async function requireGroup(db: SqlClient, id: number): Promise<OrgGroup> {
  const group = await findOrgGroup(db, id);
  if (!group) throw new NotFoundError(`No org group ${id}.`);
  return group;
}

export function orgGroupReadRoutes(app: AppInstance): void {
  const db = app.deps.db;
  const settings = app.services.listSettings;

  route(app, orgGroupEndpoints.list, {}, async (request) => listOrgGroups(db, request.query));

  route(app, orgGroupEndpoints.get, {}, async (request) => requireGroup(db, request.params.id));

  route(app, orgGroupEndpoints.groupsOfOrg, {}, async (request) =>
    listGroupsOfOrg(db, request.params.orgId),
  );

  registerServerList(app, orgGroupEndpoints.members, {
    source: GROUP_MEMBER_SOURCE,
    scope: async (params) => {
      await requireGroup(db, params.id);
      return orgScope({ groupId: params.id }, settings);
    },
  });

  registerServerList(app, orgGroupEndpoints.versions, {
    source: GROUP_VERSION_SOURCE,
    scope: async (params) => {
      await requireGroup(db, params.id);
      return groupVersionScope(params.id);
    },
  });
}
