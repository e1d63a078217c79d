import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { JOB_STATUSES, UPGRADE_STATUSES } from '../../../domain/statuses';
import { sfId } from './ids';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const id = (name: string) => bigint(name, { mode: 'number' });

const pushStatuses = JOB_STATUSES;
const upgradeStatuses = UPGRADE_STATUSES;

export const upgrade = pgTable('upgrade', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  description: text('description').notNull(),
  status: text('status', { enum: upgradeStatuses }).notNull().default('Ready'),
  startTime: ts('start_time').notNull(),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  activatedBy: text('activated_by'),
  activatedDate: ts('activated_date'),
  comment: text('comment'),
  message: text('message'),
  orgGroupId: id('org_group_id'),
  parentId: id('parent_id'),
  transid: text('transid').unique(),
});

export const upgradeItem = pgTable('upgrade_item', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  upgradeId: id('upgrade_id').notNull(),
  pushRequestId: sfId('push_request_id').unique(),
  packageOrgId: sfId('package_org_id').notNull(),
  packageId: sfId('package_id'),
  versionId: sfId('version_id').notNull(),
  status: text('status', { enum: pushStatuses }).notNull().default('Created'),
  scheduledStartTime: ts('scheduled_start_time').notNull(),
  totalJobCount: integer('total_job_count').notNull().default(0),
  createdBy: text('created_by'),
  activatedBy: text('activated_by'),
  activatedDate: ts('activated_date'),
  startTime: ts('start_time'),
  endTime: ts('end_time'),
  duration: integer('duration'),
  message: text('message'),
  /** The monitor's watermark: newest PackagePushJob SystemModstamp seen for this request. */
  jobsModstamp: ts('jobs_modstamp'),
  /** An activation asked of Salesforce whose outcome is not written yet (crash recovery). */
  activationRequestedAt: ts('activation_requested_at'),
  activationRequestedBy: text('activation_requested_by'),
});

export const upgradeJob = pgTable('upgrade_job', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  upgradeId: id('upgrade_id').notNull(),
  itemId: id('item_id').notNull(),
  pushRequestId: sfId('push_request_id'),
  jobId: sfId('job_id').unique(),
  orgId: sfId('org_id').notNull(),
  originalVersionId: sfId('original_version_id'),
  status: text('status', { enum: pushStatuses }).notNull(),
  message: text('message'),
  startTime: ts('start_time'),
  endTime: ts('end_time'),
  duration: integer('duration'),
  modifiedDate: ts('modified_date').notNull().defaultNow(),
});

export const upgradeBlacklist = pgTable(
  'upgrade_blacklist',
  {
    upgradeId: id('upgrade_id').notNull(),
    orgId: sfId('org_id').notNull(),
    reason: text('reason'),
  },
  (table) => [primaryKey({ columns: [table.upgradeId, table.orgId] })],
);
