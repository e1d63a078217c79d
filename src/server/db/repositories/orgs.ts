// Set-based derivations over org (one statement each, never row by row), run after the sources
// are read. `scope` limits a derivation to some org ids (refresh of one org or group); without it
// every org is considered. Each statement writes only rows whose values change.
import type { SqlClient } from '../database';
import { EFFECTIVE_LICENSE_STATUS } from './license-status';

type Scope = readonly string[] | undefined;

/**
 * Lets the derivations below sort and hash a million licenses in memory rather than spill to
 * disk; call it first in their transaction (SET LOCAL ends with the transaction).
 */
export async function allowLargeSorts(tx: SqlClient): Promise<void> {
  await tx.query(`SET LOCAL work_mem = '64MB'`);
}

const CURRENT_LICENSE = `l.status IN ('Active', 'Trial') AND (l.expiration IS NULL OR l.expiration >= $1::date)`;

/**
 * Every licensed org is visible: orgs known only from licenses get a row (instance and sandbox
 * flag from their newest license). Orgs with subscriber data keep what PackageSubscriber said.
 */
export async function upsertOrgsFromLicenses(db: SqlClient, scope?: Scope): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO org (org_id, instance, is_sandbox, type, status, modified_date)
     SELECT DISTINCT ON (l.org_id) l.org_id, l.instance, l.is_sandbox,
       CASE WHEN l.is_sandbox THEN 'Sandbox' ELSE 'Production' END, 'Not Installed', l.modified_date
     FROM license l
     WHERE l.org_id IS NOT NULL AND ($1::bpchar[] IS NULL OR l.org_id = ANY($1::bpchar[]))
       -- Orgs with subscriber rows keep what PackageSubscriber said; skip them before sorting.
       AND NOT EXISTS (SELECT 1 FROM org_package_version v WHERE v.org_id = l.org_id)
     ORDER BY l.org_id, l.modified_date DESC, l.sfid DESC
     ON CONFLICT (org_id) DO UPDATE SET instance = EXCLUDED.instance,
       is_sandbox = EXCLUDED.is_sandbox, type = EXCLUDED.type,
       modified_date = EXCLUDED.modified_date
     WHERE NOT EXISTS (SELECT 1 FROM org_package_version v WHERE v.org_id = org.org_id)
       AND (org.instance, org.is_sandbox, org.type, org.modified_date)
         IS DISTINCT FROM (EXCLUDED.instance, EXCLUDED.is_sandbox, EXCLUDED.type,
                           EXCLUDED.modified_date)`,
    [scope ?? null],
  );
  return rowCount;
}

/**
 * Each installed package's license status and install date from the org's newest license of that
 * package (matched by package, not by version: an upgrade does not break the match). Active or
 * Trial licenses whose expiration date has passed count as Expired.
 */
export async function applyLicenseStatus(
  db: SqlClient,
  today: string,
  scope?: Scope,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE org_package_version v SET license_status = x.status, install_date = x.install_date
     FROM (
       SELECT DISTINCT ON (l.org_id, l.package_id) l.org_id, l.package_id, l.install_date,
         ${EFFECTIVE_LICENSE_STATUS('l', '$1')} AS status
       FROM license l
       WHERE l.org_id IS NOT NULL AND l.package_id IS NOT NULL
         AND ($2::bpchar[] IS NULL OR l.org_id = ANY($2::bpchar[]))
       ORDER BY l.org_id, l.package_id, l.modified_date DESC, l.sfid DESC
     ) x
     WHERE v.org_id = x.org_id AND v.package_id = x.package_id
       AND (v.license_status, v.install_date) IS DISTINCT FROM (x.status, x.install_date)`,
    [today, scope ?? null],
  );
  return rowCount;
}

/**
 * Org status from what is installed: Installed when a package is installed with an Active/Trial
 * license (or, for packages without subscriber data, licensed Active/Trial and not expired);
 * Not Found when every subscriber row of the org is Not Found; otherwise Not Installed.
 */
export async function deriveOrgStatus(
  db: SqlClient,
  today: string,
  scope?: Scope,
): Promise<number> {
  const { rowCount } = await db.query(
    `WITH installed AS (
       SELECT org_id,
         bool_or(status = 'Installed' AND license_status IN ('Active', 'Trial')) AS licensed,
         bool_or(status = 'Installed') AS present
       FROM org_package_version
       WHERE $2::bpchar[] IS NULL OR org_id = ANY($2::bpchar[])
       GROUP BY org_id
     ), licensed_only AS (
       SELECT DISTINCT l.org_id FROM license l
       WHERE l.org_id IS NOT NULL AND ${CURRENT_LICENSE}
         AND ($2::bpchar[] IS NULL OR l.org_id = ANY($2::bpchar[]))
         AND NOT EXISTS (SELECT 1 FROM org_package_version v
                         WHERE v.org_id = l.org_id AND v.package_id = l.package_id)
     ), derived AS (
       SELECT o.org_id,
         CASE WHEN coalesce(i.licensed, false) OR lo.org_id IS NOT NULL THEN 'Installed'
              WHEN i.org_id IS NOT NULL AND NOT i.present THEN 'Not Found'
              ELSE 'Not Installed' END AS status
       FROM org o
       LEFT JOIN installed i ON i.org_id = o.org_id
       LEFT JOIN licensed_only lo ON lo.org_id = o.org_id
       WHERE $2::bpchar[] IS NULL OR o.org_id = ANY($2::bpchar[])
     )
     UPDATE org SET status = derived.status FROM derived
     WHERE org.org_id = derived.org_id AND org.status <> derived.status`,
    [today, scope ?? null],
  );
  return rowCount;
}

