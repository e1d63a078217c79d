// The SQL of an upgrade's server-paged lists: its jobs (the Jobs tab, and one request's jobs on
// the Request detail) and the orgs it left out (the Blacklist tab). Versions sort and filter by
// their sort key. A page's keys are found on upgrade_job alone when the filters and the sort
// read nothing else (list-source.ts parts), through upgrade_job_upgrade_org_idx.
import { JOB_STATUSES } from '../../../domain';
import {
  distinctKeyGroups,
  distinctValueGroups,
  innerJoin,
  joinSql,
  knownValueGroups,
  leftJoin,
  type ListSource,
  type SortGroups,
} from './list-source';
import { allOf, type Scope } from './sql-builder';

// What other records say about a job's org (its name, instance, account name, and the version
// of the request's package it runs now) is kept on the job row by triggers (migration 0024), so
// that sorting and filtering an upgrade's 30 000 jobs by them walks an index on (upgrade, column,
// job) instead of joining every job to org and org_package_version. A page's keys join only what
// its filters and sort read (fromFor); its rows are looked up one by one (keyedRowsFrom).
const JOB_JOINS = [
  innerJoin('upgrade_item', 'i', 'i.id = j.item_id'),
  leftJoin('instance', 'ins', 'ins.key = j.org_instance'),
  leftJoin('package', 'p', 'p.sfid = i.package_id'),
  leftJoin('package_version', 'tv', 'tv.version_id = i.version_id'),
  leftJoin('package_version', 'ov', 'ov.version_id = j.original_version_id'),
  leftJoin('package_version', 'cv', 'cv.version_id = j.current_version_id'),
];

const jobColumn = (column: string) => ({ table: 'upgrade_job', alias: 'j', column });

/**
 * A version column's versions: sorted by their sort key, one version at a time; filtered on the
 * version number the row shows (the filter's predicate compares versions).
 */
const byVersion = (column: string, value: 'version_sort' | 'version_number') =>
  distinctKeyGroups(jobColumn(column), { table: 'package_version', key: 'version_id', value });

/** The instance's environment or location: read one instance at a time. */
const byInstance = (value: string) =>
  distinctKeyGroups(jobColumn('org_instance'), { table: 'instance', key: 'key', value });

const BY_VALUE = {
  // Its CHECK constraint names the statuses (migration 0001): sorted by status then another
  // column, each status's jobs are read in that column's order.
  status: knownValueGroups('j.status', JOB_STATUSES),
  instance: distinctValueGroups(jobColumn('org_instance')),
  environment: byInstance('environment'),
  location: byInstance('location'),
};

export const UPGRADE_JOB_SOURCE: ListSource = {
  from: ['upgrade_job j', ...JOB_JOINS.map(joinSql)].join('\n'),
  parts: { base: 'upgrade_job j', joins: JOB_JOINS },
  select: `j.id::int AS id, j.upgrade_id::int AS upgrade_id, j.item_id::int AS item_id, j.org_id,
    j.org_name, j.org_instance AS instance, ins.environment, ins.location,
    j.org_account_name AS account_name, p.name AS package_name, i.package_id,
    ov.version_number AS original_version_number, j.original_version_id,
    cv.version_number AS current_version_number, cv.version_id AS current_version_id,
    tv.version_number, i.version_id,
    j.start_time, j.end_time, j.duration, j.status, j.message, j.modified_date`,
  columns: {
    org_id: 'j.org_id',
    org_name: 'j.org_name',
    instance: 'j.org_instance',
    environment: 'ins.environment',
    location: 'ins.location',
    account_name: 'j.org_account_name',
    package_name: 'p.name',
    original_version_number: 'ov.version_sort',
    current_version_number: 'cv.version_sort',
    version_number: 'tv.version_sort',
    start_time: 'j.start_time',
    end_time: 'j.end_time',
    duration: 'j.duration',
    status: 'j.status',
    message: 'j.message',
  },
  uniqueKey: ['j.id'],
  fewValues: {
    ...BY_VALUE,
    original_version_number: byVersion('original_version_id', 'version_number'),
    current_version_number: byVersion('current_version_id', 'version_number'),
  },
  groupedSorts: {
    ...BY_VALUE,
    original_version_number: byVersion('original_version_id', 'version_sort'),
    current_version_number: byVersion('current_version_id', 'version_sort'),
  },
};

/**
 * The upgrade's requests (one per package and wave), each with the value a column shows for it:
 * sorted by package or target version, the jobs are read one request at a time, each request's in
 * the next keys' order (upgrade_job_list_item_idx, migration 0028), instead of joining all 30 000
 * jobs to their request, package and version and sorting them; filters on either column are
 * decided on the requests. Only this upgrade's requests: every other upgrade's would be a probe
 * that finds no job.
 */
function byRequest(upgradeId: number, value: string): SortGroups {
  return {
    ref: 'j.item_id',
    groups: (b) => `SELECT ri.id AS k, ${value} AS v FROM upgrade_item ri
      LEFT JOIN package rp ON rp.sfid = ri.package_id
      LEFT JOIN package_version rv ON rv.version_id = ri.version_id
      WHERE ri.upgrade_id = ${b.param(upgradeId)}`,
  };
}

/** The jobs list of one upgrade: UPGRADE_JOB_SOURCE with the upgrade's requests as groups. */
export function upgradeJobSource(upgradeId: number): ListSource {
  const packageName = byRequest(upgradeId, 'rp.name');
  return {
    ...UPGRADE_JOB_SOURCE,
    fewValues: {
      ...UPGRADE_JOB_SOURCE.fewValues,
      package_name: packageName,
      version_number: byRequest(upgradeId, 'rv.version_number'),
    },
    groupedSorts: {
      ...UPGRADE_JOB_SOURCE.groupedSorts,
      package_name: packageName,
      version_number: byRequest(upgradeId, 'rv.version_sort'),
    },
  };
}

/** The jobs of one upgrade, or of one of its requests. */
export function upgradeJobScope(upgradeId: number, itemId?: number): Scope {
  return allOf(
    (b) => `j.upgrade_id = ${b.param(upgradeId)}`,
    itemId !== undefined && ((b) => `j.item_id = ${b.param(itemId)}`),
  );
}

const BLACKLIST_JOINS = [
  leftJoin('org', 'o', 'o.org_id = b.org_id'),
  leftJoin('account', 'a', 'a.account_id = o.account_id'),
];

export const UPGRADE_BLACKLIST_SOURCE: ListSource = {
  from: ['upgrade_blacklist b', ...BLACKLIST_JOINS.map(joinSql)].join('\n'),
  parts: { base: 'upgrade_blacklist b', joins: BLACKLIST_JOINS },
  select: 'b.org_id, o.name AS org_name, a.account_name, b.reason',
  columns: {
    org_id: 'b.org_id',
    org_name: 'o.name',
    account_name: 'a.account_name',
    reason: 'b.reason',
  },
  uniqueKey: ['b.org_id'],
};

export function upgradeBlacklistScope(upgradeId: number): Scope {
  return (b) => `b.upgrade_id = ${b.param(upgradeId)}`;
}
