// Group membership (docs/api.md "Org groups"): add or move orgs into a group, remove members, take
// one org out of groups. Read-only users are refused (and audited) before the body is read; the
// service audits every change and publishes the live events after the commit.
import { orgGroupEndpoints } from '../../../../domain';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireChange } from '../../auth';
import { route } from '../../route';

export function orgGroupMemberRoutes(app: AppInstance): void {
  const groups = app.services.orgGroups;

  route(
    app,
    orgGroupEndpoints.addMembers,
    {
      preValidation: changeGuard(app, 'orggroup.members.add', { type: 'org_group', param: 'id' }),
    },
    async (request) => {
      const actor = await requireChange(app, request, 'orggroup.members.add');
      return groups.addMembers(actor, request.params.id, request.body);
    },
  );

  route(
    app,
    orgGroupEndpoints.removeMembers,
    {
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

  route(
    app,
    orgGroupEndpoints.removeOrgFromGroups,
    {
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
