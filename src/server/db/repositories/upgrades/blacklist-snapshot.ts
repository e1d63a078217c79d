// The orgs an upgrade left out, each with its reasons in one sentence (upgrade_blacklist): written
// with the upgrade, shown on its Blacklist tab, and read by Retry Failed so that an org a retry
// left out is not planned again.
import type { SqlClient } from '../../database';

/** Writes the upgrade's left-out orgs; an org already listed for it is kept as it is. */
export async function insertLeftOutOrgs(
  tx: SqlClient,
  upgradeId: number,
  orgs: readonly { orgId: string; reason: string }[],
): Promise<void> {
  if (orgs.length === 0) return;
  await tx.query(
    `INSERT INTO upgrade_blacklist (upgrade_id, org_id, reason)
     SELECT $1, b.org_id, b.reason FROM unnest($2::text[], $3::text[]) AS b(org_id, reason)
     ON CONFLICT DO NOTHING`,
    [upgradeId, orgs.map((o) => o.orgId), orgs.map((o) => o.reason)],
  );
}

/** The orgs the given upgrades left out (trimmed). */
export async function leftOutOrgIds(
  db: SqlClient,
  upgradeIds: readonly number[],
): Promise<Set<string>> {
  const { rows } = await db.query<{ org_id: string }>(
    `SELECT org_id FROM upgrade_blacklist WHERE upgrade_id = ANY($1::bigint[])`,
    [upgradeIds],
  );
  return new Set(rows.map((r) => r.org_id.trim()));
}
