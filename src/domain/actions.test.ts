import { describe, expect, it } from 'vitest';
import {
  NOTHING_TO_DO,
  canActOnConnectedOrg,
  canActivateRequest,
  canActivateUpgrade,
  canCancelAdminJob,
  canCancelRequest,
  canCancelUpgrade,
  canRetryUpgrade,
  connectionColor,
  isPurgeConfirmed,
} from './actions';
import {
  ACTIVATION_POLICY_MESSAGE,
  ADMIN_KEY_ACTIVATION_MESSAGE,
  READ_ONLY_MESSAGE,
  type Actor,
} from './policy';
import {
  progressFromCounts,
  requestProgress,
  type JobStatusCounts,
  type RequestCounters,
} from './progress';

const operator: Actor = {
  username: 'ops@acme.com',
  read_only: false,
  enforce_activation_policy: true,
};
const viewer: Actor = { username: 'view@acme.com', read_only: true };
const colleagueUpgrade = { status: 'Ready' as const, created_by: 'colleague@acme.com' };

describe('upgrade actions', () => {
  it.each<[string, JobStatusCounts, boolean, string | null]>([
    ['all jobs created', { Created: 3, Ineligible: 1 }, true, null],
    [
      'a job already pending',
      { Created: 2, Pending: 1 },
      false,
      'Jobs of this upgrade are already active or done.',
    ],
    [
      'a job already done',
      { Created: 2, Succeeded: 1 },
      false,
      'Jobs of this upgrade are already active or done.',
    ],
    ['no eligible job', { Ineligible: 4 }, false, NOTHING_TO_DO],
  ])('activate with %s: %s', (_name, counts, allowed, reason) => {
    expect(canActivateUpgrade(operator, colleagueUpgrade, progressFromCounts(counts))).toEqual({
      allowed,
      reason,
    });
  });

  it('refuses activation to read-only users, of non-Ready upgrades and of one own upgrade', () => {
    const created = progressFromCounts({ Created: 1 });
    expect(canActivateUpgrade(viewer, colleagueUpgrade, created).reason).toBe(READ_ONLY_MESSAGE);
    expect(
      canActivateUpgrade(operator, { ...colleagueUpgrade, status: 'Active' }, created).reason,
    ).toBe('This upgrade is Active.');
    expect(
      canActivateUpgrade(operator, { status: 'Ready', created_by: 'ops@acme.com' }, created).reason,
    ).toBe(ACTIVATION_POLICY_MESSAGE);
  });

  it.each<[string, 'Ready' | 'Active' | 'Done' | 'Canceled' | 'Failed', JobStatusCounts, boolean]>([
    ['a running upgrade', 'Active', { Pending: 1, Succeeded: 1 }, true],
    ['a ready upgrade', 'Ready', { Created: 1 }, true],
    ['a canceled upgrade', 'Canceled', { Canceled: 1, Created: 1 }, false],
    ['a done upgrade', 'Done', { Succeeded: 1 }, false],
    ['an upgrade whose jobs all finished', 'Active', { Succeeded: 1, Failed: 1 }, false],
  ])('cancel %s: %s', (_name, status, counts, allowed) => {
    expect(
      canCancelUpgrade(operator, { status, created_by: null }, progressFromCounts(counts)).allowed,
    ).toBe(allowed);
  });

  it('retries only when a job failed', () => {
    expect(canRetryUpgrade(operator, { Failed: 1, Succeeded: 3 }).allowed).toBe(true);
    expect(canRetryUpgrade(operator, { Invalid: 1, Succeeded: 3 }).allowed).toBe(false);
    expect(canRetryUpgrade(viewer, { Failed: 1 }).reason).toBe(READ_ONLY_MESSAGE);
  });
});

const counters = (overrides: Partial<RequestCounters>): RequestCounters => ({
  status: 'Created',
  job_count: 4,
  total_job_count: 4,
  eligible_job_count: 4,
  pending_job_count: 0,
  inprogress_job_count: 0,
  succeeded_job_count: 0,
  failed_job_count: 0,
  canceled_job_count: 0,
  invalid_job_count: 0,
  ...overrides,
});

