// instance rows: where each Salesforce instance is and which release it runs.
import type { Database, SqlClient } from '../database';
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

/** One instance's planned maintenance window, as the Trust API lists it. */
export interface MaintenanceRow {
  readonly maintenanceId: string;
  readonly instanceKey: string;
  readonly name: string | null;
  readonly maintenanceType: string | null;
  readonly availability: string | null;
  readonly plannedStart: Date;
  readonly plannedEnd: Date;
}

/** Replaces every stored window with `list`, in one transaction. */
export async function replaceMaintenances(
  db: Database,
  list: readonly MaintenanceRow[],
): Promise<void> {
  const rows = lastPerKey(list, (row) => `${row.maintenanceId}|${row.instanceKey}`);
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM instance_maintenance');
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO instance_maintenance (maintenance_id, instance_key, name, maintenance_type,
         availability, planned_start, planned_end)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
         $6::timestamptz[], $7::timestamptz[])`,
      [
        column(rows, (r) => r.maintenanceId),
        column(rows, (r) => r.instanceKey),
        column(rows, (r) => r.name),
        column(rows, (r) => r.maintenanceType),
        column(rows, (r) => r.availability),
        column(rows, (r) => r.plannedStart.toISOString()),
        column(rows, (r) => r.plannedEnd.toISOString()),
      ],
    );
  });
}

/** An org whose instance has a maintenance window overlapping a time span. */
export interface MaintenanceHoldRow {
  org_id: string;
  instance_key: string;
  name: string | null;
  maintenance_type: string | null;
  planned_start: Date;
  planned_end: Date;
}

/**
 * The orgs of `orgIds` whose instance has a window overlapping [from, to), the earliest window
 * of each org.
 */
export async function findMaintenanceHolds(
  db: SqlClient,
  orgIds: readonly string[],
  from: Date,
  to: Date,
): Promise<MaintenanceHoldRow[]> {
  if (orgIds.length === 0) return [];
  const { rows } = await db.query<MaintenanceHoldRow>(
    `SELECT DISTINCT ON (o.org_id) o.org_id, m.instance_key, m.name, m.maintenance_type,
            m.planned_start, m.planned_end
       FROM org o
       JOIN instance_maintenance m ON m.instance_key = o.instance
      WHERE o.org_id = ANY($1::text[]) AND m.planned_end > $2 AND m.planned_start < $3
      ORDER BY o.org_id, m.planned_start`,
    [orgIds, from.toISOString(), to.toISOString()],
  );
  return rows;
}
