// package_adoption and package_version_daily: the orgs per package version, counted at the end of
// every fetch (docs/architecture.md "Adoption counts"), and read by the home page and a package's
// adoption.
import type { SqlClient } from '../database';

/**
 * Counts the installs again, by package, version, environment, edition and location, replacing
 * the previous counts, and writes `day`'s version counts (the day's earlier fetch is replaced, not
 * added to). One pass over the installs; run it in a transaction so readers see the old counts or
 * the new ones. Answers how many rows of counts it wrote.
 */
export async function countAdoption(
  db: SqlClient,
  day: string,
): Promise<{ counts: number; versions: number }> {
  await db.query(`DELETE FROM package_adoption`);
  const counted = await db.query(
    `INSERT INTO package_adoption
       (package_id, version_id, environment, edition, location, org_count, counted_at)
     SELECT ov.package_id, ov.version_id, coalesce(i.environment, ''), coalesce(o.edition, ''),
            coalesce(i.location, ''), count(*), now()
     FROM org_package_version ov
     JOIN org o ON o.org_id = ov.org_id
     LEFT JOIN instance i ON i.key = o.instance
     WHERE ov.status = 'Installed'
     GROUP BY 1, 2, 3, 4, 5`,
  );
  // A version nobody runs any more that day loses its row rather than keeping an old count.
  await db.query(
    `DELETE FROM package_version_daily d WHERE d.day = $1::date
       AND NOT EXISTS (SELECT 1 FROM package_adoption a
                       WHERE a.package_id = d.package_id AND a.version_id = d.version_id)`,
    [day],
  );
  const daily = await db.query(
    `INSERT INTO package_version_daily (package_id, day, version_id, org_count)
     SELECT package_id, $1::date, version_id, sum(org_count)::int
     FROM package_adoption GROUP BY package_id, version_id
     ON CONFLICT (package_id, day, version_id) DO UPDATE SET org_count = EXCLUDED.org_count`,
    [day],
  );
  return { counts: counted.rowCount, versions: daily.rowCount };
}

export interface AdoptionCountRow {
  version_id: string;
  environment: string;
  edition: string;
  location: string;
  org_count: number;
}

/** One package's counts as the last fetch left them, and when they were counted. */
export async function readPackageAdoption(
  db: SqlClient,
  packageId: string,
): Promise<{ rows: AdoptionCountRow[]; countedAt: string | null }> {
  const { rows } = await db.query<AdoptionCountRow & { counted_at: Date | string }>(
    `SELECT version_id, environment, edition, location, org_count, counted_at
     FROM package_adoption WHERE package_id = $1`,
    [packageId],
  );
  const countedAt = rows[0] ? new Date(rows[0].counted_at).toISOString() : null;
  return {
    rows: rows.map(({ counted_at: _, ...row }) => ({ ...row, org_count: Number(row.org_count) })),
    countedAt,
  };
}

export interface AdoptionDayRow {
  day: string;
  version_id: string;
  version_number: string;
  org_count: number;
}

/** A package's version counts per day since `fromDay` (inclusive), oldest first. */
export async function readAdoptionHistory(
  db: SqlClient,
  packageId: string,
  fromDay: string,
): Promise<AdoptionDayRow[]> {
  const { rows } = await db.query<AdoptionDayRow>(
    `SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.version_id,
            coalesce(v.version_number, d.version_id) AS version_number, d.org_count
     FROM package_version_daily d
     LEFT JOIN package_version v ON v.version_id = d.version_id
     WHERE d.package_id = $1 AND d.day >= $2::date
     ORDER BY d.day, v.version_sort NULLS FIRST`,
    [packageId, fromDay],
  );
  return rows.map((row) => ({ ...row, org_count: Number(row.org_count) }));
}

export interface PackageAdoptionTotal {
  package_id: string;
  name: string;
  latest_version_id: string | null;
  latest_version_number: string | null;
  orgs: number;
  on_latest: number;
}

