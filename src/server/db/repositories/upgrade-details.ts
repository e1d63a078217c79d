// One upgrade or one request with its job counts (GET /api/upgrades/{id}, /api/upgradeitems/{id}),
// read by the detail screens and by the change actions that check what an upgrade may do next.
import type { UpgradeDetail, UpgradeItemDetail } from '../../../domain';
import type { SqlClient } from '../database';
import { toJsonRow } from '../lists/list-query';
import { withRequestStatusName } from '../../../domain/progress';
import { withItemStatus } from './upgrade-reads';

/** Counts per status of a set of jobs `j`; Ineligible is only left out of eligible_job_count. */
export const JOB_COUNTS = `
  (count(j.id) FILTER (WHERE j.status <> 'Ineligible'))::int AS eligible_job_count,
  (count(j.id) FILTER (WHERE j.status = 'Created'))::int AS created_job_count,
  (count(j.id) FILTER (WHERE j.status = 'Pending'))::int AS pending_job_count,
  (count(j.id) FILTER (WHERE j.status = 'InProgress'))::int AS inprogress_job_count,
  (count(j.id) FILTER (WHERE j.status = 'Succeeded'))::int AS succeeded_job_count,
  (count(j.id) FILTER (WHERE j.status = 'Failed'))::int AS failed_job_count,
  (count(j.id) FILTER (WHERE j.status = 'Canceled'))::int AS canceled_job_count,
  (count(j.id) FILTER (WHERE j.status = 'Invalid'))::int AS invalid_job_count`;

export async function findUpgradeDetail(
  db: SqlClient,
  id: number,
): Promise<UpgradeDetail | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT u.id::int AS id, u.description, u.status,
       (SELECT array_agg(i.status) FROM upgrade_item i WHERE i.upgrade_id = u.id) AS item_status,
       coalesce((SELECT sum(i.total_job_count)::int FROM upgrade_item i WHERE i.upgrade_id = u.id), 0)
         AS total_job_count,
       u.start_time, u.created_by, u.activated_by, u.activated_date, u.comment,
       u.org_group_id::int AS org_group_id, u.parent_id::int AS parent_id, u.message, c.*
     FROM upgrade u
     CROSS JOIN LATERAL (SELECT ${JOB_COUNTS} FROM upgrade_job j WHERE j.upgrade_id = u.id) c
     WHERE u.id = $1`,
    [id],
  );
  return rows[0] ? withItemStatus(toJsonRow<UpgradeDetail>(rows[0])) : undefined;
}

export async function findUpgradeItemDetail(
  db: SqlClient,
  id: number,
): Promise<UpgradeItemDetail | undefined> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT i.id::int AS id, i.upgrade_id::int AS upgrade_id, u.description,
       i.scheduled_start_time, p.name AS package_name, i.package_id, i.package_org_id,
       v.version_number, i.version_id, i.total_job_count, i.start_time, i.end_time, i.duration,
       i.status, i.created_by, i.activated_by, i.activated_date, i.push_request_id, i.message,
       (SELECT count(*)::int FROM upgrade_job j WHERE j.item_id = i.id) AS job_count, c.*
     FROM upgrade_item i JOIN upgrade u ON u.id = i.upgrade_id
       LEFT JOIN package p ON p.sfid = i.package_id
       LEFT JOIN package_version v ON v.version_id = i.version_id
       CROSS JOIN LATERAL (SELECT ${JOB_COUNTS} FROM upgrade_job j WHERE j.item_id = i.id) c
     WHERE i.id = $1`,
    [id],
  );
  return rows[0] ? withRequestStatusName(toJsonRow<UpgradeItemDetail>(rows[0])) : undefined;
}