describe('request actions', () => {
  const mine = { status: 'Created' as const, created_by: 'ops@acme.com' };
  const theirs = { status: 'Created' as const, created_by: 'colleague@acme.com' };

  it('activates a Created request of someone else once its jobs are created', () => {
    expect(canActivateRequest(operator, theirs, requestProgress(counters({}))).allowed).toBe(true);
    expect(canActivateRequest(operator, mine, requestProgress(counters({}))).reason).toBe(
      ACTIVATION_POLICY_MESSAGE,
    );
    expect(
      canActivateRequest(operator, theirs, requestProgress(counters({ job_count: 2 }))).reason,
    ).toBe('Jobs of this request are still being created.');
    const pending = { ...theirs, status: 'Pending' as const };
    expect(
      canActivateRequest(
        operator,
        pending,
        requestProgress(counters({ status: 'Pending', pending_job_count: 4 })),
      ).allowed,
    ).toBe(false);
  });

  it('refuses an admin-key session before anything else: activation needs a named person', () => {
    const adminKey: Actor = { ...operator, username: 'admin-key', auth_method: 'admin-key' };
    expect(canActivateRequest(adminKey, theirs, requestProgress(counters({})))).toEqual({
      allowed: false,
      reason: ADMIN_KEY_ACTIVATION_MESSAGE,
    });
    expect(
      canActivateUpgrade(adminKey, colleagueUpgrade, progressFromCounts({ Created: 1 })),
    ).toEqual({ allowed: false, reason: ADMIN_KEY_ACTIVATION_MESSAGE });
    // Even where activating would be refused anyway, the reason is the one that always holds.
    expect(
      canActivateUpgrade(
        adminKey,
        { ...colleagueUpgrade, status: 'Done' },
        progressFromCounts({ Succeeded: 1 }),
      ).reason,
    ).toBe(ADMIN_KEY_ACTIVATION_MESSAGE);
  });

  it('cancels only Created or Pending requests with nothing canceled or done', () => {
    expect(canCancelRequest(operator, theirs, requestProgress(counters({}))).allowed).toBe(true);
    const pending = { ...theirs, status: 'Pending' as const };
    expect(
      canCancelRequest(
        operator,
        pending,
        requestProgress(counters({ status: 'Pending', pending_job_count: 4 })),
      ).allowed,
    ).toBe(true);
    expect(
      canCancelRequest(
        operator,
        pending,
        requestProgress(counters({ status: 'Pending', canceled_job_count: 1 })),
      ).allowed,
    ).toBe(false);
    const running = { ...theirs, status: 'InProgress' as const };
    expect(
      canCancelRequest(
        operator,
        running,
        requestProgress(counters({ status: 'InProgress', inprogress_job_count: 4 })),
      ).reason,
    ).toBe('A request that is InProgress cannot be canceled.');
  });
});

describe('other actions', () => {
  it.each([
    [{ stepIndex: 2, stepCount: 10, canceled: false }, true],
    [{ stepIndex: 10, stepCount: 10, canceled: false }, false],
    [{ stepIndex: 2, stepCount: 10, canceled: true }, false],
  ])('cancels background job %j: %s', (job, allowed) => {
    expect(canCancelAdminJob(operator, job).allowed).toBe(allowed);
  });

  it.each([
    ['toggleActive', 'Package', 'Connected', true],
    ['toggleActive', 'Licenses', 'Connected', false],
    ['connect', 'Package', 'Connected', false],
    ['connect', 'Package', 'Invalid', true],
    ['export', 'Licenses', 'Connected', true],
    ['refresh', 'Package', 'Unprotected', false],
    ['revoke', 'Accounts', 'Invalid', false],
  ] as const)('%s on a %s org that is %s: %s', (action, type, status, allowed) => {
    expect(canActOnConnectedOrg(operator, { type, status }, action).allowed).toBe(allowed);
    expect(canActOnConnectedOrg(viewer, { type, status }, action).allowed).toBe(false);
  });

  it('colours connections', () => {
    expect(connectionColor('Connected')).toBe('green');
    expect(connectionColor('Unprotected')).toBe('green');
    expect(connectionColor('Invalid')).toBe('red');
  });

  it.each([
    ['please', true],
    ['PLEASE', true],
    [' Please ', true],
    ['pls', false],
    ['', false],
    [null, false],
  ])('purge confirmation %j: %s', (typed, confirmed) => {
    expect(isPurgeConfirmed(typed)).toBe(confirmed);
  });
});
