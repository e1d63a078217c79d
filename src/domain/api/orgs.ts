// Customer orgs (docs/product.md "Orgs list", "Org detail" and "Entities and fields"; GET /api/orgs
// in docs/api.md "Orgs, licenses, search").
import { z } from 'zod';
import { column, type ListColumn, type ListDefinition } from './list-columns';
import { isoTime, nullableText, numericId, orgIdParam, queryFlag, salesforceId } from './common';
import { KEY_PREFIXES } from '../ids';

export const ORG_STATUSES = ['Installed', 'Not Installed', 'Not Found'] as const;

export const orgSchema = z.object({
  org_id: z.string(),
  name: nullableText,
  account_id: nullableText,
  account_name: nullableText,
  instance: nullableText,
  environment: nullableText,
  location: nullableText,
  release: nullableText,
  edition: nullableText,
  /** Names of the groups the org belongs to, comma-separated. */
  groups: nullableText,
  status: z.string(),
  modified_date: isoTime,
  type: nullableText,
  is_sandbox: z.boolean(),
  parent_org_id: nullableText,
});
export type Org = z.infer<typeof orgSchema>;

/** Why an org is kept out of upgrades. */
export const blacklistReasonSchema = z.object({
  kind: z.enum(['group', 'denied', 'account']),
  /** The Blacklist Group, for kind 'group' and 'account'. */
  group_id: z.number().int().nullable(),
  group_name: nullableText,
  /** For kind 'account': the blacklisted org of the same account. */
  via_org_id: nullableText,
});

export const orgDetailSchema = orgSchema.extend({
  features: z.array(z.string()),
  blacklisted: z.boolean(),
  blacklist_reasons: z.array(blacklistReasonSchema),
});
export type OrgDetail = z.infer<typeof orgDetailSchema>;

/** The black notice on a blacklisted org (docs/product.md "Org detail"), word for word. */
export const BLACKLISTED_NOTICE =
  'This org is currently blacklisted and will be automatically excluded from future upgrades.';

const statusColumn = column('status', 'Status', 'enum', { values: ORG_STATUSES });

const ORG_COLUMNS: readonly ListColumn[] = [
  column('org_id', 'Org ID'),
  column('name', 'Name'),
  column('account_name', 'Account'),
  column('instance', 'Instance'),
  column('environment', 'Environment'),
  column('location', 'Location'),
  column('release', 'Release'),
  column('edition', 'Edition'),
  column('groups', 'Groups'),
  statusColumn,
  column('modified_date', 'Last Modified', 'datetime'),
];

export const ORG_LIST: ListDefinition = {
  key: 'OrgList',
  rowKey: 'org_id',
  columns: ORG_COLUMNS,
  defaultSort: [{ id: 'modified_date', desc: true }],
};

/** Org detail's Related Orgs tab: the other orgs of the same account. */
export const RELATED_ORG_LIST: ListDefinition = { ...ORG_LIST, key: 'RelatedOrgCard' };

/** Org Group detail's Members tab. */
export const GROUP_MEMBER_LIST: ListDefinition = {
  key: 'GroupMemberOrgCard',
  rowKey: 'org_id',
  columns: [
    column('org_id', 'Org ID'),
    column('name', 'Name'),
    column('account_name', 'Account'),
    column('instance', 'Instance'),
    column('type', 'Type'),
    column('edition', 'Edition'),
    column('groups', 'Groups'),
    statusColumn,
  ],
  defaultSort: [{ id: 'name', desc: false }],
};

/** An org as a customer of a package or version: the org with its installed version and license. */
export const customerSchema = orgSchema.extend({
  package_id: z.string(),
  version_id: z.string(),
  version_number: z.string(),
  license_status: nullableText,
  install_date: isoTime,
});
export type Customer = z.infer<typeof customerSchema>;

/** The customers lists' own query: blacklisted=true gives the customers upgrades skip. */
export const customerScopeShape = { blacklisted: queryFlag.optional() };

const CUSTOMER_COLUMNS: readonly ListColumn[] = [
  column('org_id', 'Org ID'),
  column('name', 'Name'),
  column('account_name', 'Account'),
  column('instance', 'Instance'),
  column('edition', 'Edition'),
  column('version_number', 'Version', 'version'),
  column('license_status', 'License'),
  column('install_date', 'Installed On', 'datetime'),
  statusColumn,
];

/** Package detail's Customers tab. */
export const PACKAGE_CUSTOMER_LIST: ListDefinition = {
  key: 'PackageMembers',
  rowKey: 'org_id',
  columns: CUSTOMER_COLUMNS,
  defaultSort: [{ id: 'name', desc: false }],
};

/** Package version detail's Customers table (and its blacklist). */
export const VERSION_CUSTOMER_LIST: ListDefinition = {
  ...PACKAGE_CUSTOMER_LIST,
  key: 'PackageVersionMembers',
};

/**
 * Which orgs a list shows (GET /api/orgs, docs/api.md "Orgs, licenses, search"): all, blacklisted,
 * a package's or version's customers, an org's relatives, a group's members.
 */
export const orgScopeSchema = z.object({
  blacklisted: queryFlag.optional(),
  packageId: salesforceId(null, 'a package id').optional(),
  versionId: salesforceId(KEY_PREFIXES.packageVersion, 'a package version id (04t…)').optional(),
  relatedOrgId: orgIdParam.optional(),
  groupId: numericId.optional(),
});
export type OrgScope = z.output<typeof orgScopeSchema>;
