// The rows of a scheduled upgrade: the upgrade, its requests with their planned orgs and the orgs
// left out, written in one transaction, and the reads scheduling and its resumption need.
import { describeLeftOut } from '../../../domain/left-out';
import type { Database, SqlClient } from '../../db/database';
import { reachesAnyone, type SchedulePlan } from './plan';

/** The columns of a new upgrade row. */
export interface NewUpgrade {
  description: string;
  startTime: Date;
  createdBy: string;
  orgGroupId: number | null;
  parentId: number | null;
  transid: string;
}

export interface UpgradeRow {
  id: number;
  status: string;
  created_by: string | null;
  org_group_id: number | null;
  message: string | null;
}

/**
 * Writes a Ready upgrade, its requests, their planned orgs and the left-out orgs (each with its
 * reasons in one sentence) in one transaction. A plan that reaches nobody is never written: the
 * callers refuse it first. Answers null when the transid already names an upgrade: INSERT … ON
 * CONFLICT (transid) decides races between double submits.
 */
export async function writeUpgrade(
  db: Database,
  upgrade: NewUpgrade,
  plan: SchedulePlan,
): Promise<number | null> {
  if (!reachesAnyone(plan)) throw new Error('An upgrade that reaches no org is not written.');
  return db.transaction(async (tx) => {
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO upgrade (description, status, start_time, created_by, org_group_id, parent_id,
                            transid)
       VALUES ($1, 'Ready', $2, $3, $4, $5, $6)
       ON CONFLICT (transid) DO NOTHING RETURNING id`,
      [
        upgrade.description,
        upgrade.startTime.toISOString(),
        upgrade.createdBy,
        upgrade.orgGroupId,
        upgrade.parentId,
        upgrade.transid,
      ],
    );
    const id = inserted.rows[0]?.id;
    if (id === undefined) return null;
    for (const request of plan.requests) {
      const item = await tx.query<{ id: number }>(
        `INSERT INTO upgrade_item (upgrade_id, package_org_id, package_id, version_id, status,
                                   scheduled_start_time, total_job_count, created_by)
         VALUES ($1, $2, $3, $4, 'Created', $5, $6, $7) RETURNING id`,
        [
          id,
          request.packageOrgId,
          request.version.package_id,
          request.version.version_id,
          upgrade.startTime.toISOString(),
          request.orgs.length,
          upgrade.createdBy,
        ],
      );
      await insertPlan(tx, item.rows[0]!.id, request.orgs);
    }
    if (plan.leftOut.length > 0) {
      await tx.query(
        `INSERT INTO upgrade_blacklist (upgrade_id, org_id, reason)
         SELECT $1, b.org_id, b.reason FROM unnest($2::text[], $3::text[]) AS b(org_id, reason)
         ON CONFLICT DO NOTHING`,
        [id, plan.leftOut.map((o) => o.orgId), plan.leftOut.map((o) => describeLeftOut(o.reasons))],
      );
    }
    return id;
  });
}

async function insertPlan(
  tx: SqlClient,
  itemId: number,
  orgs: readonly { orgId: string; originalVersionId: string | null }[],
): Promise<void> {
  for (let start = 0; start < orgs.length; start += 5_000) {
    const chunk = orgs.slice(start, start + 5_000);
    await tx.query(
      `INSERT INTO upgrade_item_plan (item_id, org_id, original_version_id)
       SELECT $1, p.org_id, p.original_version_id FROM unnest($2::text[], $3::text[])
         AS p(org_id, original_version_id)`,
      [itemId, chunk.map((o) => o.orgId), chunk.map((o) => o.originalVersionId)],
    );
  }
}

export async function findByTransid(
  db: SqlClient,
  transid: string,
): Promise<UpgradeRow | undefined> {
  const { rows } = await db.query<UpgradeRow>(
    `SELECT id, status, created_by, org_group_id, message FROM upgrade WHERE transid = $1`,
    [transid],
  );
  return rows[0];
}

export async function findById(db: SqlClient, id: number): Promise<UpgradeRow | undefined> {
  const { rows } = await db.query<UpgradeRow>(
    `SELECT id, status, created_by, org_group_id, message FROM upgrade WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** Upgrades still Ready whose live requests have planned orgs without a job row. */
export async function unfinishedUpgrades(db: SqlClient): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT DISTINCT u.id FROM upgrade u
       JOIN upgrade_item i ON i.upgrade_id = u.id
       JOIN upgrade_item_plan p ON p.item_id = i.id
      WHERE u.status = 'Ready' AND i.status <> 'Canceled'
        AND NOT EXISTS (SELECT 1 FROM upgrade_job j WHERE j.item_id = i.id AND j.org_id = p.org_id)
      ORDER BY u.id`,
  );
  return rows.map((r) => r.id);
}
