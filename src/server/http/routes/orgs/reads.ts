// The orgs list with its scopes, one org with its blacklist state, and its installed versions
// (docs/api.md "Orgs, licenses, search"). Every signed-in user may read them.
import { orgEndpoints } from '../../../../domain';
import { ORG_SOURCE, orgScope } from '../../../db/lists/org-sources';
import { blacklistReasons } from '../../../db/repositories/blacklist';
import { findOrg, listInstalledVersions } from '../../../db/repositories/org-reads';
import { NotFoundError } from '../../../errors';
import type { AppInstance } from '../../app-instance';
import { registerServerList } from '../../lists/register-list';
import { route } from '../../route';

export function orgReadRoutes(app: AppInstance): void {
  const db = app.deps.db;
  const settings = app.services.listSettings;

  registerServerList(app, orgEndpoints.list, {
    source: ORG_SOURCE,
    scope: (_params, query) => orgScope(query, settings),
  });

  route(app, orgEndpoints.get, {}, async (request) => {
    const { orgId } = request.params;
    const org = await findOrg(db, orgId);
    if (!org) throw new NotFoundError(`No org ${orgId} is known to Pushboard.`);
    const reasons = await blacklistReasons(db, orgId, settings);
    return { ...org, blacklisted: reasons.length > 0, blacklist_reasons: reasons };
  });

  route(app, orgEndpoints.versions, {}, async (request) =>
    listInstalledVersions(db, request.params.orgId),
  );
}
