// The Org detail's blacklist toggle (docs/product.md "Org blacklist"). Blacklisting is membership
// of a Blacklist Group, so the toggle is a group change and every screen shows it the same way:
// - on: the org joins the oldest Blacklist Group, or a new group named 'Blacklist' when there is
//   none (the console Pushboard replaces had no toggle on the server at all);
// - off: the org leaves every Blacklist Group it is in. What the toggle cannot lift — DENIED_ORGS
//   in the server's configuration, or EXPAND_BLACKLIST because another org of its account is
//   blacklisted — is said in the answer, and when nothing could be lifted the answer is a 409.
import { DEFAULT_BLACKLIST_GROUP, type BlacklistResult } from '../../../domain';
import type { Actor } from '../../actor';
import type { Database } from '../../db/database';
import { writeAudit } from '../../db/repositories/audit-log';
import {
  blacklistReasons,
  type BlacklistReasonRow,
  type BlacklistSettings,
} from '../../db/repositories/blacklist';
import {
  addMembers,
  blacklistGroupsOf,
  firstBlacklistGroup,
  insertGroup,
  knownOrgIds,
  lockDefaultBlacklistGroup,
  removeMembers,
} from '../../db/repositories/org-group-writes';
import { ConflictError, NotFoundError } from '../../errors';
import type { LivePublisher } from '../../live/live-channel';

export interface BlacklistToggleDeps {
  db: Database;
  live: LivePublisher;
  settings: BlacklistSettings;
}

/** Why an org stays blacklisted, in words, for reasons the toggle cannot lift. */
export function remainingReasonText(reasons: readonly BlacklistReasonRow[]): string | null {
  const parts: string[] = [];
  if (reasons.some((r) => r.kind === 'denied')) {
    parts.push("it is listed in DENIED_ORGS in the server's configuration");
  }
  const via = [...new Set(reasons.flatMap((r) => (r.kind === 'account' ? [r.via_org_id] : [])))];
  if (via.length) {
    parts.push(
      `EXPAND_BLACKLIST blacklists its whole account, and ${via.length === 1 ? 'org' : 'orgs'} ${via.join(', ')} of that account ${via.length === 1 ? 'is' : 'are'} blacklisted`,
    );
  }
  return parts.length ? `This org stays blacklisted: ${parts.join('; and ')}.` : null;
}

export async function setBlacklisted(
  deps: BlacklistToggleDeps,
  actor: Actor,
  orgId: string,
  blacklisted: boolean,
): Promise<BlacklistResult> {
  const { db, settings } = deps;
  const outcome = await db.transaction(async (tx) => {
    if (!(await knownOrgIds(tx, [orgId])).has(orgId)) {
      throw new NotFoundError(`No org ${orgId} is known to Pushboard.`);
    }
    const groups = await blacklistGroupsOf(tx, orgId);
    if (blacklisted) {
      if (groups[0]) return { group: groups[0], changed: [] as number[] };
      await lockDefaultBlacklistGroup(tx);
      const group =
        (await firstBlacklistGroup(tx)) ??
        (await insertGroup(tx, {
          name: DEFAULT_BLACKLIST_GROUP,
          type: 'Blacklist Group',
          description: 'Orgs blacklisted from their Org detail page',
          createdBy: actor.username,
        }));
      await addMembers(tx, group.id, [orgId], actor.username);
      await audit(tx, actor, orgId, { blacklisted, group: group.id });
      return { group, changed: [group.id] };
    }
    const reasons = await blacklistReasons(tx, orgId, settings);
    if (groups.length === 0) {
      const why = remainingReasonText(reasons);
      if (why) throw new ConflictError(why);
      return { group: null, changed: [] };
    }
    const ids = groups.map((g) => g.id);
    await removeMembers(tx, ids, [orgId]);
    await audit(tx, actor, orgId, { blacklisted, groups: ids });
    return { group: null, changed: ids };
  });
  if (outcome.changed.length) {
    deps.live.publish('groups', { ids: outcome.changed });
    deps.live.publish('group-members', { ids: outcome.changed });
    // With EXPAND_BLACKLIST the org's whole account changes with it.
    deps.live.publish('orgs', settings.expandByAccount ? {} : { ids: [orgId] });
  }
  const reasons = await blacklistReasons(db, orgId, settings);
  const message = blacklisted ? null : remainingReasonText(reasons);
  return {
    blacklisted: reasons.length > 0,
    group: outcome.group ? { id: outcome.group.id, name: outcome.group.name } : null,
    ...(message ? { message } : {}),
  };
}

function audit(
  tx: Parameters<typeof writeAudit>[0],
  actor: Actor,
  orgId: string,
  details: Record<string, unknown>,
): Promise<void> {
  return writeAudit(tx, {
    actor: actor.username,
    action: 'org.blacklist',
    targetType: 'org',
    targetId: orgId,
    outcome: 'success',
    details,
  });
}
