// Retry Failed (docs/product.md "Upgrade actions": a new upgrade for the failed jobs' orgs). Only
// Failed jobs are retried — not Invalid (our own creation error, never a push) nor Ineligible
// (Salesforce refused the org), as domain/actions.ts canRetryUpgrade says. The retry is a new
// upgrade (parent_id = the original) with each failed job's org and target version, planned by the
// SAME eligibility path as scheduling (per target version, so an org is retried only to the version
// that failed): an org blacklisted, no longer licensed or upgraded since is left out and listed on
// the new upgrade's Blacklist tab (weakness 21 in
// docs/architecture.md "Weaknesses of the console Pushboard replaces": retry bypassed all of this).
// The new upgrade is Ready: activating it goes through the activation policy like any other. A
// retry that would reach no org is refused (409 with the reasons) and writes nothing, as scheduling
// is. Exactly once: the transid is derived from the original and its set of failed jobs, so a
// double click (or two operators) gets the same new upgrade, and jobs a live retry already carries
// are not retried again. Retry this cluster (docs/product.md "Failure clusters") is the same retry
// narrowed to one failure cluster's jobs (of one request, on the Request detail).
import { createHash } from 'node:crypto';
import { canRetryUpgrade } from '../../../domain/actions';
import type { ScheduleResult } from '../../../domain/api/upgrade-actions';
import { tierOrder } from '../../../domain/eligibility';
import { sameLeftOutReason, type LeftOutReason } from '../../../domain/left-out';
import type { Actor } from '../../actor';
import { leftOutOrgIds } from '../../db/repositories/upgrades/blacklist-snapshot';
import {
  findFailedJobs,
  type FailedJobFilter,
  type FailedJobRow,
} from '../../db/repositories/upgrades/jobs';
import { plannedOrgVersions } from '../../db/repositories/upgrades/requests';
import {
  findRetriesOf,
  findUpgrade,
  findUpgradeByTransid,
} from '../../db/repositories/upgrades/upgrades';
import { ConflictError, NotFoundError } from '../../errors';
import { audited, STATE_ONLY, type ManageDeps } from './manage-deps';
import type { SchedulePlan } from './plan';
import { refuseNothingToSchedule } from './preview';
import type { UpgradeScheduler } from './schedule';
import { writeUpgrade } from './write-upgrade';

export interface RetryDeps extends ManageDeps {
  scheduler: UpgradeScheduler;
}

/**
 * POST /api/upgrades/retry/:id — answers the retry upgrade (the same one for a repeated click).
 * With a failure key, only that cluster's failed jobs (POST /api/upgrades/:id/failure-clusters/retry).
 */
export async function retryFailed(
  deps: RetryDeps,
  actor: Actor,
  upgradeId: number,
  only: FailedJobFilter = {},
): Promise<ScheduleResult> {
  const { db } = deps;
  const original = await findUpgrade(db, upgradeId);
  if (!original) throw new NotFoundError(`No upgrade ${upgradeId}.`);
  const target = { type: 'upgrade', id: String(upgradeId) };
  const cluster = only.failureKey !== undefined;
  const details = cluster
    ? { failureKey: only.failureKey, ...(only.itemId !== undefined ? { itemId: only.itemId } : {}) }
    : {};
  return audited(deps, actor, 'upgrade.retry', target, details, async (record) => {
    const failed = await findFailedJobs(db, upgradeId, only);
    if (cluster && failed.length === 0) {
      throw new NotFoundError(`No failed job of upgrade ${upgradeId} is in this failure cluster.`);
    }
    const state = canRetryUpgrade(STATE_ONLY, { Failed: failed.length });
    if (!state.allowed) throw new ConflictError(state.reason);

    const children = await retriesOf(deps, upgradeId);
    const covered = new Set(children.planned);
    const toRetry = failed.filter(
      (job) =>
        !covered.has(pairKey(job.org_id, job.version_id)) && !children.leftOut.has(job.org_id),
    );
    if (toRetry.length === 0) {
      const latest = children.live.at(-1)!;
      return {
        id: latest.id,
        transid: latest.transid ?? '',
        message: cluster
          ? `The failed jobs of this cluster were already retried in upgrade ${latest.id}.`
          : `The failed jobs of this upgrade were already retried in upgrade ${latest.id}.`,
      };
    }

    const transid = retryTransid(
      upgradeId,
      toRetry.map((job) => job.id),
      children.canceled,
    );
    const existing = await idOfTransid(deps, transid);
    let id = existing;
    if (id === undefined) {
      // A retry starts at once: orgs whose instance is in a maintenance window now are held.
      const startTime = new Date();
      const plan = await planRetry(deps.scheduler, toRetry, startTime);
      await refuseNothingToSchedule(db, plan);
      id =
        (await writeUpgrade(
          db,
          {
            description: cluster
              ? `Retry of a failure cluster of upgrade ${upgradeId}: ${original.description}`
              : `Retry of upgrade ${upgradeId}: ${original.description}`,
            startTime,
            createdBy: actor.username,
            orgGroupId: original.org_group_id,
            parentId: upgradeId,
            transid,
          },
          plan,
        )) ?? (await idOfTransid(deps, transid));
      if (id === undefined) throw new ConflictError(`The retry of upgrade ${upgradeId} vanished.`);
    }
    const outcome = await deps.scheduler.finish(id, {
      transid,
      created: existing === undefined,
      failSubject: 'Retry Failed',
      audit: (tx, outcome, details) => record(tx, { ...details, transid }, outcome),
    });
    return {
      id: outcome.id,
      transid: outcome.transid,
      ...(outcome.message ? { message: outcome.message } : {}),
    };
  });
}

