// Failure clusters (docs/product.md "Failure clusters"): an upgrade's (or one request's) Failed
// jobs grouped by their normalised error, and a package's recurring ones across its upgrades. The
// grouping is SQL over upgrade_job.failure_key; what a cluster says (its errors) is the domain's
// normalisation of one of its messages. Jobs without a key (failed before keys were written) get
// theirs here first, once.
import { failureItems, failureKey } from '../../../domain/failure-clusters';
import type { FailureClusters, PackageFailureCluster } from '../../../domain/api/failure-clusters';
import type { SqlClient } from '../../db/database';
import {
  findClusterBreakdown,
  findClusters,
  findClusterSamples,
  findJobMessages,
  findPackageClusters,
  findUnkeyedFailures,
  writeFailureKeys,
  type ClusterScope,
} from '../../db/repositories/upgrades/failure-clusters';
import { findRequestUpgradeId } from '../../db/repositories/upgrades/requests';
import { upgradeExists } from '../../db/repositories/upgrades/upgrades';
import { NotFoundError } from '../../errors';

/** The largest clusters a screen lists. */
export const CLUSTER_LIMIT = 50;
const SAMPLE_ORGS = 3;
const TOP_VALUES = 3;
const KEYS_PER_WRITE = 5_000;

/** Gives every Failed job of the upgrade (or of the package's upgrades) its cluster key. */
export async function fillFailureKeys(
  db: SqlClient,
  target: { upgradeId: number } | { packageId: string },
): Promise<void> {
  for (;;) {
    const rows = await findUnkeyedFailures(db, target, KEYS_PER_WRITE);
    await writeFailureKeys(
      db,
      rows.map((r) => ({ id: r.id, key: failureKey(r.message) })),
    );
    if (rows.length < KEYS_PER_WRITE) return;
  }
}

/** 404 for an unknown upgrade, or a request that is not one of its own. */
export async function requireClusterScope(db: SqlClient, scope: ClusterScope): Promise<void> {
  if (!(await upgradeExists(db, scope.upgradeId))) {
    throw new NotFoundError(`No upgrade ${scope.upgradeId}.`);
  }
  if (
    scope.itemId !== undefined &&
    (await findRequestUpgradeId(db, scope.itemId)) !== scope.upgradeId
  ) {
    throw new NotFoundError(`No request ${scope.itemId} in upgrade ${scope.upgradeId}.`);
  }
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

async function errorsOf(db: SqlClient, sampleJobIds: readonly number[]) {
  const messages = await findJobMessages(db, sampleJobIds);
  return (id: number) => failureItems(messages.get(id) ?? null);
}

/** GET /api/upgrades/:id/failure-clusters. */
export async function upgradeFailureClusters(
  db: SqlClient,
  scope: ClusterScope,
): Promise<FailureClusters> {
  await requireClusterScope(db, scope);
  await fillFailureKeys(db, { upgradeId: scope.upgradeId });
  const { clusters, failed, clusterCount } = await findClusters(db, scope, CLUSTER_LIMIT);
  const keys = clusters.map((c) => c.key);
  const [breakdown, samples, errors] = [
    await findClusterBreakdown(db, scope, keys),
    await findClusterSamples(db, scope, keys, SAMPLE_ORGS),
    await errorsOf(
      db,
      clusters.map((c) => c.sample_job_id),
    ),
  ];
  const top = (key: string, kind: string) =>
    breakdown
      .filter((r) => r.key === key && r.kind === kind)
      .slice(0, TOP_VALUES)
      .map((r) => ({ value: r.value, count: r.count }));
  return {
    failed,
    cluster_count: clusterCount,
    clusters: clusters.map((c) => ({
      key: c.key,
      errors: errors(c.sample_job_id),
      count: c.count,
      share: failed > 0 ? c.count / failed : 0,
      orgs: c.orgs,
      sample_orgs: samples
        .filter((s) => s.key === c.key)
        .map((s) => ({ org_id: s.org_id, name: s.org_name })),
      editions: top(c.key, 'edition'),
      instances: top(c.key, 'instance'),
      first_seen: iso(c.first_seen),
      last_seen: iso(c.last_seen),
    })),
  };
}

/** GET /api/packages/:packageId/failure-clusters: Recurring failures on Package detail. */
export async function packageFailureClusters(
  db: SqlClient,
  packageId: string,
): Promise<PackageFailureCluster[]> {
  await fillFailureKeys(db, { packageId });
  const clusters = await findPackageClusters(db, packageId, CLUSTER_LIMIT);
  const errors = await errorsOf(
    db,
    clusters.map((c) => c.sample_job_id),
  );
  return clusters.map((c) => ({
    key: c.key,
    errors: errors(c.sample_job_id),
    upgrades: c.upgrades,
    orgs: c.orgs,
    jobs: c.jobs,
    last_seen: iso(c.last_seen),
    last_upgrade_id: c.last_upgrade_id,
  }));
}
