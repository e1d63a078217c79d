// Exporting a connection (docs/api.md "Connected orgs"): GET /oauth2/exportorgurl answers the URL
// of the popup page, and that page shows the connection's details and a reconnect link, never a
// token.
import { connectedOrgEndpoints, pathOf } from '../../../../domain';
import { canActOnConnectedOrg } from '../../../../domain/actions';
import { safeReturnPath } from '../../../../domain/return-path';
import { ConflictError, NotFoundError } from '../../../errors';
import { findConnectionExport } from '../../../services/connected-orgs/export-view';
import type { AppInstance } from '../../app-instance';
import { changeGuard, requireChange } from '../../auth';
import { route } from '../../route';
import { exportPage } from './export-page';

export function exportRoutes(app: AppInstance): void {
  const db = app.deps.db;

  route(
    app,
    connectedOrgEndpoints.exportUrl,
    { preValidation: changeGuard(app, 'connected-org.export', { type: 'connected_org' }) },
    async (request) => {
      await requireChange(app, request, 'connected-org.export');
      const org = await findConnectionExport(db, request.query);
      if (!org)
        throw new NotFoundError(
          `No ${request.query.type} org has the instance URL ${request.query.instanceUrl}.`,
        );
      const rule = canActOnConnectedOrg({ read_only: false }, org, 'export');
      if (!rule.allowed) throw new ConflictError(`${org.name} (${org.org_id}): ${rule.reason}`);
      const returnTo = safeReturnPath(request.query.returnTo ?? `/packageorg/${org.org_id}`);
      const page = pathOf(connectedOrgEndpoints.exportPage, { orgId: org.org_id });
      return { url: `${page}?returnTo=${encodeURIComponent(returnTo)}` };
    },
  );

  route(
    app,
    connectedOrgEndpoints.exportPage,
    {
      preValidation: changeGuard(app, 'connected-org.export', {
        type: 'connected_org',
        param: 'orgId',
      }),
    },
    async (request, reply) => {
      await requireChange(app, request, 'connected-org.export', {
        type: 'connected_org',
        id: request.params.orgId,
      });
      const org = await findConnectionExport(db, { orgId: request.params.orgId });
      if (!org) throw new NotFoundError(`No connected org ${request.params.orgId}.`);
      const reconnect = new URLSearchParams({
        instanceUrl: org.instance_url,
        type: org.type,
        returnTo: safeReturnPath(request.query.returnTo ?? `/packageorg/${org.org_id}`),
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(exportPage(org, `${connectedOrgEndpoints.connect.path}?${reconnect.toString()}`));
    },
  );
}
