import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sfId } from './ids';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const instance = pgTable('instance', {
  key: text('key').primaryKey(),
  location: text('location'),
  environment: text('environment'),
  release: text('release'),
  status: text('status'),
  modifiedDate: ts('modified_date').notNull().defaultNow(),
});

export const account = pgTable('account', {
  accountId: sfId('account_id').primaryKey(),
  accountName: text('account_name').notNull(),
  sourceOrgId: sfId('source_org_id'),
  modifiedDate: ts('modified_date'),
});

export const org = pgTable('org', {
  orgId: sfId('org_id').primaryKey(),
  name: text('name'),
  instance: text('instance'),
  accountId: sfId('account_id'),
  /** The account's name, kept by triggers (migration 0012) for sorting and filtering orgs. */
  accountName: text('account_name'),
  parentOrgId: sfId('parent_org_id'),
  isSandbox: boolean('is_sandbox').notNull().default(false),
  type: text('type'),
  edition: text('edition'),
  status: text('status', { enum: ['Installed', 'Not Installed', 'Not Found'] })
    .notNull()
    .default('Installed'),
  features: text('features').array().notNull().default([]),
  modifiedDate: ts('modified_date'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
