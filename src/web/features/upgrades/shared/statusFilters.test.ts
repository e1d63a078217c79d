// Every status a user reads has one name, and a list's Status filter accepts exactly the names
// the list shows: a request's column shows its status name ('Complete with 1 failure',
// 'Scheduling', 'InProgress') and filters on it; a job's status filter takes the job statuses as
// the jobs table shows them, and refuses a name no status has.
import { describe, expect, it } from 'vitest';
import {
  JOB_STATUSES,
  UPGRADE_ITEM_LIST,
  UPGRADE_JOB_LIST,
  type ColumnFilter,
} from '../../../../domain';
import { filterAndSortRows } from '../../../components/data-table/useClientRows';
import { filterContext, filterError } from '../../../components/data-table/filterState';
import { makeUpgradeItem } from '../../../testing/fixtures';

const done = { job_count: 10, total_job_count: 10, eligible_job_count: 10, created_job_count: 0 };
const requests = [
  makeUpgradeItem({ id: 1, status: 'Succeeded', ...done, succeeded_job_count: 10 }),
  makeUpgradeItem({
    id: 2,
    status: 'Failed',
    ...done,
    succeeded_job_count: 9,
    failed_job_count: 1,
  }),
  makeUpgradeItem({ id: 3, status: 'InProgress', ...done, inprogress_job_count: 10 }),
  makeUpgradeItem({ id: 4, status: 'Created', job_count: 4, total_job_count: 10 }),
];

const shown = (filters: ColumnFilter[]) =>
  filterAndSortRows(requests, filters, [], UPGRADE_ITEM_LIST.columns).map((r) => r.id);

describe('status filters', () => {
  it('match a request by the name its Status column shows', () => {
    expect(requests.map((r) => r.status_name)).toEqual([
      'Succeeded',
      'Complete with 1 failure',
      'InProgress',
      'Scheduling',
    ]);
    expect(shown([{ id: 'status', value: 'Complete' }])).toEqual([2]);
    expect(shown([{ id: 'status', value: '"Complete with 1 failure"' }])).toEqual([2]);
    expect(shown([{ id: 'status', value: '"InProgress"' }])).toEqual([3]);
    expect(shown([{ id: 'status', value: 'Scheduling' }])).toEqual([4]);
    // The stored status of request 2 is Failed, but the screen says 'Complete with 1 failure'.
    expect(shown([{ id: 'status', value: '"Failed"' }])).toEqual([]);
  });

  it('take exactly the job statuses the jobs table shows', () => {
    const status = UPGRADE_JOB_LIST.columns.find((c) => c.id === 'status')!;
    for (const name of JOB_STATUSES)
      expect(filterError(`"${name}"`, status, filterContext())).toBeNull();
    expect(filterError("'In Progress'", status, filterContext())?.message).toMatch(
      /^No Status matches 'In Progress'; use one of: Created, Pending, InProgress/,
    );
  });
});
