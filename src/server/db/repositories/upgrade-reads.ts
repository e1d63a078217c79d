// Reads of upgrades, their requests and jobs for the list tabs of orgs, packages, groups and
// connected orgs. Counts come from the job rows in one aggregate per request.
import type { Upgrade, UpgradeItem, UpgradeJob } from '../../../domain';
import { withRequestStatusName } from '../../../domain/progress';
import { upgradeItemStatusOf, type JobStatus } from '../../../domain/statuses';
import type { SqlClient } from '../database';
import { toJsonRow } from '../lists/list-query';
import { SqlBuilder } from '../lists/sql-builder';

const JOB_COUNTS = `
  count(j.id)::int AS job_count,
  (count(j.id) FILTER (WHERE j.status <> 'Ineligible'))::int AS eligible_job_count,
  (count(j.id) FILTER (WHERE j.status = 'Created'))::int AS created_job_count,
  (count(j.id) FILTER (WHERE j.status = 'Pending'))::int AS pending_job_count,
  (count(j.id) FILTER (WHERE j.status = 'InProgress'))::int AS inprogress_job_count,
  (count(j.id) FILTER (WHERE j.status = 'Succeeded'))::int AS succeeded_job_count,
  (count(j.id) FILTER (WHERE j.status = 'Failed'))::int AS failed_job_count,
  (count(j.id) FILTER (WHERE j.status = 'Canceled'))::int AS canceled_job_count,
  (count(j.id) FILTER (WHERE j.status = 'Invalid'))::int AS invalid_job_count`;

export async function listUpgrades(
  db: SqlClient,
  filter: { groupId?: number | undefined },
): Promise<Upgrade[]> {
  const b = new SqlBuilder();
  const where =
    filter.groupId !== undefined ? `WHERE u.org_group_id = ${b.param(filter.groupId)}` : '';
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT u.id, u.description, u.status,
       (SELECT array_agg(i.status) FROM upgrade_item i WHERE i.upgrade_id = u.id) AS item_status,
       coalesce((SELECT sum(i.total_job_count)::int FROM upgrade_item i WHERE i.upgrade_id = u.id), 0)
         AS total_job_count,
       u.start_time, u.created_by, u.activated_by, u.activated_date, u.comment, u.org_group_id,
       u.parent_id
     FROM upgrade u ${where} ORDER BY u.start_time DESC, u.id DESC`,
    b.params,
  );
  return rows.map((row) => withItemStatus(toJsonRow<Upgrade>(row)));
}

/** The upgrade's requests' statuses (read as an array) rolled up into its one item status. */
export function withItemStatus<T extends { item_status: unknown }>(row: T): T {
  const statuses = (row.item_status ?? []) as JobStatus[];
  return { ...row, item_status: upgradeItemStatusOf(statuses) };
}

export interface UpgradeItemFilter {
  upgradeId?: number | undefined;
  packageId?: string | undefined;
  packageOrgId?: string | undefined;
}

export async function listUpgradeItems(
  db: SqlClient,
  filter: UpgradeItemFilter,
): Promise<UpgradeItem[]> {
  const b = new SqlBuilder();
  const where: string[] = [];
  if (filter.upgradeId !== undefined) where.push(`i.upgrade_id = ${b.param(filter.upgradeId)}`);
  if (filter.packageId !== undefined) where.push(`i.package_id = ${b.param(filter.packageId)}`);
  if (filter.packageOrgId !== undefined)
    where.push(`i.package_org_id = ${b.param(filter.packageOrgId)}`);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT i.id, i.upgrade_id, u.description, i.scheduled_start_time, p.name AS package_name,
       i.package_id, i.package_org_id, v.version_number, i.version_id, i.total_job_count,
       i.start_time, i.end_time, i.duration, i.status, i.created_by, i.activated_by,
       i.activated_date, ${JOB_COUNTS}
     FROM upgrade_item i JOIN upgrade u ON u.id = i.upgrade_id
       LEFT JOIN package p ON p.sfid = i.package_id
       LEFT JOIN package_version v ON v.version_id = i.version_id
       LEFT JOIN upgrade_job j ON j.item_id = i.id
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     GROUP BY i.id, u.description, p.name, v.version_number
     ORDER BY i.scheduled_start_time DESC, i.id DESC`,
    b.params,
  );
  return rows.map((row) => withRequestStatusName(toJsonRow<UpgradeItem>(row)));
}

export interface UpgradeJobFilter {
  upgradeId?: number | undefined;
  itemId?: number | undefined;
  orgId?: string | undefined;
}

/** Jobs with their org, package and versions; left joins so no job is ever hidden. */
export async function listUpgradeJobs(
  db: SqlClient,
  filter: UpgradeJobFilter,
): Promise<UpgradeJob[]> {
  const b = new SqlBuilder();
  const where: string[] = [];
  if (filter.upgradeId !== undefined) where.push(`j.upgrade_id = ${b.param(filter.upgradeId)}`);
  if (filter.itemId !== undefined) where.push(`j.item_id = ${b.param(filter.itemId)}`);
  if (filter.orgId !== undefined) where.push(`j.org_id = ${b.param(filter.orgId)}`);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT j.id, j.upgrade_id, j.item_id, j.org_id, o.name AS org_name, o.instance,
       ins.environment, ins.location, a.account_name, p.name AS package_name, i.package_id,
       ov.version_number AS original_version_number, j.original_version_id,
       cv.version_number AS current_version_number, opv.version_id AS current_version_id,
       tv.version_number, i.version_id, j.start_time, j.end_time, j.duration, j.status,
       j.message, j.modified_date
     FROM upgrade_job j JOIN upgrade_item i ON i.id = j.item_id
       LEFT JOIN org o ON o.org_id = j.org_id
       LEFT JOIN instance ins ON ins.key = o.instance
       LEFT JOIN account a ON a.account_id = o.account_id
       LEFT JOIN package p ON p.sfid = i.package_id
       LEFT JOIN package_version ov ON ov.version_id = j.original_version_id
       LEFT JOIN package_version tv ON tv.version_id = i.version_id
       LEFT JOIN org_package_version opv ON opv.org_id = j.org_id AND opv.package_id = i.package_id
       LEFT JOIN package_version cv ON cv.version_id = opv.version_id
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY j.start_time DESC NULLS LAST, j.id DESC`,
    b.params,
  );
  return rows.map((row) => toJsonRow<UpgradeJob>(row));
}
