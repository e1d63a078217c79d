// Packages and package versions (docs/product.md "Packages list", "Package detail",
// "Package version detail" and "Entities and fields").
import { z } from 'zod';
import { column, type ListDefinition } from './list-columns';
import { idList, isoTime, nullableText, orgIdParam, salesforceId } from './common';
import { PACKAGE_VERSION_STATUSES } from '../eligibility';
import { KEY_PREFIXES } from '../ids';

export const packageSchema = z.object({
  sfid: z.string(),
  name: z.string(),
  package_org_id: nullableText,
  /** The connected packaging org's name, when Pushboard is connected to it. */
  package_org_name: nullableText,
  /** The 033 MetadataPackage id. */
  package_id: nullableText,
  dependency_tier: z.number().int().nullable(),
  status: nullableText,
  version_count: z.number().int(),
  latest_version_number: nullableText,
  latest_version_id: nullableText,
});
export type Package = z.infer<typeof packageSchema>;

export const PACKAGE_LIST: ListDefinition = {
  key: 'PackageList',
  rowKey: 'sfid',
  columns: [
    column('name', 'Name'),
    column('sfid', 'ID'),
    column('package_org_id', 'Packaging Org ID'),
    column('package_id', 'Packaging ID'),
    column('dependency_tier', 'Tier', 'number'),
    column('status', 'Status'),
  ],
  defaultSort: [{ id: 'dependency_tier', desc: false }],
};

export const packageVersionSchema = z.object({
  version_id: z.string(),
  sfid: z.string(),
  version_number: z.string(),
  version_sort: z.string(),
  name: nullableText,
  package_id: z.string(),
  package_name: z.string(),
  package_org_id: nullableText,
  status: nullableText,
  created_date: isoTime,
  release_date: isoTime,
  latest_version_number: nullableText,
  latest_version_id: nullableText,
  latest_version_sort: nullableText,
  latest_limited_version_id: nullableText,
  latest_limited_version_sort: nullableText,
  dependency_tier: z.number().int().nullable(),
  /** Orgs that have this version installed. */
  customer_count: z.number().int(),
});
export type PackageVersion = z.infer<typeof packageVersionSchema>;

const versionStatusColumn = column('status', 'Status', 'enum', {
  values: PACKAGE_VERSION_STATUSES,
});

/** Package detail's Versions tab and Connected Org detail's Package Versions tab. */
export const PACKAGE_VERSION_LIST: ListDefinition = {
  key: 'PackageVersionCard',
  rowKey: 'version_id',
  columns: [
    column('package_name', 'Package'),
    column('version_number', 'Number', 'version'),
    column('name', 'Name'),
    column('version_id', 'ID'),
    versionStatusColumn,
    column('customer_count', 'Customers', 'number'),
    column('created_date', 'Created', 'datetime'),
    column('release_date', 'Released', 'datetime'),
  ],
  defaultSort: [{ id: 'version_number', desc: true }],
};

/** GET /api/packageversions: versions of packages, of packaging orgs, in some statuses. */
export const packageVersionQuerySchema = z.object({
  packageIds: idList(salesforceId(null, 'a package id')).optional(),
  packageOrgIds: idList(orgIdParam).optional(),
  status: idList(z.enum(PACKAGE_VERSION_STATUSES), 4).optional(),
});

/** A package installed in an org, with the package's latest versions (Org detail's Versions tab). */
export const installedVersionSchema = z.object({
  org_id: z.string(),
  package_id: z.string(),
  package_name: z.string(),
  dependency_tier: z.number().int().nullable(),
  version_id: z.string(),
  version_number: z.string(),
  version_sort: z.string(),
  version_status: nullableText,
  latest_version_id: nullableText,
  latest_version_number: nullableText,
  latest_version_sort: nullableText,
  latest_limited_version_id: nullableText,
  latest_limited_version_sort: nullableText,
  license_status: nullableText,
  install_date: isoTime,
  /** Installed or Not Found (the subscriber no longer reports it). */
  status: z.string(),
});
export type InstalledVersionRow = z.infer<typeof installedVersionSchema>;

export const ORG_VERSION_LIST: ListDefinition = {
  key: 'OrgVersionCard',
  rowKey: 'package_id',
  columns: [
    column('package_name', 'Package'),
    column('version_number', 'Installed', 'version'),
    column('latest_version_number', 'Latest', 'version'),
    column('license_status', 'License'),
    column('install_date', 'Installed On', 'datetime'),
    column('status', 'Status'),
  ],
  defaultSort: [{ id: 'package_name', desc: false }],
};

/** A row of a group's Versions tab: a member org and one installed package version. */
export const groupVersionSchema = z.object({
  /** org id and package id: one row per member org and installed package. */
  row_key: z.string(),
  org_id: z.string(),
  type: nullableText,
  edition: nullableText,
  instance: nullableText,
  account_name: nullableText,
  license_status: nullableText,
  install_date: isoTime,
  package_name: z.string(),
  package_id: z.string(),
  version_id: z.string(),
  version_number: z.string(),
  latest_version_id: nullableText,
  latest_version_number: nullableText,
  status: nullableText,
  created_date: isoTime,
  release_date: isoTime,
});
export type GroupVersion = z.infer<typeof groupVersionSchema>;

export const GROUP_VERSION_LIST: ListDefinition = {
  key: 'GroupMemberVersionCard',
  rowKey: 'row_key',
  columns: [
    column('org_id', 'Org ID'),
    column('type', 'Type'),
    column('edition', 'Edition'),
    column('instance', 'Instance'),
    column('account_name', 'Account Name'),
    column('license_status', 'License'),
    column('install_date', 'Install Date', 'datetime'),
    column('package_name', 'Package'),
    column('version_number', 'Version', 'version'),
    versionStatusColumn,
    column('created_date', 'Created Date', 'datetime'),
    column('release_date', 'Release Date', 'datetime'),
  ],
  defaultSort: [
    { id: 'org_id', desc: false },
    { id: 'package_name', desc: false },
  ],
};

export const packageVersionIdParam = salesforceId(
  KEY_PREFIXES.packageVersion,
  'a package version id (04t…)',
);
export const packageIdParam = salesforceId(null, 'a package id');

/** The path parameters of a package: `/api/packages/:packageId`. */
export const packageIdParams = z.object({ packageId: packageIdParam });

/** The path parameters of a package version: `/api/packageversions/:versionId`. */
export const packageVersionIdParams = z.object({ versionId: packageVersionIdParam });
