// Activation order of an upgrade's requests: dependency tiers, lowest first, and stepped upgrades
// of one package one step at a time (docs/product.md "Activation and dependency tiers"). A step
// starts only after every earlier step finished without failure, and a step's state is an aggregate
// of all its requests, not whichever request was read last (weakness 15 in
// docs/architecture.md "Weaknesses of the console Pushboard replaces").
import { tierOrder } from './eligibility';
import { countNoun } from './format';
import { compareVersionSortKeys } from './versions';
import type { JobStatus } from './statuses';

/** A request of an upgrade, as the activation planner needs it. */
export interface TieredRequest<Id = unknown> {
  readonly id: Id;
  readonly packageId: string;
  readonly dependencyTier: number | null;
  readonly versionSort: string;
  readonly status: JobStatus;
  /** Job rows that are not Ineligible; 0 means nothing can be pushed. */
  readonly eligibleJobCount: number;
  /** Job rows created so far and planned in total; unequal while jobs are still being created. */
  readonly jobCount: number;
  readonly totalJobCount: number;
}

/** The aggregate state of one activation step. */
export type StepState = 'Ready' | 'Running' | 'Partial' | 'Complete' | 'Failed';

/** Requests activated together: one dependency tier, at most one version per package. */
export interface ActivationStep<R> {
  readonly index: number;
  readonly tier: number | null;
  readonly requests: readonly R[];
  readonly state: StepState;
}

/** Orders requests by tier (no tier last), package, then version. */
export function orderForActivation<R extends TieredRequest>(requests: readonly R[]): R[] {
  return [...requests].sort(
    (a, b) =>
      tierOrder(a.dependencyTier) - tierOrder(b.dependencyTier) ||
      (a.packageId < b.packageId ? -1 : a.packageId > b.packageId ? 1 : 0) ||
      compareVersionSortKeys(a.versionSort, b.versionSort),
  );
}

const RUNNING: ReadonlySet<JobStatus> = new Set<JobStatus>(['Pending', 'InProgress']);
const FAILED: ReadonlySet<JobStatus> = new Set<JobStatus>(['Failed', 'Invalid', 'Canceled']);
const FINISHED_OK: ReadonlySet<JobStatus> = new Set<JobStatus>(['Succeeded', 'Ineligible']);

/**
 * A step's state: Running if any request is Pending or InProgress; else Failed if any request
 * Failed, is Invalid or was Canceled; Complete when every request Succeeded (or was Ineligible,
 * i.e. had nothing to push); Ready when none has started; Partial when some finished and some
 * are still Created.
 */
export function stepState(statuses: readonly JobStatus[]): StepState {
  if (statuses.some((s) => RUNNING.has(s))) return 'Running';
  if (statuses.some((s) => FAILED.has(s))) return 'Failed';
  if (statuses.every((s) => FINISHED_OK.has(s))) return 'Complete';
  if (statuses.every((s) => s === 'Created')) return 'Ready';
  return 'Partial';
}

/**
 * Groups requests into steps: tiers in order, and within a tier the n-th version of each
 * package in the n-th step, so a package appears at most once per step (1.0 → 1.1 → 1.2 are
 * three steps) while packages with fewer versions go in the earliest steps.
 */
export function activationSteps<R extends TieredRequest>(
  requests: readonly R[],
): ActivationStep<R>[] {
  const groups: R[][] = [];
  let tierStart = 0;
  let tier: number | undefined;
  const rankOf = new Map<string, number>();
  for (const request of orderForActivation(requests)) {
    if (tier !== tierOrder(request.dependencyTier)) {
      tier = tierOrder(request.dependencyTier);
      tierStart = groups.length;
      rankOf.clear();
    }
    const rank = rankOf.get(request.packageId) ?? 0;
    rankOf.set(request.packageId, rank + 1);
    const group = (groups[tierStart + rank] ??= []);
    group.push(request);
  }
  return groups.map((group, index) => ({
    index,
    tier: group[0]?.dependencyTier ?? null,
    requests: group,
    state: stepState(group.map((r) => r.status)),
  }));
}

/** Why a request is not activated now. */
export interface WaitingRequest<Id> {
  readonly id: Id;
  readonly reason: string;
  /** Held because an earlier step finished with failures (a person decides), not still running. */
  readonly afterFailure: boolean;
}

/** What activation may do right now. */
export interface ActivationPlan<Id> {
  /** Created requests that may be activated now. */
  readonly activate: Id[];
  /** Created requests with no eligible job: mark them Ineligible instead of activating. */
  readonly ineligible: Id[];
  /** Created requests that must wait, with the reason. */
  readonly waiting: WaitingRequest<Id>[];
  /** Set when nothing may be activated at all (still scheduling, or nothing eligible). */
  readonly blocked: string | null;
}

/**
 * Plans activation: nothing while any request is still creating jobs; requests without eligible
 * jobs become Ineligible; Created requests of the first unfinished step are activated once
 * every earlier step is Complete; after a Failed step, later steps wait for a person.
 */
export function planActivation<Id>(requests: readonly TieredRequest<Id>[]): ActivationPlan<Id> {
  const scheduling = requests.filter((r) => r.jobCount !== r.totalJobCount);
  if (scheduling.length > 0) {
    return {
      activate: [],
      ineligible: [],
      waiting: requests
        .filter((r) => r.status === 'Created')
        .map((r) => ({ id: r.id, reason: 'Jobs are still being created', afterFailure: false })),
      blocked: `Cannot activate: ${countNoun(scheduling.length, 'request')} still scheduling jobs`,
    };
  }
  const ineligible = requests.filter((r) => r.status === 'Created' && r.eligibleJobCount === 0);
  const considered = requests.filter((r) => !(r.status === 'Created' && r.eligibleJobCount === 0));
  const plan = {
    activate: [] as Id[],
    ineligible: ineligible.map((r) => r.id),
    waiting: [] as WaitingRequest<Id>[],
  };
  if (!considered.some((r) => r.status !== 'Ineligible')) {
    return { ...plan, blocked: 'None of the selected orgs are eligible for this upgrade' };
  }
  let gate: { reason: string; afterFailure: boolean } | null = null;
  for (const step of activationSteps(considered)) {
    const created = step.requests.filter((r) => r.status === 'Created');
    if (gate !== null) {
      const held = gate;
      plan.waiting.push(...created.map((r) => ({ id: r.id, ...held })));
    } else {
      plan.activate.push(...created.map((r) => r.id));
    }
    if (gate === null && step.state !== 'Complete') {
      const afterFailure = step.state === 'Failed';
      const reason = afterFailure
        ? `Step ${step.index + 1} (tier ${step.tier ?? 'none'}) finished with failures`
        : `Waiting for step ${step.index + 1} (tier ${step.tier ?? 'none'}) to complete`;
      gate = { reason, afterFailure };
    }
  }
  return { ...plan, blocked: null };
}
