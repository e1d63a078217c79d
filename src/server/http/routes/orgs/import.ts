// Import Orgs (PUT /api/orgs, docs/api.md "Orgs, licenses, search"): known org ids are counted,
// unknown ones are looked up by a background job. Read-only users are refused before the body is
// read.
import { orgEndpoints } from '../../../../domain';
import { importOrgs } from '../../../services/groups/org-import';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireChange } from '../../auth';
import { route } from '../../route';

export function orgImportRoutes(app: AppInstance): void {
  route(
    app,
    orgEndpoints.import,
    { preValidation: changeGuard(app, 'org.import') },
    async (request) => {
      const actor = await requireChange(app, request, 'org.import');
      return importOrgs(app.services.orgImport, actor, request.body);
    },
  );
}
