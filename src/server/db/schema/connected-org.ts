import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CONNECTED_ORG_STATUSES } from '../../../domain/statuses';
import { sfId } from './ids';

export const connectedOrg = pgTable('connected_org', {
  orgId: sfId('org_id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  division: text('division'),
  namespace: text('namespace'),
  instanceName: text('instance_name'),
  instanceUrl: text('instance_url').notNull(),
  loginUrl: text('login_url').notNull(),
  type: text('type', { enum: ['Package', 'Licenses', 'Accounts'] }).notNull(),
  status: text('status', { enum: CONNECTED_ORG_STATUSES }).notNull(),
  statusReason: text('status_reason'),
  active: boolean('active').notNull().default(true),
  accessTokenEnc: text('access_token_enc'),
  refreshTokenEnc: text('refresh_token_enc'),
  refreshedDate: timestamp('refreshed_date', { withTimezone: true, mode: 'string' }),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});
