// Moves activated push requests through their lives: from the scheduled start the request is
// InProgress and its jobs go Pending → InProgress → Succeeded or Failed on the planned schedule; a
// success upgrades the subscriber (PackageSubscriber) and the LMA license, a failure writes
// PackagePushError rows. The request ends Succeeded if every job succeeded, Failed if at least one
// failed (Object Reference, PackagePushRequest). One unref'd timer drives every org.
import { Rng, hashString } from '../data/rng';
import { formatDateTime, parseDateTime } from '../data/time';
import { auditFields, modifiedStamp } from '../store/family';
import type { Row } from '../store/table';
import type { SimClock, SimPace } from './clock';
import type { PackagingContext } from './directory';
import { failureFor, ineligibleFailure, type PushFailure } from './failures';
import { PACES, planJobs, type PlannedJob } from './plan';
import type { PushActivation } from './rules';

interface ActivePush {
  readonly context: PackagingContext;
  readonly requestId: string;
  readonly activatedMs: number;
  plan?: PlannedJob[];
  byEnd?: PlannedJob[];
  started: number;
  ended: number;
  failed: boolean;
}

/**
 * A share of pushes that fail, for jobs matching every criterion given: to rehearse a version
 * that breaks Enterprise Edition orgs, or orgs on one instance. Criteria compare without regard
 * to case; a version id by its first 15 characters.
 */
export interface FailureRule {
  readonly versionId?: string;
  readonly edition?: string;
  readonly instance?: string;
  readonly rate: number;
}

interface FailureFacts {
  readonly versionId: string;
  readonly instance: string;
  readonly edition: string;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function ruleMatches(rule: FailureRule, facts: FailureFacts): boolean {
  return (
    (rule.versionId === undefined ||
      same(rule.versionId.slice(0, 15), facts.versionId.slice(0, 15))) &&
    (rule.edition === undefined || same(rule.edition, facts.edition)) &&
    (rule.instance === undefined || same(rule.instance, facts.instance))
  );
}

export class PushEngine implements PushActivation {
  private readonly active = new Map<string, ActivePush>();
  private failureRules: FailureRule[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly clock: SimClock,
    private readonly seed: number,
    private failureRate: number,
  ) {}

  setFailureRate(rate: number): void {
    if (!(rate >= 0 && rate <= 1)) throw new RangeError('failure rate must be between 0 and 1');
    this.failureRate = rate;
  }

  get currentFailureRate(): number {
    return this.failureRate;
  }

  /** Replaces the failure rules; a job fails at the highest rate of the rate and its rules. */
  setFailureRules(rules: readonly FailureRule[]): void {
    for (const rule of rules) {
      if (!(rule.rate >= 0 && rule.rate <= 1))
        throw new RangeError('a failure rule rate must be between 0 and 1');
    }
    this.failureRules = rules.map((rule) => ({ ...rule }));
  }

  get currentFailureRules(): readonly FailureRule[] {
    return this.failureRules;
  }

  /** The chance a job of this request fails: the failure rate, or a matching rule's if higher. */
  private failureRateOf(context: PackagingContext, request: Row, job: Row | undefined): number {
    if (this.failureRules.length === 0 || !job) return this.failureRate;
    const orgIndex = context.orgIndex(String(job.SubscriberOrganizationKey));
    const facts: FailureFacts = {
      versionId: textOf(request.PackageVersionId),
      instance: textOf(context.subscriber(orgIndex)?.InstanceName),
      edition: textOf(context.license(orgIndex)?.row.sfLma__Org_Edition__c),
    };
    return this.failureRules
      .filter((rule) => ruleMatches(rule, facts))
      .reduce((rate, rule) => Math.max(rate, rule.rate), this.failureRate);
  }

