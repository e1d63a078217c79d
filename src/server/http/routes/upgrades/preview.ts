// The Schedule Upgrade modal's preview, for an org, a group or a filtered Orgs list: what scheduling would do, nothing
// created. It changes nothing, so every signed-in user may ask, read-only users included.
import { upgradeEndpoints } from '../../../../domain';
import type { AppInstance } from '../../app-instance';
import { requireActor } from '../../auth';
import { route } from '../../route';

export function previewRoutes(app: AppInstance): void {
  const scheduler = app.services.scheduler;

  route(app, upgradeEndpoints.previewForOrgs, {}, async (request) => {
    const actor = requireActor(request);
    const { filters, tz, versions, scheduled_date, rollout } = request.body;
    return scheduler.preview({ filters, tz }, versions, scheduled_date, rollout, actor.username);
  });

  route(app, upgradeEndpoints.previewForOrg, {}, async (request) => {
    const actor = requireActor(request);
    return scheduler.preview(
      { orgId: request.params.orgId },
      request.body.versions,
      request.body.scheduled_date,
      request.body.rollout,
      actor.username,
    );
  });

  route(app, upgradeEndpoints.previewForGroup, {}, async (request) => {
    const actor = requireActor(request);
    return scheduler.preview(
      { groupId: request.params.id },
      request.body.versions,
      request.body.scheduled_date,
      request.body.rollout,
      actor.username,
    );
  });
}
