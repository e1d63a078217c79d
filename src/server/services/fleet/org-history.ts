// An org's history (docs/product.md "Org detail"): the versions of each package it ran and since
// when, from its install dates and its push jobs (the version a job found, the version a
// successful one left), and every upgrade that had a job for it.
import type { OrgHistory } from '../../../domain/api/fleet';
import type { SqlClient } from '../../db/database';
import { readOrgInstalls, readOrgUpgradeJobs } from '../../db/repositories/fleet-reads';
import { findOrg } from '../../db/repositories/org-reads';
import { NotFoundError } from '../../errors';

type VersionChange = OrgHistory['versions'][number];

export async function orgHistory(db: SqlClient, orgId: string): Promise<OrgHistory> {
  if (!(await findOrg(db, orgId))) throw new NotFoundError(`No org ${orgId}.`);
  const [installs, jobs] = await Promise.all([
    readOrgInstalls(db, orgId),
    readOrgUpgradeJobs(db, orgId),
  ]);
  const changes: VersionChange[] = [];
  for (const install of installs) {
    changes.push({
      package_id: install.package_id,
      package_name: install.package_name,
      version_number: install.version_number,
      since: install.install_date,
      source: 'install',
      upgrade_id: null,
    });
  }
  for (const job of jobs) {
    if (!job.package_id || !job.package_name) continue;
    if (job.from_version_number) {
      changes.push({
        package_id: job.package_id,
        package_name: job.package_name,
        version_number: job.from_version_number,
        since: null,
        source: 'before',
        upgrade_id: job.upgrade_id,
      });
    }
    if (job.status === 'Succeeded' && job.to_version_number) {
      changes.push({
        package_id: job.package_id,
        package_name: job.package_name,
        version_number: job.to_version_number,
        since: job.end_time ?? job.start_time,
        source: 'upgrade',
        upgrade_id: job.upgrade_id,
      });
    }
  }
  // Per package, oldest first; a version known only as what a job found comes before that job.
  const at = (c: VersionChange) => (c.since ? Date.parse(c.since) : -Infinity);
  changes.sort((a, b) => a.package_name.localeCompare(b.package_name) || at(a) - at(b));
  return { org_id: orgId, versions: dedupe(changes), upgrades: jobs };
}

/** One entry per package and version, keeping the one that says when it began. */
function dedupe(changes: readonly VersionChange[]): VersionChange[] {
  const seen = new Map<string, VersionChange>();
  for (const change of changes) {
    const key = `${change.package_id}|${change.version_number}|${change.source === 'upgrade' ? change.since : ''}`;
    const before = seen.get(key);
    if (!before || (!before.since && change.since)) seen.set(key, change);
  }
  return [...seen.values()];
}
