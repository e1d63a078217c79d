// A package's adoption (docs/product.md "Package detail"): orgs per version, the shares on the
// latest version and on versions N or more behind it, by environment, edition and location, and
// the version counts of the last 90 days. All from the counts the last fetch kept
// (docs/architecture.md "Adoption counts"), so the read costs the same at any fleet size.
import {
  ADOPTION_HISTORY_DAYS,
  type AdoptionShare,
  type PackageAdoption,
} from '../../../domain/api/fleet';
import type { SqlClient } from '../../db/database';
import {
  readAdoptionHistory,
  readPackageAdoption,
  readVersionOrder,
  type AdoptionCountRow,
} from '../../db/repositories/adoption';
import { findPackage } from '../../db/repositories/package-reads';
import { NotFoundError } from '../../errors';

type Dimension = 'environment' | 'edition' | 'location';

/** Orgs, on the latest, and N+ behind per value of one dimension, most orgs first. */
function sharesBy(
  rows: readonly AdoptionCountRow[],
  dimension: Dimension,
  behindOf: (versionId: string) => number,
  n: number,
): AdoptionShare[] {
  const shares = new Map<string, AdoptionShare>();
  for (const row of rows) {
    const value = row[dimension] || 'Unknown';
    const share = shares.get(value) ?? { value, orgs: 0, on_latest: 0, behind: 0 };
    const behind = behindOf(row.version_id);
    share.orgs += row.org_count;
    if (behind === 0) share.on_latest += row.org_count;
    if (behind >= n) share.behind += row.org_count;
    shares.set(value, share);
  }
  return [...shares.values()].sort((a, b) => b.orgs - a.orgs || a.value.localeCompare(b.value));
}

export async function packageAdoption(
  db: SqlClient,
  packageId: string,
  behind: number,
  now: Date,
): Promise<PackageAdoption> {
  const found = await findPackage(db, packageId);
  if (!found) throw new NotFoundError(`No package ${packageId}.`);
  const fromDay = new Date(now.getTime() - (ADOPTION_HISTORY_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const [{ rows, countedAt }, olderFirst, history] = await Promise.all([
    readPackageAdoption(db, packageId),
    readVersionOrder(db, packageId),
    readAdoptionHistory(db, packageId, fromDay),
  ]);
  const latestId = found.latest_version_id ?? null;
  // How many of the package's versions lie between a version and the latest; a version at or
  // above the latest (a newer limited release) is not behind.
  const latestAt = olderFirst.findIndex((v) => v.version_id === latestId);
  const latestIndex = latestAt >= 0 ? latestAt : olderFirst.length - 1;
  const behindById = new Map(
    olderFirst.map((v, i) => [v.version_id, Math.max(0, latestIndex - i)] as const),
  );
  const behindOf = (versionId: string) => behindById.get(versionId) ?? 0;
  const orgsByVersion = new Map<string, number>();
  for (const row of rows)
    orgsByVersion.set(row.version_id, (orgsByVersion.get(row.version_id) ?? 0) + row.org_count);
  const total = sharesBy(rows, 'environment', behindOf, behind).reduce(
    (sum, s) => ({
      orgs: sum.orgs + s.orgs,
      on_latest: sum.on_latest + s.on_latest,
      behind: sum.behind + s.behind,
    }),
    { orgs: 0, on_latest: 0, behind: 0 },
  );
  return {
    package_id: packageId,
    counted_at: countedAt,
    latest_version_id: latestId,
    latest_version_number: found.latest_version_number ?? null,
    behind,
    orgs: total.orgs,
    on_latest: total.on_latest,
    behind_count: total.behind,
    versions: olderFirst
      .filter((v) => (orgsByVersion.get(v.version_id) ?? 0) > 0)
      .map((v) => ({
        version_id: v.version_id,
        version_number: v.version_number,
        status: v.status,
        orgs: orgsByVersion.get(v.version_id) ?? 0,
        behind: behindOf(v.version_id),
      })),
    by_environment: sharesBy(rows, 'environment', behindOf, behind),
    by_edition: sharesBy(rows, 'edition', behindOf, behind),
    by_location: sharesBy(rows, 'location', behindOf, behind),
    history: history.map((h) => ({
      day: h.day,
      version_id: h.version_id,
      version_number: h.version_number,
      orgs: h.org_count,
    })),
  };
}