/** Per package, its orgs and those on its latest version, from the last fetch's counts. */
export async function readAdoptionTotals(
  db: SqlClient,
): Promise<{ packages: PackageAdoptionTotal[]; countedAt: string | null }> {
  const { rows } = await db.query<PackageAdoptionTotal & { counted_at: Date | string | null }>(
    `SELECT p.sfid AS package_id, p.name, lt.version_id AS latest_version_id,
            lt.version_number AS latest_version_number,
            coalesce(sum(a.org_count), 0)::int AS orgs,
            coalesce(sum(a.org_count) FILTER (WHERE a.version_id = lt.version_id), 0)::int
              AS on_latest,
            max(a.counted_at) AS counted_at
     FROM package p
     LEFT JOIN package_version_latest lt ON lt.package_id = p.sfid
     LEFT JOIN package_adoption a ON a.package_id = p.sfid
     GROUP BY p.sfid, p.name, lt.version_id, lt.version_number, p.dependency_tier
     ORDER BY p.dependency_tier NULLS LAST, p.name`,
  );
  const stamps = rows.flatMap((row) =>
    row.counted_at ? [new Date(row.counted_at).getTime()] : [],
  );
  return {
    packages: rows.map(({ counted_at: _, ...row }) => ({
      ...row,
      package_id: row.package_id.trim(),
      latest_version_id: row.latest_version_id?.trim() ?? null,
    })),
    countedAt: stamps.length ? new Date(Math.max(...stamps)).toISOString() : null,
  };
}

export interface VersionOrderRow {
  version_id: string;
  version_number: string;
  status: string | null;
}

/** A package's versions, oldest first (version_sort is the version order). */
export async function readVersionOrder(
  db: SqlClient,
  packageId: string,
): Promise<VersionOrderRow[]> {
  const { rows } = await db.query<VersionOrderRow>(
    `SELECT version_id, version_number, status FROM package_version
     WHERE package_id = $1 ORDER BY version_sort`,
    [packageId],
  );
  return rows;
}

/**
 * Moves the adoption counts of orgs whose push just succeeded from the version they had to the
 * one pushed (docs/architecture.md "Adoption counts"), so a package's Adoption tab follows an
 * upgrade as it runs instead of waiting for the next fetch. Call in the transaction that records
 * the new versions, with what each org had before (an org not counted before, e.g. Uninstalled,
 * is only added). The daily history is left to the fetch.
 */
export async function shiftAdoption(
  tx: SqlClient,
  moves: readonly { orgId: string; packageId: string; from: string | null; to: string }[],
): Promise<void> {
  if (moves.length === 0) return;
  await tx.query(
    `WITH moved AS (
       SELECT m.package_id, m.from_version, m.to_version, coalesce(i.environment, '') AS environment,
              coalesce(o.edition, '') AS edition, coalesce(i.location, '') AS location
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
              AS m(org_id, package_id, from_version, to_version)
         JOIN org o ON o.org_id = m.org_id::sf_org_id
         LEFT JOIN instance i ON i.key = o.instance),
     deltas AS (
       SELECT package_id, version, environment, edition, location, sum(delta)::int AS delta
         FROM (SELECT package_id, from_version AS version, environment, edition, location, -1 AS delta
                 FROM moved WHERE from_version IS NOT NULL
               UNION ALL
               SELECT package_id, to_version, environment, edition, location, 1 FROM moved) d
        GROUP BY 1, 2, 3, 4, 5 HAVING sum(delta) <> 0),
     gone AS (
       DELETE FROM package_adoption a USING deltas d
        WHERE a.package_id = d.package_id AND a.version_id = d.version
          AND a.environment = d.environment AND a.edition = d.edition AND a.location = d.location
          AND a.org_count + d.delta <= 0
       RETURNING a.package_id, a.version_id, a.environment, a.edition, a.location),
     changed AS (
       UPDATE package_adoption a SET org_count = a.org_count + d.delta, counted_at = now()
         FROM deltas d
        WHERE a.package_id = d.package_id AND a.version_id = d.version
          AND a.environment = d.environment AND a.edition = d.edition AND a.location = d.location
          AND a.org_count + d.delta > 0
       RETURNING a.package_id)
     INSERT INTO package_adoption
       (package_id, version_id, environment, edition, location, org_count, counted_at)
     SELECT d.package_id, d.version, d.environment, d.edition, d.location, d.delta, now()
       FROM deltas d
      WHERE d.delta > 0
        AND NOT EXISTS (SELECT 1 FROM package_adoption a
                         WHERE a.package_id = d.package_id AND a.version_id = d.version
                           AND a.environment = d.environment AND a.edition = d.edition
                           AND a.location = d.location)`,
    [
      moves.map((m) => m.orgId),
      moves.map((m) => m.packageId),
      moves.map((m) => m.from),
      moves.map((m) => m.to),
    ],
  );
}
