import {
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { PACKAGE_VERSION_STATUSES } from '../../../domain/eligibility';
import { sfId } from './ids';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const pkg = pgTable('package', {
  sfid: sfId('sfid').primaryKey(),
  sourceOrgId: sfId('source_org_id'),
  name: text('name').notNull(),
  status: text('status'),
  packageOrgId: sfId('package_org_id'),
  packageId: sfId('package_id'),
  dependencyTier: integer('dependency_tier'),
  modifiedDate: ts('modified_date'),
});

export const packageVersion = pgTable('package_version', {
  sfid: sfId('sfid').primaryKey(),
  versionId: sfId('version_id').notNull().unique(),
  packageId: sfId('package_id').notNull(),
  sourceOrgId: sfId('source_org_id'),
  name: text('name'),
  versionNumber: text('version_number').notNull(),
  versionSort: text('version_sort').notNull(),
  majorVersion: integer('major_version'),
  status: text('status', { enum: PACKAGE_VERSION_STATUSES }),
  releaseDate: ts('release_date'),
  createdDate: ts('created_date'),
  modifiedDate: ts('modified_date'),
});

export const packageVersionLatest = pgTable('package_version_latest', {
  packageId: sfId('package_id').primaryKey(),
  versionId: sfId('version_id'),
  versionNumber: text('version_number'),
  versionSort: text('version_sort'),
  limitedVersionId: sfId('limited_version_id'),
  limitedVersionNumber: text('limited_version_number'),
  limitedVersionSort: text('limited_version_sort'),
});

export const orgPackageVersion = pgTable(
  'org_package_version',
  {
    orgId: sfId('org_id').notNull(),
    packageId: sfId('package_id').notNull(),
    versionId: sfId('version_id').notNull(),
    licenseStatus: text('license_status'),
    installDate: ts('install_date'),
    status: text('status', { enum: ['Installed', 'Not Found'] })
      .notNull()
      .default('Installed'),
    modifiedDate: ts('modified_date'),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.packageId] })],
);

export const license = pgTable('license', {
  sfid: sfId('sfid').primaryKey(),
  sourceOrgId: sfId('source_org_id'),
  name: text('name'),
  orgId: sfId('org_id'),
  accountId: sfId('account_id'),
  instance: text('instance'),
  type: text('type'),
  isSandbox: boolean('is_sandbox').notNull().default(false),
  status: text('status'),
  edition: text('edition'),
  installDate: ts('install_date'),
  expiration: date('expiration', { mode: 'string' }),
  usedLicenseCount: integer('used_license_count'),
  packageId: sfId('package_id'),
  versionId: sfId('version_id'),
  modifiedDate: ts('modified_date'),
});

export const syncWatermark = pgTable(
  'sync_watermark',
  {
    sourceOrgId: sfId('source_org_id').notNull(),
    objectName: text('object_name').notNull(),
    scope: text('scope').notNull().default(''),
    modifiedAt: ts('modified_at').notNull(),
    idsAtMark: text('ids_at_mark').array().notNull().default([]),
  },
  (table) => [primaryKey({ columns: [table.sourceOrgId, table.objectName, table.scope] })],
);

export const syncState = pgTable('sync_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
