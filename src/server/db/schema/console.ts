// Tables of the console itself: saved filters, background jobs, sessions and the audit log.
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sfId } from './ids';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const savedFilter = pgTable('saved_filter', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  listKey: text('list_key').notNull(),
  name: text('name').notNull(),
  query: jsonb('query').notNull(),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const adminJobStatuses = ['Queued', 'Running', 'Complete', 'Failed', 'Cancelled'] as const;

export const adminJob = pgTable('admin_job', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  status: text('status', { enum: adminJobStatuses }).notNull().default('Queued'),
  message: text('message'),
  stepIndex: integer('step_index').notNull().default(0),
  stepCount: integer('step_count').notNull().default(0),
  startTime: ts('start_time'),
  modifiedDate: ts('modified_date').notNull().defaultNow(),
  endTime: ts('end_time'),
  canceled: boolean('canceled').notNull().default(false),
  errors: jsonb('errors').notNull().default([]),
  results: jsonb('results').notNull().default([]),
  intervalMs: bigint('interval_ms', { mode: 'number' }),
  params: jsonb('params').notNull().default({}),
  startedBy: text('started_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  workerId: text('worker_id'),
  heartbeatAt: ts('heartbeat_at'),
});

/** The last time slot each schedule fired (JOB_SCHEDULES fire once across processes). */
export const jobSchedule = pgTable('job_schedule', {
  key: text('key').primaryKey(),
  lastSlot: bigint('last_slot', { mode: 'number' }).notNull(),
  firedAt: ts('fired_at').notNull().defaultNow(),
});

export const session = pgTable('session', {
  idHash: text('id_hash').primaryKey(),
  username: text('username').notNull(),
  displayName: text('display_name'),
  userId: sfId('user_id'),
  orgId: sfId('org_id'),
  readOnly: boolean('read_only').notNull().default(true),
  authMethod: text('auth_method', { enum: ['salesforce', 'admin-key'] }).notNull(),
  instanceUrl: text('instance_url'),
  accessTokenEnc: text('access_token_enc'),
  refreshTokenEnc: text('refresh_token_enc'),
  csrfToken: text('csrf_token').notNull(),
  permissionsCheckedAt: ts('permissions_checked_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
});

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: ts('at').notNull().defaultNow(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: text('target_id'),
  outcome: text('outcome', { enum: ['success', 'denied', 'failed'] }).notNull(),
  details: jsonb('details').notNull().default({}),
});

export const oauthState = pgTable('oauth_state', {
  nonce: text('nonce').primaryKey(),
  operation: text('operation').notNull(),
  returnTo: text('return_to').notNull(),
  details: jsonb('details').notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  codeVerifier: text('code_verifier'),
});

/** Wrong admin access keys per client address and overall, reserved before each comparison. */
export const adminKeyThrottle = pgTable('admin_key_throttle', {
  scope: text('scope').primaryKey(),
  windowStart: ts('window_start').notNull().defaultNow(),
  attempts: integer('attempts').notNull(),
});
