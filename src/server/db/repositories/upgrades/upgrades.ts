// The upgrade row as the upgrade engine writes and reads it: created by scheduling (or a retry),
// activated, held or released by a message, finished, canceled and purged. The services decide
// the transaction; every function runs on the client it is given.
import type { UpgradeStatus } from '../../../../domain/statuses';
import type { SqlClient } from '../../database';

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
  status: UpgradeStatus;
  description: string;
  created_by: string | null;
  org_group_id: number | null;
  message: string | null;
}

const UPGRADE_COLUMNS = `id::int AS id, status, description, created_by,
  org_group_id::int AS org_group_id, message`;

/**
 * Writes a Ready upgrade; answers null when the transid already names an upgrade: INSERT … ON
 * CONFLICT (transid) decides races between double submits.
 */
export async function insertUpgrade(tx: SqlClient, upgrade: NewUpgrade): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
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
  return rows[0]?.id ?? null;
}

export async function findUpgrade(db: SqlClient, id: number): Promise<UpgradeRow | undefined> {
  const { rows } = await db.query<UpgradeRow>(
    `SELECT ${UPGRADE_COLUMNS} FROM upgrade WHERE id = $1`,
    [id],
  );
  return rows[0];
}

export async function findUpgradeByTransid(
  db: SqlClient,
  transid: string,
): Promise<UpgradeRow | undefined> {
  const { rows } = await db.query<UpgradeRow>(
    `SELECT ${UPGRADE_COLUMNS} FROM upgrade WHERE transid = $1`,
    [transid],
  );
  return rows[0];
}

export async function upgradeExists(db: SqlClient, id: number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM upgrade WHERE id = $1`, [id]);
  return rows.length > 0;
}

/** Of the given upgrade ids, those that name an upgrade. */
export async function existingUpgradeIds(
  db: SqlClient,
  ids: readonly number[],
): Promise<Set<number>> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id::int AS id FROM upgrade WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  return new Set(rows.map((r) => r.id));
}

export async function activeUpgradeIds(db: SqlClient): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id::int AS id FROM upgrade WHERE status = 'Active'
     UNION
     -- A rollout whose upgrade ended while a wave ran: its gate still settles that wave.
     SELECT upgrade_id::int FROM upgrade_wave WHERE state = 'Started'
     ORDER BY id`,
  );
  return rows.map((r) => r.id);
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

/** Whether anything of the upgrade engine runs: an Active upgrade, a running request, an ask. */
export async function upgradeWorkInFlight(db: SqlClient): Promise<boolean> {
  const { rows } = await db.query<{ busy: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM upgrade WHERE status = 'Active')
         OR EXISTS (SELECT 1 FROM upgrade_item WHERE status IN ('Pending', 'InProgress'))
         OR EXISTS (SELECT 1 FROM upgrade_item WHERE activation_requested_at IS NOT NULL)
         AS busy`,
  );
  return rows[0]?.busy === true;
}

/** Whether the upgrade planned the org or left it out (a single-org upgrade names exactly one). */
export async function upgradeNamesOrg(
  db: SqlClient,
  upgradeId: number,
  orgId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM upgrade_item i JOIN upgrade_item_plan p ON p.item_id = i.id
      WHERE i.upgrade_id = $1 AND p.org_id = $2
     UNION ALL
     SELECT 1 FROM upgrade_blacklist b WHERE b.upgrade_id = $1 AND b.org_id = $2 LIMIT 1`,
    [upgradeId, orgId],
  );
  return rows.length > 0;
}

/** The retries of an upgrade (parent_id), oldest first. */
export async function findRetriesOf(
  db: SqlClient,
  upgradeId: number,
): Promise<{ id: number; status: string; transid: string | null }[]> {
  const { rows } = await db.query<{ id: number; status: string; transid: string | null }>(
    `SELECT id::int AS id, status, transid FROM upgrade WHERE parent_id = $1 ORDER BY id`,
    [upgradeId],
  );
  return rows;
}

/**
 * Records why scheduling failed on the upgrade; `failsUpgrade` (Salesforce refused a push
 * request, a permanent answer) also sets it Failed.
 */
export async function recordSchedulingFailure(
  tx: SqlClient,
  upgradeId: number,
  message: string,
  failsUpgrade: boolean,
): Promise<void> {
  await tx.query(
    `UPDATE upgrade SET message = $2, status = CASE WHEN $3 THEN 'Failed' ELSE status END
      WHERE id = $1`,
    [upgradeId, message, failsUpgrade],
  );
}

/** A failure message of an earlier attempt no longer applies once everything is created. */
export async function clearReadyUpgradeMessage(tx: SqlClient, upgradeId: number): Promise<void> {
  await tx.query(`UPDATE upgrade SET message = NULL WHERE id = $1 AND status = 'Ready'`, [
    upgradeId,
  ]);
}

/** Sets the upgrade's message (null clears it); answers whether it changed. */
export async function replaceUpgradeMessage(
  db: SqlClient,
  upgradeId: number,
  message: string | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE upgrade SET message = $2 WHERE id = $1 AND message IS DISTINCT FROM $2`,
    [upgradeId, message],
  );
  return rowCount > 0;
}

/** Sets the message of an upgrade that is still Active (why its later steps are held). */
export async function setActiveUpgradeMessage(
  db: SqlClient,
  upgradeId: number,
  message: string,
): Promise<void> {
  await db.query(`UPDATE upgrade SET message = $2 WHERE id = $1 AND status = 'Active'`, [
    upgradeId,
    message,
  ]);
}

/**
 * Salesforce accepted some of the upgrade's requests: a Ready upgrade becomes Active, activated by
 * `by` (null for the monitor's step), and an Active one loses the message that held its later
 * steps.
 */
export async function markUpgradeActivated(
  tx: SqlClient,
  upgradeId: number,
  by: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE upgrade SET status = 'Active', activated_by = $2, activated_date = now(), message = NULL
      WHERE id = $1 AND status = 'Ready'`,
    [upgradeId, by],
  );
  await tx.query(`UPDATE upgrade SET message = NULL WHERE id = $1 AND status = 'Active'`, [
    upgradeId,
  ]);
}

