// The fleet reads (docs/api.md "Fleet"): the home page, a package's adoption, an upgrade's
// timeline and an org's history. They change nothing, so every signed-in user may read them,
// read-only users included.
import { fleetEndpoints } from '../../../domain';
import { packageAdoption } from '../../services/fleet/adoption';
import { homeSummary } from '../../services/fleet/home';
import { orgHistory } from '../../services/fleet/org-history';
import { upgradeTimeline } from '../../services/fleet/timeline';
import type { AppInstance } from '../app-instance';
import { route } from '../route';

export function fleetRoutes(app: AppInstance): void {
  const db = app.deps.db;

  route(app, fleetEndpoints.home, {}, async () => homeSummary(db, new Date()));

  route(app, fleetEndpoints.adoption, {}, async (request) =>
    packageAdoption(db, request.params.packageId, request.query.behind, new Date()),
  );

  route(app, fleetEndpoints.timeline, {}, async (request) =>
    upgradeTimeline(db, request.params.id, new Date()),
  );

  route(app, fleetEndpoints.orgHistory, {}, async (request) =>
    orgHistory(db, request.params.orgId),
  );
}