  /** (Re)starts the timer for the clock's pace; the manual pace has none. */
  start(): void {
    this.stop();
    const { tickMs } = PACES[this.clock.pace];
    if (tickMs > 0) {
      this.timer = setInterval(() => this.tick(), tickMs);
      this.timer.unref();
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  setPace(pace: SimPace): void {
    this.clock.setPace(pace);
    this.start();
  }

  activate(context: PackagingContext, requestId: string, activatedMs: number): void {
    this.active.set(requestId, {
      context,
      requestId,
      activatedMs,
      started: 0,
      ended: 0,
      failed: false,
    });
    // On the instant pace a push whose start time has come finishes within the activating call.
    if (this.clock.pace === 'instant') this.tick();
  }

  /** Applies every step due by now. */
  tick(): void {
    const now = this.clock.now();
    for (const push of [...this.active.values()]) this.advance(push, now);
  }

  get activeCount(): number {
    return this.active.size;
  }

  private advance(push: ActivePush, now: number): void {
    const { context } = push;
    const requestIndex = context.requests.indexOfId(push.requestId);
    const request = context.requests.get(requestIndex);
    if (!request || (request.Status !== 'Pending' && request.Status !== 'InProgress')) {
      this.active.delete(push.requestId);
      return;
    }
    if (!push.plan) {
      const pace = PACES[this.clock.pace];
      const scheduled =
        typeof request.ScheduledStartTime === 'string'
          ? parseDateTime(request.ScheduledStartTime)
          : undefined;
      const startMs = Math.max(push.activatedMs, scheduled ?? 0) + pace.startDelayMs;
      if (now < startMs) return;
      const jobs = (context.jobs.lookup('PackagePushRequestId', [push.requestId]) ?? []).filter(
        (j) => j.Status === 'Pending',
      );
      const indexes = jobs.map((j) => context.jobs.indexOfId(String(j.Id)));
      push.plan = planJobs(indexes, startMs, pace, this.seed, context.org.id15, (index) =>
        this.failureRateOf(context, request, context.jobs.get(index)),
      );
      push.byEnd = [...push.plan].sort((a, b) => a.endMs - b.endMs || a.index - b.index);
      this.write(
        context,
        'requests',
        requestIndex,
        request,
        { Status: 'InProgress', StartTime: formatDateTime(startMs) },
        now,
      );
    }
    const plan = push.plan;
    const byEnd = push.byEnd ?? [];
    while (push.started < plan.length && (plan[push.started]?.startMs ?? Infinity) <= now) {
      const job = plan[push.started++];
      const row = job && context.jobs.get(job.index);
      if (job && row?.Status === 'Pending') {
        this.write(
          context,
          'jobs',
          job.index,
          row,
          { Status: 'InProgress', StartTime: formatDateTime(job.startMs) },
          now,
        );
      }
    }
    while (push.ended < byEnd.length && (byEnd[push.ended]?.endMs ?? Infinity) <= now) {
      const job = byEnd[push.ended++];
      if (job && !this.finishJob(context, job, request, now)) push.failed = true;
    }
    if (push.ended >= plan.length) {
      const startMs =
        (typeof request.StartTime === 'string' ? parseDateTime(request.StartTime) : undefined) ??
        now;
      const endMs = Math.max(startMs, ...plan.map((j) => j.endMs));
      const current = context.requests.get(requestIndex);
      if (current) {
        this.write(
          context,
          'requests',
          requestIndex,
          current,
          {
            Status: push.failed ? 'Failed' : 'Succeeded',
            EndTime: formatDateTime(endMs),
            DurationSeconds: Math.round((endMs - startMs) / 1000),
          },
          now,
        );
      }
      this.active.delete(push.requestId);
    }
  }

  /** Completes one job; returns false when it failed. */
  private finishJob(
    context: PackagingContext,
    job: PlannedJob,
    request: Row,
    now: number,
  ): boolean {
    const row = context.jobs.get(job.index);
    if (!row || (row.Status !== 'InProgress' && row.Status !== 'Pending')) return true;
    const target = context.version(request.PackageVersionId);
    const orgIndex = context.orgIndex(String(row.SubscriberOrganizationKey));
    const subscriber = context.subscriber(orgIndex);
    const installed = subscriber && context.version(subscriber.MetadataPackageVersionId);
    let failures: PushFailure[] = [];
    if (!subscriber || subscriber.OrgStatus === 'Inactive') {
      failures = [
        ineligibleFailure(
          'The package is no longer installed in this organization, or the organization is inactive.',
        ),
      ];
    } else if (target && installed && context.isAtOrAbove(installed, target)) {
      failures = [
        ineligibleFailure(
          `The organization already has version ${installed.number} of this package installed.`,
        ),
      ];
    } else if (job.fails) {
      const rng = Rng.for(this.seed, hashString(`push-error:${context.org.id15}`), job.index);
      failures = failureFor(context.org.namespace ?? 'pkg', rng);
    }
    const timing = {
      EndTime: formatDateTime(job.endMs),
      DurationSeconds: Math.round((job.endMs - job.startMs) / 1000),
      StartTime: row.StartTime ?? formatDateTime(job.startMs),
    };
    if (failures.length > 0) {
      for (const failure of failures) {
        context.errors.insert({
          ...failure,
          PackagePushJobId: row.Id,
          ...auditFields(now, now, context.org.systemUserId, false),
        });
      }
      this.write(context, 'jobs', job.index, row, { Status: 'Failed', ...timing }, now);
      return false;
    }
    if (subscriber && target)
      this.upgrade(context, orgIndex, subscriber, target, String(request.PackageVersionId), now);
    this.write(context, 'jobs', job.index, row, { Status: 'Succeeded', ...timing }, now);
    return true;
  }

  private upgrade(
    context: PackagingContext,
    orgIndex: number,
    subscriber: Row,
    target: NonNullable<ReturnType<PackagingContext['version']>>,
    targetId: string,
    now: number,
  ): void {
    context.subscribers.put(orgIndex, {
      ...subscriber,
      MetadataPackageVersionId: targetId,
      ...modifiedStamp(now, context.org.systemUserId),
    });
    const license = context.license(orgIndex);
    const lmaVersionId = context.lmaVersionId(target);
    if (license && lmaVersionId) {
      license.table.put(license.index, {
        ...license.row,
        sfLma__Package_Version__c: lmaVersionId,
        ...modifiedStamp(now, context.lmaSystemUserId),
      });
    }
  }

  private write(
    context: PackagingContext,
    table: 'requests' | 'jobs',
    index: number,
    row: Row,
    changes: Record<string, unknown>,
    now: number,
  ): void {
    context[table].put(index, {
      ...row,
      ...changes,
      ...modifiedStamp(now, context.org.systemUserId),
    });
  }
}
