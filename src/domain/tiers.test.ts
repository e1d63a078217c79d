import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOB_STATUSES, type JobStatus } from './statuses';
import {
  activationSteps,
  orderForActivation,
  planActivation,
  stepState,
  type StepState,
  type TieredRequest,
} from './tiers';
import { versionSortKey } from './versions';

fc.configureGlobal({
  seed: process.env.FC_SEED === 'random' ? Date.now() : Number(process.env.FC_SEED ?? 4242),
  numRuns: Number(process.env.FC_RUNS ?? 300),
});

const request = (
  id: string,
  packageId: string,
  tier: number | null,
  version: string,
  status: JobStatus = 'Created',
  counts: Partial<Pick<TieredRequest, 'eligibleJobCount' | 'jobCount' | 'totalJobCount'>> = {},
): TieredRequest<string> => ({
  id,
  packageId,
  dependencyTier: tier,
  versionSort: versionSortKey(version),
  status,
  eligibleJobCount: counts.eligibleJobCount ?? 5,
  jobCount: counts.jobCount ?? 5,
  totalJobCount: counts.totalJobCount ?? 5,
});

describe('ordering and steps', () => {
  it('orders by tier (none last), package, then version numerically', () => {
    const ordered = orderForActivation([
      request('x', 'B', 2, '1.0'),
      request('y', 'A', null, '1.0'),
      request('z', 'A', 1, '1.10'),
      request('w', 'A', 1, '1.9'),
    ]);
    expect(ordered.map((r) => r.id)).toEqual(['w', 'z', 'x', 'y']);
  });

  it('starts a new step when the tier changes or a package appears again (stepped upgrade), others go early', () => {
    const steps = activationSteps([
      request('a1.1', 'A', 1, '1.1'),
      request('a1.0', 'A', 1, '1.0'),
      request('b', 'B', 1, '3.0'),
      request('a1.2', 'A', 1, '1.2'),
      request('c', 'C', 2, '1.0'),
    ]);
    expect(steps.map((s) => s.requests.map((r) => r.id))).toEqual([
      ['a1.0', 'b'],
      ['a1.1'],
      ['a1.2'],
      ['c'],
    ]);
    expect(steps.map((s) => s.tier)).toEqual([1, 1, 1, 2]);
  });

  it.each<[JobStatus[], StepState]>([
    [['Created', 'Created'], 'Ready'],
    [['Pending', 'Succeeded'], 'Running'],
    [['Succeeded', 'InProgress'], 'Running'],
    [['InProgress', 'Failed'], 'Running'],
    [['Succeeded', 'Failed'], 'Failed'],
    [['Succeeded', 'Canceled'], 'Failed'],
    [['Invalid'], 'Failed'],
    [['Succeeded', 'Succeeded'], 'Complete'],
    [['Succeeded', 'Ineligible'], 'Complete'],
    [['Succeeded', 'Created'], 'Partial'],
  ])('a step of %j is %s (an aggregate, not the last request read)', (statuses, state) => {
    expect(stepState(statuses)).toBe(state);
  });
});

describe('planActivation', () => {
  it('activates the first step only', () => {
    const plan = planActivation([
      request('a', 'A', 1, '1.0'),
      request('b', 'B', 1, '1.0'),
      request('c', 'C', 2, '1.0'),
    ]);
    expect(plan.activate).toEqual(['a', 'b']);
    expect(plan.waiting).toEqual([
      { id: 'c', reason: 'Waiting for step 1 (tier 1) to complete', afterFailure: false },
    ]);
    expect(plan.blocked).toBeNull();
  });

  it('moves to the next step when the previous one succeeded', () => {
    const plan = planActivation([
      request('a', 'A', 1, '1.0', 'Succeeded'),
      request('c', 'C', 2, '1.0'),
    ]);
    expect(plan.activate).toEqual(['c']);
  });

  it('waits while a step is still running (weakness 15: [Pending, Succeeded] read as complete)', () => {
    const plan = planActivation([
      request('a', 'A', 1, '1.0', 'Pending'),
      request('b', 'B', 1, '1.0', 'Succeeded'),
      request('c', 'C', 2, '1.0'),
    ]);
    expect(plan.activate).toEqual([]);
    expect(plan.waiting.map((w) => w.id)).toEqual(['c']);
  });

  it('does not proceed after a failed step (weakness 15)', () => {
    const plan = planActivation([
      request('a', 'A', 1, '1.0', 'Failed'),
      request('c', 'C', 2, '1.0'),
    ]);
    expect(plan.activate).toEqual([]);
    expect(plan.waiting).toEqual([
      { id: 'c', reason: 'Step 1 (tier 1) finished with failures', afterFailure: true },
    ]);
  });

  it('steps through versions of one package one at a time', () => {
    const requests = [
      request('v1', 'A', 1, '1.1', 'Succeeded'),
      request('v2', 'A', 1, '1.2'),
      request('v3', 'A', 1, '1.3'),
    ];
    expect(planActivation(requests).activate).toEqual(['v2']);
  });

  it('activates nothing while jobs are still being created', () => {
    const plan = planActivation([
      request('a', 'A', 1, '1.0', 'Created', { jobCount: 3, totalJobCount: 5 }),
      request('b', 'B', 2, '1.0'),
    ]);
    expect(plan.activate).toEqual([]);
    expect(plan.blocked).toBe('Cannot activate: 1 request still scheduling jobs');
    expect(plan.waiting.map((w) => w.id)).toEqual(['a', 'b']);
  });

  it('marks requests without eligible jobs Ineligible and lets the rest go on', () => {
    const plan = planActivation([
      request('a', 'A', 1, '1.0', 'Created', { eligibleJobCount: 0 }),
      request('b', 'B', 2, '1.0'),
    ]);
    expect(plan.ineligible).toEqual(['a']);
    expect(plan.activate).toEqual(['b']);
  });

  it('says so when nothing is eligible', () => {
    const plan = planActivation([request('a', 'A', 1, '1.0', 'Created', { eligibleJobCount: 0 })]);
    expect(plan.ineligible).toEqual(['a']);
    expect(plan.blocked).toBe('None of the selected orgs are eligible for this upgrade');
  });

  it('property: only Created requests are activated, never after an unfinished or failed step, each once', () => {
    const arbitraryRequest = fc.record({
      id: fc.uuid(),
      packageId: fc.constantFrom('A', 'B', 'C'),
      dependencyTier: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      versionSort: fc.constantFrom('1.0', '1.1', '2.0').map((v) => versionSortKey(v)),
      status: fc.constantFrom(...JOB_STATUSES),
      eligibleJobCount: fc.nat({ max: 3 }),
      jobCount: fc.constant(3),
      totalJobCount: fc.constant(3),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(arbitraryRequest, { selector: (r) => r.id, maxLength: 8 }),
        (requests) => {
          const plan = planActivation(requests);
          const activated = new Set(plan.activate);
          expect(activated.size).toBe(plan.activate.length);
          const steps = activationSteps(
            requests.filter((r) => !(r.status === 'Created' && r.eligibleJobCount === 0)),
          );
          let earlierComplete = true;
          for (const step of steps) {
            for (const r of step.requests) {
              if (activated.has(r.id)) {
                expect(r.status).toBe('Created');
                expect(earlierComplete).toBe(true);
              }
            }
            earlierComplete &&= step.state === 'Complete';
          }
        },
      ),
    );
  });
});
