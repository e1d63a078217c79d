// The Org detail's blacklist toggle (PUT /api/orgs/{orgId}/blacklist,
// docs/api.md "Orgs, licenses, search"). Read-only users are refused before the body is read.
import { orgEndpoints } from '../../../../domain';
import { setBlacklisted } from '../../../services/groups/blacklist-toggle';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireChange } from '../../auth';
import { route } from '../../route';

export function orgBlacklistRoutes(app: AppInstance): void {
  route(
    app,
    orgEndpoints.setBlacklisted,
    { preValidation: changeGuard(app, 'org.blacklist', { type: 'org', param: 'orgId' }) },
    async (request) => {
      const actor = await requireChange(app, request, 'org.blacklist');
      return setBlacklisted(
        app.services.blacklistToggle,
        actor,
        request.params.orgId,
        request.body.blacklisted,
      );
    },
  );
}