/**
 * Account and edition from the org's newest license that names them (many orgs per account);
 * an org without such a license keeps what it had. One pass over the licenses, one write per org.
 */
export async function applyAccountsAndEditions(db: SqlClient, scope?: Scope): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE org o SET account_id = coalesce(x.account_id, o.account_id),
       edition = coalesce(x.edition, o.edition)
     FROM (
       SELECT l.org_id,
         (array_agg(l.account_id ORDER BY l.modified_date DESC, l.sfid DESC)
            FILTER (WHERE a.account_id IS NOT NULL))[1] AS account_id,
         (array_agg(l.edition ORDER BY l.modified_date DESC, l.sfid DESC)
            FILTER (WHERE l.edition IS NOT NULL))[1] AS edition
       FROM license l LEFT JOIN account a ON a.account_id = l.account_id
       WHERE l.org_id IS NOT NULL AND ($1::bpchar[] IS NULL OR l.org_id = ANY($1::bpchar[]))
       GROUP BY l.org_id
     ) x
     WHERE o.org_id = x.org_id
       AND (o.account_id, o.edition) IS DISTINCT FROM
           (coalesce(x.account_id, o.account_id), coalesce(x.edition, o.edition))`,
    [scope ?? null],
  );
  return rowCount;
}

/**
 * Sandboxes take their production parent's account and edition when the parent has them. With a
 * scope, the sandboxes of scoped parents are included: a parent's change reaches its sandboxes.
 */
export async function inheritFromParents(db: SqlClient, scope?: Scope): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE org s SET account_id = coalesce(p.account_id, s.account_id),
       edition = coalesce(p.edition, s.edition)
     FROM org p
     WHERE s.is_sandbox AND s.parent_org_id = p.org_id
       AND ($1::bpchar[] IS NULL OR s.org_id = ANY($1::bpchar[]) OR p.org_id = ANY($1::bpchar[]))
       AND (s.account_id, s.edition) IS DISTINCT FROM
           (coalesce(p.account_id, s.account_id), coalesce(p.edition, s.edition))`,
    [scope ?? null],
  );
  return rowCount;
}

/**
 * Orgs whose Active/Trial license has passed its expiration date: the calendar alone changes
 * their license status, so an incremental run derives them even when no record changed.
 * `since` is the day every org was last derived on: licenses that lapsed before it were derived
 * as Expired then, so only those expiring in [since, today) are looked at (a million licenses
 * need not be probed every five minutes).
 */
export async function findOrgsWithLapsedLicenses(
  db: SqlClient,
  today: string,
  since?: string,
): Promise<string[]> {
  const { rows } = await db.query<{ org_id: string }>(
    `SELECT DISTINCT l.org_id FROM license l
     WHERE l.org_id IS NOT NULL AND l.status IN ('Active', 'Trial') AND l.expiration < $1::date
       AND ($2::date IS NULL OR l.expiration >= $2::date)
       AND (EXISTS (SELECT 1 FROM org_package_version v
                    WHERE v.org_id = l.org_id AND v.package_id = l.package_id
                      AND v.license_status IN ('Active', 'Trial'))
            OR EXISTS (SELECT 1 FROM org o WHERE o.org_id = l.org_id AND o.status = 'Installed'))`,
    [today, since ?? null],
  );
  return rows.map((row) => row.org_id);
}

/** Orgs whose licenses name one of these accounts. */
export async function findOrgsOfAccounts(
  db: SqlClient,
  accountIds: readonly string[],
): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const { rows } = await db.query<{ org_id: string }>(
    `SELECT DISTINCT org_id FROM license
     WHERE org_id IS NOT NULL AND account_id = ANY($1::bpchar[])`,
    [accountIds],
  );
  return rows.map((row) => row.org_id);
}

export interface UploadOrgRow {
  org_id: string;
  account_name: string | null;
  type: string | null;
  edition: string | null;
  instance: string | null;
}

/** Every org with its account name, in org id order (what Upload Orgs sends). */
export async function listOrgsForUpload(db: SqlClient): Promise<UploadOrgRow[]> {
  const { rows } = await db.query<UploadOrgRow>(
    `SELECT o.org_id, a.account_name, o.type, o.edition, o.instance
     FROM org o LEFT JOIN account a ON a.account_id = o.account_id
     ORDER BY o.org_id`,
  );
  return rows;
}

/** The member org ids of a group, or undefined when there is no such group. */
export async function findGroupOrgIds(
  db: SqlClient,
  groupId: number,
): Promise<string[] | undefined> {
  const { rows } = await db.query<{ org_id: string | null }>(
    `SELECT m.org_id FROM org_group g
     LEFT JOIN org_group_member m ON m.org_group_id = g.id
     WHERE g.id = $1 ORDER BY m.org_id`,
    [groupId],
  );
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) => (row.org_id ? [row.org_id] : []));
}
