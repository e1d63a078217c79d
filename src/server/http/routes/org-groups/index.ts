// The org group routes (spec §7 /api/orggroups and the group interface): the reads, saving and
// deleting groups, and their members. Scheduling an upgrade for a group is with the upgrades.
import type { AppInstance } from '../../app-instance';
import { orgGroupChangeRoutes } from './changes';
import { orgGroupMemberRoutes } from './members';
import { orgGroupReadRoutes } from './reads';

export function orgGroupRoutes(app: AppInstance): void {
  orgGroupReadRoutes(app);
  orgGroupChangeRoutes(app);
  orgGroupMemberRoutes(app);
}
