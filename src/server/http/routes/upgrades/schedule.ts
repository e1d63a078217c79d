// Scheduling an upgrade (docs/api.md "Upgrades"): for one org, a group's members, or the orgs of
// a filtered Orgs list. Read-only users are refused before the body is even read; the answer
// carries the upgrade id (the same one for a repeated transid). When nobody could be upgraded nothing is written and the answer is 409
// with the preview's reasons (`preview`). The live 'upgrade' event with the transid follows the
// commit.
import { upgradeEndpoints } from '../../../../domain';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireChange } from '../../auth';
import { route } from '../../route';

const ACTION = 'upgrade.schedule';

export function scheduleRoutes(app: AppInstance): void {
  const scheduler = app.services.scheduler;

  route(
    app,
    upgradeEndpoints.scheduleForOrg,
    { preValidation: changeGuard(app, ACTION, { type: 'org', param: 'orgId' }) },
    async (request) => {
      const actor = await requireChange(app, request, ACTION);
      return scheduler.schedule(actor, { orgId: request.params.orgId }, request.body);
    },
  );

  route(
    app,
    upgradeEndpoints.scheduleForGroup,
    { preValidation: changeGuard(app, ACTION, { type: 'org_group', param: 'id' }) },
    async (request) => {
      const actor = await requireChange(app, request, ACTION);
      return scheduler.schedule(actor, { groupId: request.params.id }, request.body);
    },
  );

  route(
    app,
    upgradeEndpoints.scheduleForOrgs,
    { preValidation: changeGuard(app, ACTION, { type: 'org_filter' }) },
    async (request) => {
      const actor = await requireChange(app, request, ACTION);
      const { filters, tz, ...input } = request.body;
      return scheduler.schedule(actor, { filters, tz }, input);
    },
  );
}
