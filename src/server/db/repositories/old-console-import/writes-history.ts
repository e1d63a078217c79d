// Writes of the import from the old console: upgrades, requests, jobs and blacklist snapshots.
// Each returns the target keys of the rows it wrote, in order, for import_map.
import type { JobStatus, UpgradeStatus } from '../../../../domain';
import type { SqlClient } from '../../database';

export interface ImportedUpgrade {
  /** The old id, and the old id of a parent written in the same batch (no new id yet). */
  sourceKey: string;
  parentSourceKey: string | null;
  startTime: Date;
  description: string;
  status: UpgradeStatus;
  message: string | null;
  parentId: string | null;
  comment: string | null;
  groupId: string | null;
  createdBy: string | null;
  activatedBy: string | null;
  activatedDate: Date | null;
}

export async function insertImportedUpgrades(
  tx: SqlClient,
  rows: readonly ImportedUpgrade[],
): Promise<string[]> {
  const ids: string[] = [];
  const written = new Map<string, string>();
  for (const u of rows) {
    const parentId = u.parentId ?? (u.parentSourceKey ? written.get(u.parentSourceKey) : null);
    // The old console kept no creation time: the start time stands in for it.
    const { rows: inserted } = await tx.query<{ id: number }>(
      `INSERT INTO upgrade (start_time, description, status, message, parent_id, comment,
         org_group_id, created_by, created_at, activated_by, activated_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $1, $9, $10) RETURNING id`,
      [
        u.startTime,
        u.description,
        u.status,
        u.message,
        parentId ?? null,
        u.comment,
        u.groupId,
        u.createdBy,
        u.activatedBy,
        u.activatedDate,
      ],
    );
    ids.push(String(inserted[0]!.id));
    written.set(u.sourceKey, String(inserted[0]!.id));
  }
  return ids;
}

export interface ImportedItem {
  upgradeId: string;
  pushRequestId: string | null;
  packageOrgId: string;
  packageId: string | null;
  versionId: string;
  status: JobStatus;
  message: string | null;
  scheduledStartTime: Date;
  totalJobCount: number;
  createdBy: string | null;
  activatedBy: string | null;
  activatedDate: Date | null;
  startTime: Date | null;
  endTime: Date | null;
  duration: number | null;
}

export async function insertImportedItems(
  tx: SqlClient,
  rows: readonly ImportedItem[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const i of rows) {
    const { rows: inserted } = await tx.query<{ id: number }>(
      `INSERT INTO upgrade_item (upgrade_id, push_request_id, package_org_id, package_id, version_id,
         status, message, scheduled_start_time, total_job_count, created_by, activated_by,
         activated_date, start_time, end_time, duration)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        i.upgradeId,
        i.pushRequestId,
        i.packageOrgId,
        i.packageId,
        i.versionId,
        i.status,
        i.message,
        i.scheduledStartTime,
        i.totalJobCount,
        i.createdBy,
        i.activatedBy,
        i.activatedDate,
        i.startTime,
        i.endTime,
        i.duration,
      ],
    );
    ids.push(String(inserted[0]!.id));
  }
  return ids;
}

export interface ImportedJob {
  upgradeId: string;
  itemId: string;
  pushRequestId: string | null;
  jobId: string | null;
  orgId: string;
  originalVersionId: string | null;
  status: JobStatus;
  message: string | null;
  startTime: Date | null;
  endTime: Date | null;
  duration: number | null;
}

/** One statement per batch: jobs are the long table. */
export async function insertImportedJobs(
  tx: SqlClient,
  rows: readonly ImportedJob[],
): Promise<string[]> {
  const column = <K extends keyof ImportedJob>(k: K) => rows.map((r) => r[k]);
  const { rows: inserted } = await tx.query<{ id: number; item_id: number; org_id: string }>(
    `INSERT INTO upgrade_job (upgrade_id, item_id, push_request_id, job_id, org_id,
       original_version_id, status, message, start_time, end_time, duration, modified_date)
     SELECT u, i, p, j, o, v, s, m, st, et, d, coalesce(et, st, now())
       FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[],
                   $7::text[], $8::text[], $9::timestamptz[], $10::timestamptz[], $11::int[])
         AS r(u, i, p, j, o, v, s, m, st, et, d)
     RETURNING id, item_id, org_id`,
    [
      column('upgradeId'),
      column('itemId'),
      column('pushRequestId'),
      column('jobId'),
      column('orgId'),
      column('originalVersionId'),
      column('status'),
      column('message'),
      column('startTime'),
      column('endTime'),
      column('duration'),
    ],
  );
  // (item, org) is unique, so each job is found by it, whatever order RETURNING uses.
  const byKey = new Map(inserted.map((r) => [`${r.item_id}:${r.org_id}`, String(r.id)]));
  return rows.map((r) => {
    const id = byKey.get(`${r.itemId}:${r.orgId}`);
    if (!id) throw new Error(`upgrade_job of request ${r.itemId} and org ${r.orgId} not written`);
    return id;
  });
}

export interface ImportedBlacklistEntry {
  upgradeId: string;
  orgId: string;
}

export async function insertImportedBlacklist(
  tx: SqlClient,
  rows: readonly ImportedBlacklistEntry[],
): Promise<string[]> {
  await tx.query(
    `INSERT INTO upgrade_blacklist (upgrade_id, org_id, reason)
     SELECT u, o, 'Blacklisted in the old console' FROM unnest($1::bigint[], $2::text[]) AS b(u, o)
     ON CONFLICT DO NOTHING`,
    [rows.map((b) => b.upgradeId), rows.map((b) => b.orgId)],
  );
  return rows.map((b) => `${b.upgradeId}:${b.orgId}`);
}