/**
 * A Ready upgrade whose first step Salesforce started (an activation a crash interrupted) is
 * Active, activated by who asked and when; what an earlier write recorded is kept.
 */
export async function markReadyUpgradeStarted(
  tx: SqlClient,
  upgradeId: number,
  askedBy: string | null,
  askedAt: Date | string | null,
): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE upgrade SET status = 'Active', activated_by = coalesce(activated_by, $2),
            activated_date = coalesce(activated_date, $3), message = NULL
      WHERE id = $1 AND status = 'Ready'`,
    [upgradeId, askedBy, askedAt],
  );
  return rowCount === 1;
}

export interface UpgradeTally {
  id: number;
  status: string;
  /** Some request has planned orgs without a job row yet. */
  scheduling: boolean;
  /** Jobs still Created, Pending or InProgress. */
  runnable: number;
  /** Jobs that ended Failed or Invalid. */
  errors: number;
}

/**
 * The job tallies of the Ready and Active upgrades that have requests: the given ones, and with
 * `all` every Active upgrade and every Ready one whose start has come.
 */
export async function tallyRunningUpgrades(
  tx: SqlClient,
  upgradeIds: readonly number[],
  all: boolean,
): Promise<UpgradeTally[]> {
  const { rows } = await tx.query<UpgradeTally>(
    `SELECT u.id::int AS id, u.status,
            EXISTS (SELECT 1 FROM upgrade_item i
                     WHERE i.upgrade_id = u.id
                       AND (SELECT count(*) FROM upgrade_job j WHERE j.item_id = i.id) < i.total_job_count
                   ) AS scheduling,
            (SELECT count(*) FROM upgrade_job j WHERE j.upgrade_id = u.id
                AND j.status IN ('Created', 'Pending', 'InProgress'))::int AS runnable,
            (SELECT count(*) FROM upgrade_job j WHERE j.upgrade_id = u.id
                AND j.status IN ('Failed', 'Invalid'))::int AS errors
       FROM upgrade u
      WHERE u.status IN ('Ready', 'Active')
        AND (u.id = ANY($1::bigint[])
             OR ($2 AND (u.status = 'Active' OR u.start_time <= now())))
        AND EXISTS (SELECT 1 FROM upgrade_item i WHERE i.upgrade_id = u.id)`,
    [upgradeIds, all],
  );
  return rows;
}

/** A Ready or Active upgrade with nothing left to run ends Done, with its failure message. */
export async function markUpgradeDone(
  tx: SqlClient,
  upgradeId: number,
  message: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE upgrade SET status = 'Done', message = $2 WHERE id = $1 AND status IN ('Ready', 'Active')`,
    [upgradeId, message],
  );
}

/**
 * Keeps the cancel's comment on the upgrade and sets it Canceled once none of its requests can
 * still run (Created, Pending or InProgress); answers the upgrade's status.
 */
export async function recordUpgradeCancel(
  tx: SqlClient,
  upgradeId: number,
  comment: string,
): Promise<string | undefined> {
  const { rows } = await tx.query<{ status: string }>(
    `UPDATE upgrade u SET comment = $2,
            status = CASE
              WHEN u.status IN ('Ready', 'Active') AND NOT EXISTS (
                SELECT 1 FROM upgrade_item i
                 WHERE i.upgrade_id = u.id AND i.status IN ('Created', 'Pending', 'InProgress'))
              THEN 'Canceled' ELSE u.status END
      WHERE u.id = $1 RETURNING u.status`,
    [upgradeId, comment],
  );
  return rows[0]?.status;
}

export interface PurgeCandidate {
  id: number;
  status: string;
  /** A request is Pending or InProgress. */
  running: boolean;
  /** Still Ready with planned orgs that have no job yet: its scheduling has not finished. */
  scheduling: boolean;
}

/**
 * The upgrades to purge with what makes one still active, row-locked (FOR UPDATE): a concurrent
 * activation or scheduling step waits, then finds nothing.
 */
export async function lockUpgradesForPurge(
  tx: SqlClient,
  ids: readonly number[],
): Promise<PurgeCandidate[]> {
  const { rows } = await tx.query<PurgeCandidate>(
    `SELECT u.id::int AS id, u.status,
            EXISTS (SELECT 1 FROM upgrade_item i
                     WHERE i.upgrade_id = u.id AND i.status IN ('Pending', 'InProgress'))
              AS running,
            (u.status = 'Ready' AND EXISTS (
               SELECT 1 FROM upgrade_item i JOIN upgrade_item_plan p ON p.item_id = i.id
                WHERE i.upgrade_id = u.id
                  AND NOT EXISTS (SELECT 1 FROM upgrade_job j
                                   WHERE j.item_id = i.id AND j.org_id = p.org_id)))
              AS scheduling
       FROM upgrade u WHERE u.id = ANY($1::bigint[]) ORDER BY u.id FOR UPDATE OF u`,
    [ids],
  );
  return rows;
}

/**
 * Deletes the upgrades with their requests, jobs, plans and left-out orgs (the foreign keys
 * cascade); answers how many upgrades went.
 */
export async function deleteUpgrades(tx: SqlClient, ids: readonly number[]): Promise<number> {
  const { rowCount } = await tx.query(`DELETE FROM upgrade WHERE id = ANY($1::bigint[])`, [ids]);
  return rowCount;
}
