// The org group routes (/api/orggroups, docs/api.md "Org groups"): the reads, saving and deleting
// groups, and their members. Scheduling an upgrade for a group is with the upgrades.
import type { AppInstance } from '../../app-instance';
import { orgGroupChangeRoutes } from './changes';
import { orgGroupMemberRoutes } from './members';
import { orgGroupReadRoutes } from './reads';

export function orgGroupRoutes(app: AppInstance): void {
  orgGroupReadRoutes(app);
  orgGroupChangeRoutes(app);
  orgGroupMemberRoutes(app);
}
