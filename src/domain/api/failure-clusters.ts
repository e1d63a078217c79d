// The failure clusters of an upgrade, a request or a package (docs/product.md "Failure clusters";
// docs/api.md "Failure clusters"), and the bodies of the per-cluster actions.
import { z } from 'zod';
import { failureKeySchema } from '../failure-clusters';
import { isoTime, numericId } from './common';

export const failureItemSchema = z.object({
  type: z.string().nullable(),
  title: z.string().nullable(),
  message: z.string(),
});

const countedValueSchema = z.object({ value: z.string().nullable(), count: z.number().int() });

export const failureClusterSchema = z.object({
  key: z.string(),
  /** The normalised errors the cluster's jobs share (ids, numbers and quoted names replaced). */
  errors: z.array(failureItemSchema),
  count: z.number().int(),
  /** The cluster's share of the failed jobs, 0 to 1. */
  share: z.number(),
  orgs: z.number().int(),
  sample_orgs: z.array(z.object({ org_id: z.string(), name: z.string().nullable() })),
  /** The editions and instances most affected, most jobs first. */
  editions: z.array(countedValueSchema),
  instances: z.array(countedValueSchema),
  first_seen: isoTime,
  last_seen: isoTime,
});
export type FailureCluster = z.infer<typeof failureClusterSchema>;

export const failureClustersSchema = z.object({
  /** Failed jobs in the scope. */
  failed: z.number().int(),
  /** Clusters in the scope (the list shows the largest 50). */
  cluster_count: z.number().int(),
  clusters: z.array(failureClusterSchema),
});
export type FailureClusters = z.infer<typeof failureClustersSchema>;

/** GET /api/upgrades/{id}/failure-clusters: optionally one request's failed jobs only. */
export const failureClusterQuerySchema = z.object({ itemId: numericId.optional() });

export const packageFailureClusterSchema = z.object({
  key: z.string(),
  errors: z.array(failureItemSchema),
  /** Upgrades with at least one job in the cluster. */
  upgrades: z.number().int(),
  orgs: z.number().int(),
  jobs: z.number().int(),
  last_seen: isoTime,
  /** The newest upgrade the cluster hit. */
  last_upgrade_id: z.number().int(),
});
export type PackageFailureCluster = z.infer<typeof packageFailureClusterSchema>;

const clusterTargetShape = {
  key: failureKeySchema,
  /** One request's jobs of the cluster only (Upgrade request detail). */
  itemId: numericId.optional(),
};

export const retryClusterSchema = z.object(clusterTargetShape);
export type RetryClusterInput = z.infer<typeof retryClusterSchema>;

export const blacklistClusterSchema = z.object({
  ...clusterTargetShape,
  groupId: numericId,
  reason: z
    .string()
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
});
export type BlacklistClusterInput = z.infer<typeof blacklistClusterSchema>;
