// The org routes (/api/orgs, docs/api.md "Orgs, licenses, search"): the reads, importing org ids,
// and the blacklist toggle.
import type { AppInstance } from '../../app-instance';
import { orgBlacklistRoutes } from './blacklist';
import { orgImportRoutes } from './import';
import { orgReadRoutes } from './reads';

export function orgRoutes(app: AppInstance): void {
  orgReadRoutes(app);
  orgImportRoutes(app);
  orgBlacklistRoutes(app);
}
