// Blacklist these orgs (docs/product.md "Failure clusters"): the orgs of one failure cluster of an
// upgrade (or of one of its requests) join a Blacklist Group the user picked, through the group
// service's own Add To Group (one transaction, its audit row, its live events). Groups keep no
// reason per member, so the reason is recorded in that audit row, with the upgrade and the cluster.
import type { BlacklistClusterInput } from '../../../domain/api/failure-clusters';
import { isBlacklistGroup, type MemberChangeResult } from '../../../domain';
import type { Actor } from '../../actor';
import type { SqlClient } from '../../db/database';
import { findOrgGroup } from '../../db/repositories/org-group-reads';
import { findClusterOrgIds } from '../../db/repositories/upgrades/failure-clusters';
import { InvalidError, NotFoundError } from '../../errors';
import type { OrgGroupService } from '../groups/org-groups';
import { requireClusterScope } from './failure-clusters';

export interface BlacklistClusterDeps {
  db: SqlClient;
  orgGroups: OrgGroupService;
}

/** POST /api/upgrades/:id/failure-clusters/blacklist. */
export async function blacklistCluster(
  deps: BlacklistClusterDeps,
  actor: Actor,
  upgradeId: number,
  input: BlacklistClusterInput,
): Promise<MemberChangeResult> {
  const scope = { upgradeId, itemId: input.itemId };
  await requireClusterScope(deps.db, scope);
  const group = await findOrgGroup(deps.db, input.groupId);
  if (!group) throw new NotFoundError(`No org group ${input.groupId}.`);
  if (!isBlacklistGroup(group)) {
    throw new InvalidError(
      `groupId: '${group.name}' is not a Blacklist Group; choose a Blacklist Group.`,
      'groupId',
    );
  }
  const orgIds = await findClusterOrgIds(deps.db, scope, input.key);
  if (orgIds.length === 0) {
    throw new NotFoundError(`No failed job of upgrade ${upgradeId} is in this failure cluster.`);
  }
  return deps.orgGroups.addMembers(actor, group.id, {
    orgIds,
    auditDetails: {
      reason: input.reason,
      upgradeId,
      failureKey: input.key,
      ...(input.itemId !== undefined ? { itemId: input.itemId } : {}),
    },
  });
}
