// instance rows: where each Salesforce instance is and which release it runs.
import type { SqlClient } from '../database';
import { column, lastPerKey } from './bulk';

export interface InstanceRow {
  key: string;
  location: string | null;
  environment: string | null;
  release: string | null;
  status: string | null;
}

/** Upserts the list; returns how many instances were new or changed. */
export async function upsertInstances(
  db: SqlClient,
  list: readonly InstanceRow[],
): Promise<number> {
  if (list.length === 0) return 0;
  const rows = lastPerKey(list, (row) => row.key);
  const { rowCount } = await db.query(
    `INSERT INTO instance (key, location, environment, release, status, modified_date)
     SELECT u.key, u.location, u.environment, u.release, u.status, now()
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
       AS u(key, location, environment, release, status)
     ON CONFLICT (key) DO UPDATE SET location = EXCLUDED.location,
       environment = EXCLUDED.environment, release = EXCLUDED.release, status = EXCLUDED.status,
       modified_date = now()
     WHERE (instance.location, instance.environment, instance.release, instance.status)
       IS DISTINCT FROM (EXCLUDED.location, EXCLUDED.environment, EXCLUDED.release,
                         EXCLUDED.status)`,
    [
      column(rows, (r) => r.key),
      column(rows, (r) => r.location),
      column(rows, (r) => r.environment),
      column(rows, (r) => r.release),
      column(rows, (r) => r.status),
    ],
  );
  return rowCount;
}