const pairKey = (orgId: string, versionId: string) => `${orgId.trim()}|${versionId.trim()}`;

/**
 * Earlier retries: the (org, version) pairs the live ones planned and the orgs they left out
 * (both count as retried: a second click must not plan a blacklisted org again), and the
 * canceled ones' ids.
 */
async function retriesOf(deps: ManageDeps, upgradeId: number) {
  const rows = await findRetriesOf(deps.db, upgradeId);
  const live = rows.filter((r) => r.status !== 'Canceled');
  const liveIds = live.map((r) => r.id);
  const planned = await plannedOrgVersions(deps.db, liveIds);
  return {
    live,
    leftOut: await leftOutOrgIds(deps.db, liveIds),
    canceled: rows.filter((r) => r.status === 'Canceled').map((r) => r.id),
    planned: planned.map((r) => pairKey(r.org_id, r.version_id)),
  };
}

/**
 * The idempotency key: the same failed jobs give the same key. A canceled retry frees its jobs
 * for a new one, so the canceled retries are part of the key.
 */
export function retryTransid(
  upgradeId: number,
  jobIds: readonly number[],
  canceledRetries: readonly number[],
): string {
  const digest = createHash('sha256')
    .update(`${[...jobIds].sort((a, b) => a - b).join(',')}|${canceledRetries.join(',')}`)
    .digest('hex')
    .slice(0, 20);
  return `retry-${upgradeId}-${digest}`;
}

async function idOfTransid(deps: ManageDeps, transid: string): Promise<number | undefined> {
  return (await findUpgradeByTransid(deps.db, transid))?.id;
}

/**
 * One plan per failed target version (the org is a candidate for that version only), merged: an
 * org planned for any version is not left out; one left out of all carries every reason.
 */
async function planRetry(
  scheduler: UpgradeScheduler,
  jobs: readonly FailedJobRow[],
  startTime: Date,
): Promise<SchedulePlan> {
  const byVersion = new Map<string, string[]>();
  for (const job of jobs) {
    byVersion.set(job.version_id, [...(byVersion.get(job.version_id) ?? []), job.org_id]);
  }
  const merged: SchedulePlan = { requests: [], leftOut: [] };
  const reasons = new Map<string, LeftOutReason[]>();
  for (const [versionId, orgIds] of byVersion) {
    const plan = await scheduler.planFor(orgIds, [versionId], startTime);
    merged.requests.push(...plan.requests);
    for (const { orgId, reasons: why } of plan.leftOut) {
      const known = reasons.get(orgId) ?? [];
      const added = why.filter((reason) => !known.some((k) => sameLeftOutReason(k, reason)));
      reasons.set(orgId, [...known, ...added]);
    }
  }
  const planned = new Set(merged.requests.flatMap((r) => r.orgs.map((o) => o.orgId)));
  for (const [orgId, why] of reasons) {
    if (!planned.has(orgId)) merged.leftOut.push({ orgId, reasons: why });
  }
  merged.requests.sort(
    (a, b) =>
      tierOrder(a.version.dependency_tier) - tierOrder(b.version.dependency_tier) ||
      a.version.package_id.localeCompare(b.version.package_id) ||
      a.version.version_sort.localeCompare(b.version.version_sort),
  );
  return merged;
}
