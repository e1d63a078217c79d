// Read shapes of upgrades, their requests (items) and jobs (docs/product.md "Entities and fields"),
// as the list screens show them. The upgrade engine and its own screens build on these.
import { z } from 'zod';
import { column, type ListDefinition } from './list-columns';
import { isoTime, nullableText, numericId, orgIdParam, salesforceId } from './common';
import { JOB_STATUSES, UPGRADE_ITEM_STATUSES, UPGRADE_STATUSES } from '../statuses';
import { failureKeySchema } from '../failure-clusters';

export const upgradeSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  status: z.string(),
  /** The status its requests roll up to ('Complete'); null when it has none. */
  item_status: z.enum(UPGRADE_ITEM_STATUSES).nullable(),
  total_job_count: z.number().int(),
  start_time: isoTime,
  created_by: nullableText,
  activated_by: nullableText,
  activated_date: isoTime,
  comment: nullableText,
  org_group_id: z.number().int().nullable(),
  parent_id: z.number().int().nullable(),
});
export type Upgrade = z.infer<typeof upgradeSchema>;

export const UPGRADE_LIST: ListDefinition = {
  key: 'UpgradeList',
  rowKey: 'id',
  columns: [
    column('id', 'Number', 'number'),
    column('description', 'Description'),
    column('total_job_count', 'Job Count', 'number'),
    column('status', 'Status', 'enum', { values: UPGRADE_STATUSES }),
    column('start_time', 'Scheduled Start', 'datetime'),
    column('created_by', 'Created By'),
    column('activated_by', 'Activated By'),
    column('activated_date', 'Activated On', 'datetime'),
  ],
  defaultSort: [{ id: 'start_time', desc: true }],
};

const jobCounts = {
  eligible_job_count: z.number().int(),
  failed_job_count: z.number().int(),
  invalid_job_count: z.number().int(),
  canceled_job_count: z.number().int(),
  pending_job_count: z.number().int(),
  inprogress_job_count: z.number().int(),
  succeeded_job_count: z.number().int(),
  created_job_count: z.number().int(),
};

export const upgradeItemSchema = z.object({
  id: z.number().int(),
  upgrade_id: z.number().int(),
  description: z.string(),
  scheduled_start_time: isoTime,
  package_name: nullableText,
  package_id: nullableText,
  package_org_id: z.string(),
  version_number: nullableText,
  version_id: z.string(),
  job_count: z.number().int(),
  total_job_count: z.number().int(),
  start_time: isoTime,
  end_time: isoTime,
  duration: z.number().int().nullable(),
  status: z.string(),
  /** What its Status column shows and filters on: the status, 'Scheduling', 'Ineligible' or
   * 'Complete with N failure(s)' (requestStatusName). */
  status_name: z.string(),
  created_by: nullableText,
  activated_by: nullableText,
  activated_date: isoTime,
  ...jobCounts,
});
export type UpgradeItem = z.infer<typeof upgradeItemSchema>;

export const UPGRADE_ITEM_LIST: ListDefinition = {
  key: 'UpgradeItemCard',
  rowKey: 'id',
  columns: [
    column('upgrade_id', 'Upgrade', 'number'),
    column('description', 'Description'),
    column('package_name', 'Package'),
    column('version_number', 'Version', 'version'),
    column('scheduled_start_time', 'Scheduled Start', 'datetime'),
    column('total_job_count', 'Jobs', 'number'),
    // The status name the column shows ('Complete with 2 failures'), so a filter matches it.
    column('status', 'Status', 'text', { field: 'status_name' }),
    column('created_by', 'Created By'),
  ],
  defaultSort: [{ id: 'scheduled_start_time', desc: true }],
};

export const upgradeJobSchema = z.object({
  id: z.number().int(),
  upgrade_id: z.number().int(),
  item_id: z.number().int(),
  org_id: z.string(),
  org_name: nullableText,
  instance: nullableText,
  environment: nullableText,
  location: nullableText,
  account_name: nullableText,
  package_name: nullableText,
  package_id: nullableText,
  original_version_number: nullableText,
  original_version_id: nullableText,
  current_version_number: nullableText,
  current_version_id: nullableText,
  version_number: nullableText,
  version_id: z.string(),
  start_time: isoTime,
  end_time: isoTime,
  duration: z.number().int().nullable(),
  status: z.enum(JOB_STATUSES),
  message: nullableText,
  modified_date: isoTime,
});
export type UpgradeJob = z.infer<typeof upgradeJobSchema>;

