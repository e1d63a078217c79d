// Group management (docs/product.md "Org Groups list", "Org Group detail" and "Group picker";
// docs/api.md "Org groups"): save and delete groups, copy, move and remove members, and take an org
// out of groups. Each change is one transaction with its audit row; the live events follow the
// commit, so every open tab refetches what is already there. A change to a Blacklist Group changes
// which orgs are blacklisted (with EXPAND_BLACKLIST also their account's other orgs), so it also
// announces 'orgs'.
import {
  NEW_GROUP_ID,
  type MemberChangeResult,
  type OrgGroupRef,
  type saveOrgGroupSchema,
} from '../../../domain';
import type { z } from 'zod';
import type { Actor } from '../../actor';
import type { Database, SqlClient } from '../../db/database';
import { writeAudit } from '../../db/repositories/audit-log';
import {
  addMembers,
  deleteGroups,
  insertGroup,
  lockGroups,
  removeMembers,
  updateGroup,
  type GroupRow,
} from '../../db/repositories/org-group-writes';
import { InvalidError, NotFoundError } from '../../errors';
import type { LivePublisher } from '../../live/live-channel';
import { LiveBatch } from './live-batch';

export type SaveGroupInput = z.output<typeof saveOrgGroupSchema>;

export interface MemberChange {
  orgIds: string[];
  name?: string | undefined;
  moveFrom?: number | undefined;
  /** More for the audit row: why, and from where (a failure cluster's Blacklist these orgs). */
  auditDetails?: Record<string, unknown> | undefined;
}

export interface GroupServiceDeps {
  db: Database;
  live: LivePublisher;
  /** Starts the lookup of org ids Pushboard does not know yet (the import job), if jobs run. */
  lookUpUnknownOrgs?: (actor: Actor, orgIds: string[]) => Promise<unknown>;
}

const isBlacklist = (group: { type: string }) => group.type === 'Blacklist Group';

export class OrgGroupService {
  constructor(private readonly deps: GroupServiceDeps) {}

  /** Creates (no id) or edits a group; the New modal's org ids become members. */
  async save(actor: Actor, input: SaveGroupInput): Promise<OrgGroupRef> {
    const live = new LiveBatch();
    const orgIds = input.orgIds ?? [];
    const group = await this.deps.db.transaction(async (tx) => {
      const fields = { name: input.name, type: input.type, description: input.description };
      let saved: GroupRow;
      let blacklistChanged = isBlacklist(input);
      if (input.id === undefined) {
        saved = await insertGroup(tx, { ...fields, createdBy: actor.username });
      } else {
        const [before] = await lockGroups(tx, [input.id]);
        if (!before) throw new NotFoundError(`No org group ${input.id}.`);
        blacklistChanged ||= isBlacklist(before);
        saved = (await updateGroup(tx, input.id, fields))!;
      }
      const added = orgIds.length ? await addMembers(tx, saved.id, orgIds, actor.username) : [];
      await audit(
        tx,
        actor,
        input.id === undefined ? 'orggroup.create' : 'orggroup.update',
        saved,
        {
          type: saved.type,
          added: added.length,
        },
      );
      live.add('groups', saved.id);
      if (added.length) live.add('group-members', saved.id);
      if (blacklistChanged || added.length) live.orgs(blacklistChanged ? null : added);
      return saved;
    });
    live.publish(this.deps.live);
    await this.lookUp(actor, orgIds);
    return { id: group.id, name: group.name };
  }

  /** Deletes groups; an upgrade aimed at one keeps its history (its group becomes unknown). */
  async delete(actor: Actor, ids: number[]): Promise<number[]> {
    const live = new LiveBatch();
    const deleted = await this.deps.db.transaction(async (tx) => {
      const groups = await this.requireGroups(tx, ids);
      const gone = await deleteGroups(tx, ids);
      for (const group of groups) await audit(tx, actor, 'orggroup.delete', group, {});
      for (const id of gone) {
        live.add('groups', id);
        live.add('group-members', id);
      }
      live.orgs(groups.some(isBlacklist) ? null : []);
      live.upgrades();
      return gone;
    });
    live.publish(this.deps.live);
    return deleted;
  }

