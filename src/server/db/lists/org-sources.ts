// The SQL of the org lists: all orgs (with their scopes), a package's or version's customers,
// and a group's installed versions.
import type { OrgScope } from '../../../domain';
import { blacklistedSql, type BlacklistSettings } from '../repositories/blacklist';
import {
  distinctKeyGroups,
  distinctValueGroups,
  innerJoin,
  joinSql,
  leftJoin,
  type ListSource,
  type SortGroups,
} from './list-source';
import { allOf, type Scope } from './sql-builder';

// The org's group names, kept on the org row by triggers (migration 0015).
const GROUP_NAMES = 'o.group_names';

// The account's name is on the org row (migration 0012): sorting by it walks an index.
const INSTANCE_JOIN = leftJoin('instance', 'i', 'i.key = o.instance');
const ORG_JOINS = joinSql(INSTANCE_JOIN);

const ORG_SELECT = `o.org_id, o.name, o.account_id, o.account_name, o.instance, i.environment,
  i.location, i.release, o.edition, ${GROUP_NAMES} AS groups, o.status, o.modified_date, o.type,
  o.is_sandbox, o.parent_org_id`;

const ORG_COLUMNS = {
  org_id: 'o.org_id',
  name: 'o.name',
  account_name: 'o.account_name',
  instance: 'o.instance',
  environment: 'i.environment',
  location: 'i.location',
  release: 'i.release',
  edition: 'o.edition',
  groups: GROUP_NAMES,
  status: 'o.status',
  modified_date: 'o.modified_date',
  type: 'o.type',
} as const;

/** The instance's environment, location and release: sorted one instance at a time. */
const byInstance = (value: string): SortGroups =>
  distinctKeyGroups(
    { table: 'org', alias: 'o', column: 'instance' },
    { table: 'instance', key: 'key', value },
  );

const orgValues = (column: string) => distinctValueGroups({ table: 'org', alias: 'o', column });

const ORG_FEW_VALUES = {
  status: orgValues('status'),
  type: orgValues('type'),
  edition: orgValues('edition'),
  instance: orgValues('instance'),
  environment: byInstance('environment'),
  location: byInstance('location'),
  release: byInstance('release'),
  // Orgs share few combinations of groups.
  groups: orgValues('group_names'),
};

const ORG_SORTS = {
  fewValues: ORG_FEW_VALUES,
  groupedSorts: ORG_FEW_VALUES,
} as const;

export const ORG_SOURCE: ListSource = {
  from: `org o ${ORG_JOINS}`,
  parts: {
    base: 'org o',
    joins: [INSTANCE_JOIN],
  },
  select: ORG_SELECT,
  columns: ORG_COLUMNS,
  uniqueKey: ['o.org_id'],
  ...ORG_SORTS,
};

/**
 * A group's members: the orgs list, whose rows all have group names (the triggers of migration
 * 0015). Told so, a read by groups no longer walks the 80 000 orgs in no group testing each for
 * membership to find none (the last page of a group of 20 000 by groups: 90-130 ms).
 */
export const GROUP_MEMBER_SOURCE: ListSource = {
  ...ORG_SOURCE,
  readsKnow: { sql: `${GROUP_NAMES} IS NOT NULL`, column: 'groups' },
};

const ORG_REF = { orgId: 'o.org_id', accountId: 'o.account_id' };

function blacklistScope(flag: boolean | undefined, settings: BlacklistSettings): Scope | undefined {
  if (flag === undefined) return undefined;
  return (b) => `${flag ? '' : 'NOT '}${blacklistedSql(b, ORG_REF, settings)}`;
}

/** The scopes of GET /api/orgs. */
export function orgScope(scope: OrgScope, settings: BlacklistSettings): Scope {
  const { packageId, versionId, relatedOrgId, groupId } = scope;
  return allOf(
    blacklistScope(scope.blacklisted, settings),
    packageId !== undefined &&
      ((b) =>
        `EXISTS (SELECT 1 FROM org_package_version sv WHERE sv.org_id = o.org_id AND sv.package_id = ${b.param(packageId)})`),
    versionId !== undefined &&
      ((b) =>
        `EXISTS (SELECT 1 FROM org_package_version sv WHERE sv.org_id = o.org_id AND sv.version_id = ${b.param(versionId)})`),
    relatedOrgId !== undefined &&
      ((b) => {
        const id = b.param(relatedOrgId);
        // Orgs of the same account, and the org's sandboxes and production org.
        return `o.org_id <> ${id} AND (
          o.account_id = (SELECT r.account_id FROM org r WHERE r.org_id = ${id})
          OR o.parent_org_id = ${id}
          OR o.org_id = (SELECT r.parent_org_id FROM org r WHERE r.org_id = ${id}))`;
      }),
    groupId !== undefined &&
      ((b) =>
        `EXISTS (SELECT 1 FROM org_group_member sm WHERE sm.org_id = o.org_id AND sm.org_group_id = ${b.param(groupId)})`),
  );
}

