// The connected org routes (docs/api.md "Connected orgs"): the reads, never with tokens; the
// changes to them; connecting an org; and exporting a connection.
import type { AppInstance } from '../../app-instance';
import { connectedOrgChangeRoutes } from './changes';
import { connectRoutes } from './connect';
import { exportRoutes } from './export';
import { connectedOrgReadRoutes } from './reads';

export function connectedOrgRoutes(app: AppInstance): void {
  connectedOrgReadRoutes(app);
  connectedOrgChangeRoutes(app);
  connectRoutes(app);
  exportRoutes(app);
}
