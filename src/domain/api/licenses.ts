// Licenses (docs/product.md "Licenses list", "License detail" and "Entities and fields"; GET
// /api/licenses in docs/api.md "Orgs, licenses, search").
import { z } from 'zod';
import { column, type ListDefinition } from './list-columns';
import { isoDate, isoTime, nullableText, numericId, orgIdParam, salesforceId } from './common';
import { KEY_PREFIXES } from '../ids';

export const licenseSchema = z.object({
  sfid: z.string(),
  name: nullableText,
  account_name: nullableText,
  package_name: nullableText,
  package_id: nullableText,
  version_number: nullableText,
  version_id: nullableText,
  version_name: nullableText,
  status: nullableText,
  /** The License Management Org the license was read from. */
  lma_org_name: nullableText,
  lma_org_id: nullableText,
  modified_date: isoTime,
  install_date: isoTime,
  /** Null means the license does not expire. */
  expiration: isoDate,
  used_license_count: z.number().int().nullable(),
  org_id: nullableText,
  org_name: nullableText,
  instance: nullableText,
});
export type License = z.infer<typeof licenseSchema>;

/** What Expiration shows when the license has none. */
export const DOES_NOT_EXPIRE = 'Does not expire';

export const LICENSE_LIST: ListDefinition = {
  key: 'LicenseList',
  rowKey: 'sfid',
  columns: [
    column('name', 'Name'),
    column('account_name', 'Account'),
    column('package_name', 'Package'),
    column('version_number', 'Version Number', 'version'),
    column('status', 'Status'),
    column('lma_org_name', 'License Org'),
    column('modified_date', 'Last Modified', 'datetime'),
    column('install_date', 'Installed On', 'datetime'),
    column('expiration', 'Expiration', 'date'),
  ],
  defaultSort: [{ id: 'modified_date', desc: true }],
};

/** Which licenses a list shows: an org's, a group's members', a package's or a version's. */
export const licenseScopeSchema = z.object({
  org_id: orgIdParam.optional(),
  group_id: numericId.optional(),
  package_id: salesforceId(null, 'a package id').optional(),
  version_id: salesforceId(KEY_PREFIXES.packageVersion, 'a package version id (04t…)').optional(),
});
export type LicenseScope = z.output<typeof licenseScopeSchema>;

/** The path parameters of GET /api/licenses/{licenseId}. */
export const licenseIdParams = z.object({ licenseId: salesforceId(null, 'a license id') });
