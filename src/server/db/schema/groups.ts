import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sfId } from './ids';

export const orgGroupTypes = ['Upgrade Group', 'Blacklist Group', 'Whitelist Group'] as const;

export const orgGroup = pgTable('org_group', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  type: text('type', { enum: orgGroupTypes }).notNull().default('Upgrade Group'),
  description: text('description'),
  createdBy: text('created_by'),
  createdDate: timestamp('created_date', { withTimezone: true, mode: 'string' })
    .notNull()
    .defaultNow(),
});

export const orgGroupMember = pgTable(
  'org_group_member',
  {
    orgGroupId: bigint('org_group_id', { mode: 'number' }).notNull(),
    orgId: sfId('org_id').notNull(),
    addedBy: text('added_by'),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.orgGroupId, table.orgId] })],
);
