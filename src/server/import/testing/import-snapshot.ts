// What an import left in Pushboard, named by the old rows' keys (target ids differ between two
// databases: a rolled-back batch uses up identity values), so two imports can be compared.
import { toId18 } from '../../../domain/ids';
import type { SqlClient } from '../../db/database';

const QUERIES: Record<string, string> = {
  connected_org: `SELECT org_id, name, type, status, status_reason, login_url,
      refresh_token_enc IS NOT NULL AS has_token FROM connected_org ORDER BY org_id`,
  org_group: `SELECT m.source_key, g.name, g.type, g.description FROM org_group g
      JOIN import_map m ON m.source_table = 'org_group' AND m.target_key = g.id::text
      ORDER BY m.source_key::int`,
  org_group_member: `SELECT m.source_key AS group_key, gm.org_id FROM org_group_member gm
      JOIN import_map m ON m.source_table = 'org_group' AND m.target_key = gm.org_group_id::text
      ORDER BY m.source_key::int, gm.org_id`,
  saved_filter: 'SELECT list_key, name, query FROM saved_filter ORDER BY list_key, name',
  upgrade: `SELECT m.source_key, u.description, u.status, u.message, u.comment, u.created_by,
      u.activated_by, u.activated_date, u.start_time, p.source_key AS parent, g.source_key AS group_key
      FROM upgrade u JOIN import_map m ON m.source_table = 'upgrade' AND m.target_key = u.id::text
      LEFT JOIN import_map p ON p.source_table = 'upgrade' AND p.target_key = u.parent_id::text
      LEFT JOIN import_map g ON g.source_table = 'org_group' AND g.target_key = u.org_group_id::text
      ORDER BY m.source_key::int`,
  upgrade_item: `SELECT m.source_key, um.source_key AS upgrade_key, i.push_request_id, i.version_id,
      i.package_id, i.status, i.message, i.created_by, i.activated_by FROM upgrade_item i
      JOIN import_map m ON m.source_table = 'upgrade_item' AND m.target_key = i.id::text
      JOIN import_map um ON um.source_table = 'upgrade' AND um.target_key = i.upgrade_id::text
      ORDER BY m.source_key::int`,
  upgrade_job: `SELECT m.source_key, im.source_key AS item_key, j.org_id, j.job_id, j.status, j.message
      FROM upgrade_job j JOIN import_map m ON m.source_table = 'upgrade_job' AND m.target_key = j.id::text
      JOIN import_map im ON im.source_table = 'upgrade_item' AND im.target_key = j.item_id::text
      ORDER BY m.source_key::int`,
  upgrade_blacklist: `SELECT um.source_key AS upgrade_key, b.org_id, b.reason FROM upgrade_blacklist b
      JOIN import_map um ON um.source_table = 'upgrade' AND um.target_key = b.upgrade_id::text
      ORDER BY um.source_key::int, b.org_id`,
  import_map: `SELECT source_table, source_key, source_hash FROM import_map ORDER BY 1, 2`,
};

export async function importSnapshot(db: SqlClient): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(QUERIES)) snapshot[name] = (await db.query(sql)).rows;
  return snapshot;
}

/** Row counts of the tables an import writes. */
export async function importedCounts(db: SqlClient): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [
    'connected_org',
    'org_group',
    'org_group_member',
    'saved_filter',
    'upgrade',
    'upgrade_item',
    'upgrade_job',
    'upgrade_blacklist',
    'import_map',
  ]) {
    const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = rows[0]!.n;
  }
  return counts;
}

/** Pushboard's package versions for the LMA record ids the generated requests name. */
export async function seedPackageVersions(
  db: SqlClient,
  versions: readonly { sfid: string; versionId: string; packageSfid: string }[],
): Promise<void> {
  for (const [n, v] of versions.entries()) {
    await db.query(
      `INSERT INTO package (sfid, name) VALUES ($1, 'Imported package') ON CONFLICT DO NOTHING`,
      [v.packageSfid],
    );
    await db.query(
      `INSERT INTO package_version (sfid, version_id, package_id, version_number, version_sort)
       VALUES ($1, $2, $3, $4, $5)`,
      [toId18(v.sfid), v.versionId, v.packageSfid, `1.${n}`, `000100${n}00000_0`],
    );
  }
}