// A customer's license status (four values at the `scale` size): sorted one status at a time, each
// status's rows through (package_id | version_id, license_status, org_id), so that a second sort
// key (the version, itself grouped) is read in order within it instead of sorting every customer
// of the status (130 ms for a package's 75 000); filters are decided on the values. The values
// are found by skipping through org_package_version_license_idx (migration 0026).
const LICENSE_STATUSES = distinctValueGroups({
  table: 'org_package_version',
  alias: 'v',
  column: 'license_status',
});

/** Orgs with one installed version of a package: a package's or version's customers. */
export const CUSTOMER_SOURCE: ListSource = {
  from: `org_package_version v JOIN org o ON o.org_id = v.org_id
    JOIN package_version pv ON pv.version_id = v.version_id ${ORG_JOINS}`,
  // Foreign keys give every installed version exactly one org and one version row, so leaving
  // out the joins a page's keys do not read changes no count.
  parts: {
    base: 'org_package_version v',
    joins: [
      innerJoin('org', 'o', 'o.org_id = v.org_id'),
      innerJoin('package_version', 'pv', 'pv.version_id = v.version_id'),
      INSTANCE_JOIN,
    ],
  },
  // Read for one package or one of its versions (customerScope): an org is one customer.
  distinctRowsOf: ['org'],
  select: `${ORG_SELECT}, v.package_id, v.version_id, pv.version_number, v.license_status,
    v.install_date`,
  columns: {
    ...ORG_COLUMNS,
    version_number: 'pv.version_sort',
    license_status: 'v.license_status',
    install_date: 'v.install_date',
  },
  uniqueKey: ['v.org_id', 'v.package_id'],
  fewValues: { ...ORG_SORTS.fewValues, license_status: LICENSE_STATUSES },
  groupedSorts: {
    ...ORG_SORTS.groupedSorts,
    license_status: LICENSE_STATUSES,
    version_number: distinctKeyGroups(
      { table: 'org_package_version', alias: 'v', column: 'version_id' },
      { table: 'package_version', key: 'version_id', value: 'version_sort' },
    ),
  },
};

export function customerScope(
  scope: { packageId?: string; versionId?: string; blacklisted?: boolean | undefined },
  settings: BlacklistSettings,
): Scope {
  const { packageId, versionId } = scope;
  return allOf(
    packageId !== undefined && ((b) => `v.package_id = ${b.param(packageId)}`),
    versionId !== undefined && ((b) => `v.version_id = ${b.param(versionId)}`),
    blacklistScope(scope.blacklisted, settings),
  );
}

/** A group's Versions tab: each member org's installed package versions. */
export const GROUP_VERSION_SOURCE: ListSource = {
  from: `org_group_member m JOIN org o ON o.org_id = m.org_id
    JOIN org_package_version v ON v.org_id = m.org_id
    JOIN package_version pv ON pv.version_id = v.version_id
    JOIN package p ON p.sfid = v.package_id
    LEFT JOIN package_version_latest lt ON lt.package_id = v.package_id ${ORG_JOINS}`,
  select: `v.org_id || ':' || v.package_id AS row_key, o.org_id, o.type, o.edition, o.instance,
    o.account_name, v.license_status, v.install_date, p.name AS package_name, v.package_id,
    v.version_id, pv.version_number, lt.version_id AS latest_version_id,
    lt.version_number AS latest_version_number, pv.status, pv.created_date, pv.release_date`,
  columns: {
    org_id: 'o.org_id',
    type: 'o.type',
    edition: 'o.edition',
    instance: 'o.instance',
    account_name: 'o.account_name',
    license_status: 'v.license_status',
    install_date: 'v.install_date',
    package_name: 'p.name',
    version_number: 'pv.version_sort',
    status: 'pv.status',
    created_date: 'pv.created_date',
    release_date: 'pv.release_date',
  },
  uniqueKey: ['v.org_id', 'v.package_id'],
};

export function groupVersionScope(groupId: number): Scope {
  return (b) => `m.org_group_id = ${b.param(groupId)}`;
}
