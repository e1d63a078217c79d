// The writes behind group management: groups, their members, and the lookups the group service
// needs to check a change before it makes it. Callers pass a transaction for anything that must
// land together.
import type { SqlClient } from '../database';

export interface GroupRow {
  id: number;
  name: string;
  type: string;
}

export interface NewGroup {
  name: string;
  type: string;
  description: string | null;
  createdBy: string;
}

export async function insertGroup(db: SqlClient, group: NewGroup): Promise<GroupRow> {
  const { rows } = await db.query<GroupRow>(
    `INSERT INTO org_group (name, type, description, created_by) VALUES ($1, $2, $3, $4)
     RETURNING id::int AS id, name, type`,
    [group.name, group.type, group.description, group.createdBy],
  );
  return rows[0]!;
}

/** Null when there is no such group. */
export async function updateGroup(
  db: SqlClient,
  id: number,
  group: Omit<NewGroup, 'createdBy'>,
): Promise<GroupRow | null> {
  const { rows } = await db.query<GroupRow>(
    `UPDATE org_group SET name = $2, type = $3, description = $4 WHERE id = $1
     RETURNING id::int AS id, name, type`,
    [id, group.name, group.type, group.description],
  );
  return rows[0] ?? null;
}

/** The groups of these ids that exist (locked until the transaction ends). */
export async function lockGroups(db: SqlClient, ids: readonly number[]): Promise<GroupRow[]> {
  const { rows } = await db.query<GroupRow>(
    `SELECT id::int AS id, name, type FROM org_group WHERE id = ANY($1::bigint[])
     ORDER BY id FOR UPDATE`,
    [ids],
  );
  return rows;
}

/** Deletes groups; members go with them, upgrades keep their history (org_group_id → NULL). */
export async function deleteGroups(db: SqlClient, ids: readonly number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `DELETE FROM org_group WHERE id = ANY($1::bigint[]) RETURNING id::int AS id`,
    [ids],
  );
  return rows.map((row) => row.id);
}

/** Adds orgs to a group (already members stay as they were); answers the orgs newly added. */
export async function addMembers(
  db: SqlClient,
  groupId: number,
  orgIds: readonly string[],
  addedBy: string,
): Promise<string[]> {
  const { rows } = await db.query<{ org_id: string }>(
    `INSERT INTO org_group_member (org_group_id, org_id, added_by)
     SELECT $1, id, $3 FROM unnest($2::text[]) AS id
     ON CONFLICT (org_group_id, org_id) DO NOTHING RETURNING org_id`,
    [groupId, orgIds, addedBy],
  );
  return rows.map((row) => row.org_id.trim());
}

/** Removes orgs from groups; answers the (group, org) pairs removed. */
export async function removeMembers(
  db: SqlClient,
  groupIds: readonly number[],
  orgIds: readonly string[],
): Promise<{ org_group_id: number; org_id: string }[]> {
  const { rows } = await db.query<{ org_group_id: number; org_id: string }>(
    `DELETE FROM org_group_member
      WHERE org_group_id = ANY($1::bigint[]) AND org_id = ANY($2::bpchar[])
     RETURNING org_group_id::int AS org_group_id, org_id`,
    [groupIds, orgIds],
  );
  return rows.map((row) => ({ org_group_id: row.org_group_id, org_id: row.org_id.trim() }));
}

/** The Blacklist Groups an org is a member of. */
export async function blacklistGroupsOf(db: SqlClient, orgId: string): Promise<GroupRow[]> {
  const { rows } = await db.query<GroupRow>(
    `SELECT g.id::int AS id, g.name, g.type FROM org_group g
       JOIN org_group_member m ON m.org_group_id = g.id
      WHERE m.org_id = $1 AND g.type = 'Blacklist Group' ORDER BY g.id`,
    [orgId],
  );
  return rows;
}

/** Advisory-lock key of "find or create the default Blacklist Group" (two toggles, one group). */
const DEFAULT_BLACKLIST_GROUP_LOCK = [73_206, 1] as const;

/**
 * Until the transaction ends, no other transaction finds or creates the default Blacklist Group:
 * two toggles at once would otherwise both find none and create two.
 */
export async function lockDefaultBlacklistGroup(db: SqlClient): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock($1, $2)', [...DEFAULT_BLACKLIST_GROUP_LOCK]);
}

/** The oldest Blacklist Group (the toggle's group), or null when there is none. */
export async function firstBlacklistGroup(db: SqlClient): Promise<GroupRow | null> {
  const { rows } = await db.query<GroupRow>(
    `SELECT id::int AS id, name, type FROM org_group WHERE type = 'Blacklist Group'
     ORDER BY created_date, id LIMIT 1`,
  );
  return rows[0] ?? null;
}

/** Which of these org ids Pushboard has an org row for. */
export async function knownOrgIds(db: SqlClient, orgIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ org_id: string }>(
    `SELECT org_id FROM org WHERE org_id = ANY($1::bpchar[])`,
    [orgIds],
  );
  return new Set(rows.map((row) => row.org_id.trim()));
}