/** Org detail's Upgrade Jobs tab. */
export const ORG_JOB_LIST: ListDefinition = {
  key: 'OrgJobCard',
  rowKey: 'id',
  columns: [
    column('upgrade_id', 'Upgrade', 'number'),
    column('package_name', 'Package'),
    column('original_version_number', 'Original', 'version'),
    column('current_version_number', 'Current', 'version'),
    column('version_number', 'Target', 'version'),
    column('start_time', 'Start', 'datetime'),
    column('end_time', 'End', 'datetime'),
    column('duration', 'Duration', 'number'),
    column('status', 'Status', 'enum', { values: JOB_STATUSES }),
  ],
  defaultSort: [{ id: 'start_time', desc: true }],
};

/** GET /api/upgradeitems: the requests of an upgrade, a package or a packaging org. */
export const upgradeItemQuerySchema = z.object({
  upgradeId: numericId.optional(),
  packageId: salesforceId(null, 'a package id').optional(),
  packageOrgId: orgIdParam.optional(),
});

/** GET /api/upgradejobs: the jobs of an upgrade, a request or an org. */
export const upgradeJobQuerySchema = z.object({
  upgradeId: numericId.optional(),
  itemId: numericId.optional(),
  orgId: orgIdParam.optional(),
});

/** GET /api/upgrades: every upgrade, or those of a group. */
export const upgradeQuerySchema = z.object({ groupId: numericId.optional() });

/**
 * The Upgrade detail's Jobs tab (GET /api/upgrades/{id}/jobs, server-paged: an upgrade may have
 * 30 000 jobs), also the Request detail's jobs table with `itemId`
 * (docs/product.md "Upgrade detail" and "Upgrade request detail").
 */
export const UPGRADE_JOB_LIST: ListDefinition = {
  key: 'UpgradeJobList',
  rowKey: 'id',
  columns: [
    column('org_id', 'Org ID'),
    column('org_name', 'Org Name'),
    column('instance', 'Instance'),
    column('environment', 'Environment'),
    column('location', 'Location'),
    column('account_name', 'Account'),
    column('package_name', 'Package'),
    column('original_version_number', 'Original', 'version'),
    column('current_version_number', 'Current', 'version'),
    column('version_number', 'Target', 'version'),
    column('start_time', 'Start', 'datetime'),
    column('end_time', 'End', 'datetime'),
    column('duration', 'Duration', 'number'),
    column('status', 'Status', 'enum', { values: JOB_STATUSES }),
    column('message', 'Message'),
  ],
  defaultSort: [{ id: 'org_id', desc: false }],
};

/** The Request detail's jobs table: the same columns, its own saved filters and remembered state. */
export const UPGRADE_ITEM_JOB_LIST: ListDefinition = {
  ...UPGRADE_JOB_LIST,
  key: 'UpgradeItemJobList',
};

/**
 * GET /api/upgrades/{id}/jobs: optionally one request's jobs only, or one failure cluster's
 * (failureKey: its Failed jobs; the cluster's Export, docs/product.md "Failure clusters").
 */
export const upgradeJobListQueryShape = {
  itemId: numericId.optional(),
  failureKey: failureKeySchema.optional(),
};

/** An org an upgrade left out, and why (the upgrade's Blacklist tab). */
export const upgradeBlacklistRowSchema = z.object({
  org_id: z.string(),
  org_name: nullableText,
  account_name: nullableText,
  reason: nullableText,
});
export type UpgradeBlacklistRow = z.infer<typeof upgradeBlacklistRowSchema>;

export const UPGRADE_BLACKLIST_LIST: ListDefinition = {
  key: 'UpgradeBlacklistList',
  rowKey: 'org_id',
  columns: [
    column('org_id', 'Org ID'),
    column('org_name', 'Org Name'),
    column('account_name', 'Account'),
    column('reason', 'Reason'),
  ],
  defaultSort: [{ id: 'org_id', desc: false }],
};
