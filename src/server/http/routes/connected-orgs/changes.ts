// Connected-org changes (docs/api.md "Connected orgs"): Refresh, Revoke and Delete on a selection,
// Activate/Deactivate, and the Edit modal's save (PUT /api/packageorgs with the packageorg object).
// Read-only users are refused (403, audited) before the body is read.
import { connectedOrgEndpoints } from '../../../../domain';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireChange } from '../../auth';
import { route } from '../../route';

export function connectedOrgChangeRoutes(app: AppInstance): void {
  const changes = app.services.connectedOrgChanges;
  const guard = (action: string) => ({
    preValidation: changeGuard(app, action, { type: 'connected_org' }),
  });

  route(app, connectedOrgEndpoints.refresh, guard('connected-org.refresh'), async (request) => {
    const actor = await requireChange(app, request, 'connected-org.refresh');
    return changes.refresh(actor, request.body.orgIds);
  });

  route(app, connectedOrgEndpoints.revoke, guard('connected-org.revoke'), async (request) => {
    const actor = await requireChange(app, request, 'connected-org.revoke');
    return changes.revoke(actor, request.body.orgIds);
  });

  route(app, connectedOrgEndpoints.delete, guard('connected-org.delete'), async (request) => {
    const actor = await requireChange(app, request, 'connected-org.delete');
    return changes.remove(actor, request.body.orgIds);
  });

  route(
    app,
    connectedOrgEndpoints.activation,
    guard('connected-org.activation'),
    async (request) => {
      const actor = await requireChange(app, request, 'connected-org.activation');
      return changes.setActive(actor, request.body.orgIds, request.body.flag);
    },
  );

  route(app, connectedOrgEndpoints.edit, guard('connected-org.edit'), async (request) => {
    const actor = await requireChange(app, request, 'connected-org.edit');
    return changes.edit(actor, request.body);
  });
}
