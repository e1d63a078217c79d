// sync_watermark rows: per source org, object and scope, the newest modification time already
// stored and the ids stored at exactly that time (so a record of the same second is never missed).
import type { SqlClient } from '../database';

export interface Watermark {
  modifiedAtMs: number;
  idsAtMark: string[];
}

export interface WatermarkKey {
  sourceOrgId: string;
  objectName: string;
  /** e.g. the package of a PackageSubscriber query; '' when the object has one stream per org. */
  scope: string;
}

export async function loadWatermark(
  db: SqlClient,
  key: WatermarkKey,
): Promise<Watermark | undefined> {
  const { rows } = await db.query<{ ms: number; ids_at_mark: string[] }>(
    `SELECT round(extract(epoch FROM modified_at) * 1000)::float8 AS ms, ids_at_mark
     FROM sync_watermark WHERE source_org_id = $1 AND object_name = $2 AND scope = $3`,
    [key.sourceOrgId, key.objectName, key.scope],
  );
  const row = rows[0];
  return row ? { modifiedAtMs: Number(row.ms), idsAtMark: row.ids_at_mark } : undefined;
}

export async function saveWatermark(
  db: SqlClient,
  key: WatermarkKey,
  mark: Watermark,
): Promise<void> {
  await db.query(
    `INSERT INTO sync_watermark (source_org_id, object_name, scope, modified_at, ids_at_mark)
     VALUES ($1, $2, $3, $4, $5::text[])
     ON CONFLICT (source_org_id, object_name, scope)
     DO UPDATE SET modified_at = EXCLUDED.modified_at, ids_at_mark = EXCLUDED.ids_at_mark`,
    [
      key.sourceOrgId,
      key.objectName,
      key.scope,
      new Date(mark.modifiedAtMs).toISOString(),
      mark.idsAtMark,
    ],
  );
}

/** Forgets a watermark, so the next read of that stream is a full one. */
export async function clearWatermark(db: SqlClient, key: WatermarkKey): Promise<void> {
  await db.query(
    'DELETE FROM sync_watermark WHERE source_org_id = $1 AND object_name = $2 AND scope = $3',
    [key.sourceOrgId, key.objectName, key.scope],
  );
}
