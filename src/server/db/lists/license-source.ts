// The SQL of the licenses list, and its scopes (an org's, a group's, a package's, a version's).
import type { LicenseScope } from '../../../domain';
import {
  distinctKeyGroups,
  distinctValueGroups,
  joinSql,
  leftJoin,
  type ListSource,
} from './list-source';
import { allOf, type Scope } from './sql-builder';

const LICENSE_JOINS = [
  leftJoin('account', 'a', 'a.account_id = l.account_id'),
  leftJoin('package', 'p', 'p.sfid = l.package_id'),
  leftJoin('package_version', 'v', 'v.version_id = l.version_id'),
  leftJoin('connected_org', 'c', 'c.org_id = l.source_org_id'),
  leftJoin('org', 'o', 'o.org_id = l.org_id'),
];

const STATUS_VALUES = distinctValueGroups({ table: 'license', alias: 'l', column: 'status' });
const PACKAGE_GROUPS = distinctKeyGroups(
  { table: 'license', alias: 'l', column: 'package_id' },
  { table: 'package', key: 'sfid', value: 'name' },
);
const LICENSE_ORG_GROUPS = distinctKeyGroups(
  { table: 'license', alias: 'l', column: 'source_org_id' },
  { table: 'connected_org', key: 'org_id', value: 'name' },
);

/**
 * Every stored account, and the ids of accounts licenses name that are not stored (kept by
 * triggers, migration 0015; an id the account table has since gained is left out). Not under the
 * list's alias `a`: fromFor joins what a statement names, and a filter read through these groups
 * needs no account joined to each license.
 */
const ACCOUNT_GROUPS = {
  ref: 'l.account_id',
  groups: `SELECT known.account_id AS k, known.account_name AS v FROM account known
    UNION ALL
    SELECT u.account_id, NULL FROM license_account_unknown u
    WHERE NOT EXISTS (SELECT 1 FROM account known WHERE known.account_id = u.account_id)`,
  keys: { table: 'license', column: 'account_id' },
};

export const LICENSE_SOURCE: ListSource = {
  from: ['license l', ...LICENSE_JOINS.map(joinSql)].join('\n'),
  parts: { base: 'license l', joins: LICENSE_JOINS },
  select: `l.sfid, l.name, a.account_name, p.name AS package_name, l.package_id,
    v.version_number, l.version_id, v.name AS version_name, l.status, c.name AS lma_org_name,
    l.source_org_id AS lma_org_id, l.modified_date, l.install_date, l.expiration::text AS expiration,
    l.used_license_count, l.org_id, o.name AS org_name, l.instance`,
  columns: {
    name: 'l.name',
    account_name: 'a.account_name',
    package_name: 'p.name',
    version_number: 'v.version_sort',
    status: 'l.status',
    lma_org_name: 'c.name',
    modified_date: 'l.modified_date',
    install_date: 'l.install_date',
    expiration: 'l.expiration',
  },
  uniqueKey: ['l.sfid'],
  fewValues: {
    status: STATUS_VALUES,
    package_name: PACKAGE_GROUPS,
    version_number: distinctKeyGroups(
      { table: 'license', alias: 'l', column: 'version_id' },
      { table: 'package_version', key: 'version_id', value: 'version_number' },
    ),
    lma_org_name: LICENSE_ORG_GROUPS,
  },
  keyedFilters: { account_name: ACCOUNT_GROUPS },
  groupedSorts: {
    status: STATUS_VALUES,
    account_name: ACCOUNT_GROUPS,
    package_name: PACKAGE_GROUPS,
    version_number: distinctKeyGroups(
      { table: 'license', alias: 'l', column: 'version_id' },
      { table: 'package_version', key: 'version_id', value: 'version_sort' },
    ),
    lma_org_name: LICENSE_ORG_GROUPS,
  },
};

export function licenseScope(scope: LicenseScope): Scope {
  const { org_id, group_id, package_id, version_id } = scope;
  return allOf(
    org_id !== undefined && ((b) => `l.org_id = ${b.param(org_id)}`),
    group_id !== undefined &&
      ((b) =>
        `l.org_id IN (SELECT gm.org_id FROM org_group_member gm WHERE gm.org_group_id = ${b.param(group_id)})`),
    package_id !== undefined && ((b) => `l.package_id = ${b.param(package_id)}`),
    version_id !== undefined && ((b) => `l.version_id = ${b.param(version_id)}`),
  );
}
