// Saving and deleting org groups (docs/api.md "Org groups"). Read-only users are refused (and
// audited) before the body is read; the service audits every change and publishes the live events
// after the commit.
import { orgGroupEndpoints } from '../../../../domain';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireChange } from '../../auth';
import { route } from '../../route';

export function orgGroupChangeRoutes(app: AppInstance): void {
  const groups = app.services.orgGroups;

  route(
    app,
    orgGroupEndpoints.save,
    { preValidation: changeGuard(app, 'orggroup.save') },
    async (request) => {
      const actor = await requireChange(app, request, 'orggroup.save');
      return groups.save(actor, request.body);
    },
  );

  route(
    app,
    orgGroupEndpoints.delete,
    { preValidation: changeGuard(app, 'orggroup.delete') },
    async (request) => {
      const actor = await requireChange(app, request, 'orggroup.delete');
      return { deleted: await groups.delete(actor, request.body.orggroupIds) };
    },
  );
}
