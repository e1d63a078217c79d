// The connected orgs (docs/api.md "Connected orgs"), never with their tokens.
import { connectedOrgEndpoints } from '../../../../domain';
import {
  findConnectedOrgView,
  listConnectedOrgViews,
} from '../../../db/repositories/connected-org-reads';
import { NotFoundError } from '../../../errors';
import type { AppInstance } from '../../app-instance';
import { route } from '../../route';

export function connectedOrgReadRoutes(app: AppInstance): void {
  const db = app.deps.db;

  route(app, connectedOrgEndpoints.list, {}, async () => listConnectedOrgViews(db));

  route(app, connectedOrgEndpoints.get, {}, async (request) => {
    const found = await findConnectedOrgView(db, request.params.id);
    if (!found) throw new NotFoundError(`No connected org ${request.params.id}.`);
    return found;
  });
}