  /**
   * Copies orgs into a group (id -1: a new Upgrade Group named `name`), or moves them there from
   * `moveFrom`. Moving into the group they are leaving is refused.
   */
  async addMembers(
    actor: Actor,
    targetId: number,
    change: MemberChange,
  ): Promise<MemberChangeResult> {
    const { orgIds, moveFrom } = change;
    if (moveFrom !== undefined && moveFrom === targetId) {
      throw new InvalidError(
        'The orgs are already members of this group: choose another group to move them to.',
        'moveFrom',
      );
    }
    const live = new LiveBatch();
    const target = await this.deps.db.transaction(async (tx) => {
      const group = await this.targetGroup(tx, actor, targetId, change.name);
      let from: GroupRow | undefined;
      if (moveFrom !== undefined) [from] = await this.requireGroups(tx, [moveFrom]);
      const added = await addMembers(tx, group.id, orgIds, actor.username);
      const removed = from ? await removeMembers(tx, [from.id], orgIds) : [];
      await audit(tx, actor, from ? 'orggroup.members.move' : 'orggroup.members.add', group, {
        orgIds,
        added: added.length,
        ...(from ? { from: from.id, removed: removed.length } : {}),
        ...change.auditDetails,
      });
      live.add('groups', group.id);
      live.add('group-members', group.id);
      if (from) {
        live.add('groups', from.id);
        live.add('group-members', from.id);
      }
      live.orgs(isBlacklist(group) || (from && isBlacklist(from)) ? null : orgIds);
      return group;
    });
    live.publish(this.deps.live);
    await this.lookUp(actor, orgIds);
    return { id: target.id, name: target.name, count: orgIds.length };
  }

  /** Removes orgs from one group. */
  async removeMembers(
    actor: Actor,
    groupId: number,
    orgIds: string[],
  ): Promise<MemberChangeResult> {
    const live = new LiveBatch();
    const result = await this.deps.db.transaction(async (tx) => {
      const [group] = await this.requireGroups(tx, [groupId]);
      const removed = await removeMembers(tx, [groupId], orgIds);
      await audit(tx, actor, 'orggroup.members.remove', group!, {
        orgIds,
        removed: removed.length,
      });
      live.add('groups', groupId);
      live.add('group-members', groupId);
      live.orgs(isBlacklist(group!) ? null : orgIds);
      return { id: group!.id, name: group!.name, count: removed.length };
    });
    live.publish(this.deps.live);
    return result;
  }

  /** Org detail's Groups tab: takes one org out of the chosen groups. */
  async removeOrgFromGroups(actor: Actor, orgId: string, groupIds: number[]): Promise<number> {
    const live = new LiveBatch();
    const removed = await this.deps.db.transaction(async (tx) => {
      const groups = await this.requireGroups(tx, groupIds);
      const pairs = await removeMembers(tx, groupIds, [orgId]);
      await writeAudit(tx, {
        actor: actor.username,
        action: 'orggroup.members.remove',
        targetType: 'org',
        targetId: orgId,
        outcome: 'success',
        details: { orgGroupIds: groupIds, removed: pairs.length },
      });
      for (const group of groups) {
        live.add('groups', group.id);
        live.add('group-members', group.id);
      }
      live.orgs(groups.some(isBlacklist) ? null : [orgId]);
      return pairs.length;
    });
    live.publish(this.deps.live);
    return removed;
  }

  private async targetGroup(
    tx: SqlClient,
    actor: Actor,
    targetId: number,
    name: string | undefined,
  ): Promise<GroupRow> {
    if (targetId !== NEW_GROUP_ID) {
      const [group] = await this.requireGroups(tx, [targetId]);
      return group!;
    }
    if (!name?.trim()) throw new InvalidError('Name is required', 'name');
    const group = await insertGroup(tx, {
      name: name.trim(),
      type: 'Upgrade Group',
      description: null,
      createdBy: actor.username,
    });
    await audit(tx, actor, 'orggroup.create', group, { type: group.type, from: 'group picker' });
    return group;
  }

  /** The groups, locked for this transaction; 404 naming any that does not exist. */
  private async requireGroups(tx: SqlClient, ids: number[]): Promise<GroupRow[]> {
    const groups = await lockGroups(tx, ids);
    const found = new Set(groups.map((group) => group.id));
    const missing = [...new Set(ids)].filter((id) => !found.has(id));
    if (missing.length) {
      throw new NotFoundError(
        missing.length === 1
          ? `No org group ${missing[0]}.`
          : `No org groups ${missing.join(', ')}.`,
      );
    }
    return groups;
  }

  private async lookUp(actor: Actor, orgIds: string[]): Promise<void> {
    if (orgIds.length && this.deps.lookUpUnknownOrgs) {
      await this.deps.lookUpUnknownOrgs(actor, orgIds);
    }
  }
}

function audit(
  tx: SqlClient,
  actor: Actor,
  action: string,
  group: GroupRow,
  details: Record<string, unknown>,
): Promise<void> {
  return writeAudit(tx, {
    actor: actor.username,
    action,
    targetType: 'org_group',
    targetId: String(group.id),
    outcome: 'success',
    details: { name: group.name, ...details },
  });
}
