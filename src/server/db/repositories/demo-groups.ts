// The demo org groups seeded at first start, and the sync_state flag that says they were: deleting
// them later is respected, so the flag, not the groups, decides whether to seed.
import type { SqlClient } from '../database';

const SEEDED = 'demo_groups_seeded';

export interface DemoGroup {
  name: string;
  type: string;
  description: string;
}

export async function demoGroupsSeeded(db: SqlClient): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM sync_state WHERE key = $1`, [SEEDED]);
  return rows.length > 0;
}

/** One group created by 'demo setup', with these orgs as its members; answers its id. */
export async function insertDemoGroup(
  db: SqlClient,
  group: DemoGroup,
  memberOrgIds: readonly string[],
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO org_group (name, type, description, created_by)
     VALUES ($1, $2, $3, 'demo setup') RETURNING id`,
    [group.name, group.type, group.description],
  );
  await db.query(
    `INSERT INTO org_group_member (org_group_id, org_id, added_by)
     SELECT $1, unnest($2::text[]), 'demo setup'`,
    [rows[0]!.id, memberOrgIds],
  );
  return Number(rows[0]!.id);
}

export async function markDemoGroupsSeeded(db: SqlClient): Promise<void> {
  await db.query(`INSERT INTO sync_state (key, value) VALUES ($1, 'true')`, [SEEDED]);
}
