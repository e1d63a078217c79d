import { describe, expect, it } from 'vitest';
import {
  ACTIVE_STATUSES,
  COMPLETED_STATUSES,
  JOB_STATUSES,
  JOB_TRANSITIONS,
  STARTED_STATUSES,
  TERMINAL_STATUSES,
  UPGRADE_ITEM_STATUSES,
  UPGRADE_STATUSES,
  UPGRADE_TRANSITIONS,
  canJobTransition,
  canUpgradeTransition,
  deriveUpgradeItemStatus,
  isJobStatus,
  isUpgradeStatus,
  completeWithFailures,
  upgradeItemStatusOf,
  type JobStatus,
  type UpgradeItemStatus,
} from './statuses';

describe('job and request statuses', () => {
  it('lists the eight statuses', () => {
    expect(JOB_STATUSES).toEqual([
      'Created',
      'Pending',
      'InProgress',
      'Succeeded',
      'Failed',
      'Canceled',
      'Invalid',
      'Ineligible',
    ]);
  });

  it.each<[JobStatus, boolean, boolean, boolean]>([
    // status, started, completed, active
    ['Created', false, false, true],
    ['Pending', true, false, true],
    ['InProgress', true, false, true],
    ['Succeeded', true, true, false],
    ['Failed', true, true, false],
    ['Canceled', true, true, false],
    ['Invalid', true, true, false],
    ['Ineligible', false, false, false],
  ])('%s: started %s, completed %s, active %s', (status, started, completed, active) => {
    expect(STARTED_STATUSES.has(status)).toBe(started);
    expect(COMPLETED_STATUSES.has(status)).toBe(completed);
    expect(ACTIVE_STATUSES.has(status)).toBe(active);
  });

  it('recognises statuses by the one name the screens show', () => {
    expect(isJobStatus('InProgress')).toBe(true);
    expect(isJobStatus('In Progress')).toBe(false);
    expect(isJobStatus(42)).toBe(false);
    expect(completeWithFailures(1)).toBe('Complete with 1 failure');
    expect(completeWithFailures(3)).toBe('Complete with 3 failures');
    expect(isUpgradeStatus('Ready')).toBe(true);
    expect(isUpgradeStatus('Scheduled')).toBe(false);
  });
});

describe('deriveUpgradeItemStatus (first match wins)', () => {
  it.each<[JobStatus[], UpgradeItemStatus]>([
    [[], 'Invalid'],
    [['Created'], 'Scheduled'],
    [['Created', 'Created'], 'Scheduled'],
    [['Canceled', 'Pending'], 'Canceled'],
    [['Succeeded', 'Canceled'], 'Canceled'],
    [['Created', 'Succeeded'], 'Active'],
    [['Pending'], 'Active'],
    [['InProgress', 'Failed'], 'Active'],
    [['Succeeded', 'Failed'], 'Complete with failures'],
    [['Succeeded', 'Ineligible'], 'Complete with failures'],
    [['Succeeded', 'Invalid'], 'Complete'],
    [['Succeeded', 'Succeeded'], 'Complete'],
  ])('%j → %s', (items, expected) => {
    expect(deriveUpgradeItemStatus(items)).toBe(expected);
    expect(UPGRADE_ITEM_STATUSES).toContain(expected);
  });

  it('gives an upgrade without requests no item status', () => {
    expect(upgradeItemStatusOf([])).toBeNull();
    expect(upgradeItemStatusOf(['Succeeded', 'Succeeded'])).toBe('Complete');
  });
});

describe('transitions', () => {
  it.each<[JobStatus, JobStatus, boolean]>([
    ['Created', 'Pending', true],
    ['Created', 'Canceled', true],
    ['Created', 'Ineligible', true],
    ['Created', 'InProgress', false],
    ['Created', 'Succeeded', false],
    ['Pending', 'InProgress', true],
    ['Pending', 'Canceled', true],
    ['Pending', 'Succeeded', true],
    ['Pending', 'Failed', true],
    ['InProgress', 'Succeeded', true],
    ['InProgress', 'Failed', true],
    ['InProgress', 'Canceled', false],
    ['Succeeded', 'Canceled', false],
    ['Failed', 'Pending', false],
    ['Canceled', 'Pending', false],
    ['Created', 'Created', false],
  ])('job %s → %s: %s', (from, to, allowed) => {
    expect(canJobTransition(from, to)).toBe(allowed);
  });

  it('lets nothing leave a terminal status and nothing but terminal statuses end', () => {
    for (const status of JOB_STATUSES) {
      expect(JOB_TRANSITIONS[status].length === 0).toBe(TERMINAL_STATUSES.has(status));
    }
  });

  it.each([
    ['Ready', 'Active', true],
    ['Ready', 'Canceled', true],
    ['Ready', 'Failed', true],
    ['Ready', 'Done', true],
    ['Active', 'Done', true],
    ['Active', 'Canceled', true],
    ['Active', 'Ready', false],
    ['Active', 'Failed', false],
    ['Done', 'Active', false],
    ['Canceled', 'Active', false],
    ['Failed', 'Ready', false],
  ] as const)('upgrade %s → %s: %s', (from, to, allowed) => {
    expect(canUpgradeTransition(from, to)).toBe(allowed);
  });

  it('covers every upgrade status in its table', () => {
    expect(Object.keys(UPGRADE_TRANSITIONS).sort()).toEqual([...UPGRADE_STATUSES].sort());
  });
});
