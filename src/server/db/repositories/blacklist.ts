// Which orgs are kept out of upgrades (docs/product.md "Org blacklist"): members of any Blacklist
// Group, orgs listed in DENIED_ORGS, and with EXPAND_BLACKLIST every org of an account that has
// such an org. One definition, used by the lists, the org detail and the scheduler.
import type { SqlClient } from '../database';
import type { SqlBuilder } from '../lists/sql-builder';

export interface BlacklistSettings {
  /** DENIED_ORGS, as 18-character ids. */
  readonly deniedOrgs: readonly string[];
  /** EXPAND_BLACKLIST. */
  readonly expandByAccount: boolean;
}

const IN_BLACKLIST_GROUP = (org: string) =>
  `EXISTS (SELECT 1 FROM org_group_member bm JOIN org_group bg ON bg.id = bm.org_group_id
     WHERE bm.org_id = ${org} AND bg.type = 'Blacklist Group')`;

/** SQL that is TRUE when the org id expression `orgId` (of an org row `org`) is blacklisted. */
export function blacklistedSql(
  builder: SqlBuilder,
  org: { orgId: string; accountId: string },
  settings: BlacklistSettings,
): string {
  const denied = builder.param(settings.deniedOrgs);
  const direct = `${IN_BLACKLIST_GROUP(org.orgId)} OR ${org.orgId} = ANY(${denied}::bpchar[])`;
  if (!settings.expandByAccount) return `(${direct})`;
  return `(${direct} OR (${org.accountId} IS NOT NULL AND EXISTS (
      SELECT 1 FROM org bx WHERE bx.account_id = ${org.accountId} AND bx.org_id <> ${org.orgId}
        AND (${IN_BLACKLIST_GROUP('bx.org_id')} OR bx.org_id = ANY(${denied}::bpchar[])))))`;
}

export interface BlacklistReasonRow {
  kind: 'group' | 'denied' | 'account';
  group_id: number | null;
  group_name: string | null;
  via_org_id: string | null;
}

/** Why one org is blacklisted (empty when it is not). */
export async function blacklistReasons(
  db: SqlClient,
  orgId: string,
  settings: BlacklistSettings,
): Promise<BlacklistReasonRow[]> {
  const reasons: BlacklistReasonRow[] = [];
  const groups = await db.query<{ id: number; name: string }>(
    `SELECT g.id, g.name FROM org_group_member m JOIN org_group g ON g.id = m.org_group_id
     WHERE m.org_id = $1 AND g.type = 'Blacklist Group' ORDER BY g.name`,
    [orgId],
  );
  for (const group of groups.rows) {
    reasons.push({ kind: 'group', group_id: group.id, group_name: group.name, via_org_id: null });
  }
  if (settings.deniedOrgs.includes(orgId)) {
    reasons.push({ kind: 'denied', group_id: null, group_name: null, via_org_id: null });
  }
  if (settings.expandByAccount) {
    const relatives = await db.query<{ org_id: string; id: number | null; name: string | null }>(
      `SELECT x.org_id, g.id, g.name FROM org o
         JOIN org x ON x.account_id = o.account_id AND x.org_id <> o.org_id
         LEFT JOIN org_group_member m ON m.org_id = x.org_id
         LEFT JOIN org_group g ON g.id = m.org_group_id AND g.type = 'Blacklist Group'
       WHERE o.org_id = $1 AND (g.id IS NOT NULL OR x.org_id = ANY($2::bpchar[]))
       ORDER BY x.org_id, g.name`,
      [orgId, settings.deniedOrgs],
    );
    for (const row of relatives.rows) {
      reasons.push({
        kind: 'account',
        group_id: row.id,
        group_name: row.name,
        via_org_id: row.org_id,
      });
    }
  }
  return reasons;
}
