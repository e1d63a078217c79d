// import_map (migration 0022) and what the import from the old console reads of Pushboard before
// it starts (docs/operations.md "Importing from the old console").
import type { SqlClient } from '../../database';

export interface ImportMapEntry {
  target: string;
  hash: string;
}

export async function readImportMap(
  db: SqlClient,
  sourceTable: string,
): Promise<Map<string, ImportMapEntry>> {
  const { rows } = await db.query<{ source_key: string; target_key: string; source_hash: string }>(
    'SELECT source_key, target_key, source_hash FROM import_map WHERE source_table = $1',
    [sourceTable],
  );
  return new Map(rows.map((r) => [r.source_key, { target: r.target_key, hash: r.source_hash }]));
}

/**
 * Takes the import's transaction-scoped lock and says whether any of these old rows is already
 * recorded: two imports at once would both find them new; the second waits here, then stops.
 */
export async function lockAndCheckImported(
  tx: SqlClient,
  sourceTable: string,
  sourceKeys: readonly string[],
): Promise<boolean> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('pushboard-old-console-import'))`);
  const { rows } = await tx.query(
    'SELECT 1 FROM import_map WHERE source_table = $1 AND source_key = ANY($2::text[]) LIMIT 1',
    [sourceTable, sourceKeys],
  );
  return rows.length > 0;
}

export async function recordImported(
  tx: SqlClient,
  sourceTable: string,
  rows: readonly { key: string; target: string; hash: string }[],
): Promise<void> {
  await tx.query(
    `INSERT INTO import_map (source_table, source_key, target_key, source_hash)
     SELECT $1, k, t, h FROM unnest($2::text[], $3::text[], $4::text[]) AS m(k, t, h)`,
    [sourceTable, rows.map((r) => r.key), rows.map((r) => r.target), rows.map((r) => r.hash)],
  );
}

export interface ImportTargetFacts {
  versions: { sfid: string; version_id: string; package_id: string }[];
  /** Connected orgs Pushboard had before the import (those are never overwritten). */
  ownConnectedOrgs: string[];
  /** '<list key>\n<lower-case name>' of every saved filter. */
  filterNames: string[];
}

export async function readImportTargetFacts(db: SqlClient): Promise<ImportTargetFacts> {
  const versions = await db.query<{ sfid: string; version_id: string; package_id: string }>(
    'SELECT sfid, version_id, package_id FROM package_version',
  );
  const orgs = await db.query<{ org_id: string }>(
    `SELECT org_id FROM connected_org c WHERE NOT EXISTS (SELECT 1 FROM import_map m
       WHERE m.source_table = 'package_org' AND m.target_key = c.org_id)`,
  );
  const filters = await db.query<{ name: string }>(
    `SELECT list_key || E'\\n' || lower(name) AS name FROM saved_filter`,
  );
  return {
    versions: versions.rows,
    ownConnectedOrgs: orgs.rows.map((o) => o.org_id),
    filterNames: filters.rows.map((f) => f.name),
  };
}
