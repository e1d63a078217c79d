// The upgrade monitor's writes (reconcile.ts reads): what Salesforce said of the watched push
// requests and jobs, applied set-based in the cycle's one transaction — job statuses, times and
// error messages, the installed version of orgs whose job succeeded, request statuses and job
// watermarks, and upgrades with nothing left to run ending 'Done' ('Complete with N failure(s)').
import { z } from 'zod';
import { failureKey } from '../../../domain/failure-clusters';
import { completeWithFailures, TERMINAL_STATUSES, isJobStatus } from '../../../domain/statuses';
import type { SqlClient } from '../../db/database';
import { shiftAdoption } from '../../db/repositories/adoption';
import {
  applyJobSnapshots,
  installPushedVersions,
  lockInstalledVersionsOfJobs,
} from '../../db/repositories/upgrades/jobs';
import {
  applyRequestSnapshots,
  markUnpushedRequestsIneligible,
  type WatchedItem,
} from '../../db/repositories/upgrades/request-monitor';
import { markUpgradeDone, tallyRunningUpgrades } from '../../db/repositories/upgrades/upgrades';
import { emitUpgradeFinished } from '../webhooks/emit';

export type { WatchedItem };

const ROWS_PER_UPDATE = 5_000;

export const requestSchema = z.object({
  Id: z.string(),
  Status: z.string(),
  StartTime: z.string().nullish(),
  EndTime: z.string().nullish(),
  DurationSeconds: z.number().nullish(),
});
export const jobSchema = requestSchema.extend({
  PackagePushRequestId: z.string(),
  SystemModstamp: z.string(),
});

type SfRequest = z.infer<typeof requestSchema>;
type SfJob = z.infer<typeof jobSchema>;

export interface OrgReading {
  requests: SfRequest[];
  jobs: SfJob[];
  /** Error JSON by job id, for jobs that turned Failed. */
  errors: Map<string, string>;
}

/**
 * Updates the jobs that changed; a job that succeeded also moves its org's installed version to
 * the request's target. Answers the upgrade ids of changed jobs (one per changed job).
 */
export async function writeJobs(tx: SqlClient, reading: OrgReading): Promise<number[]> {
  const upgradeIds: number[] = [];
  const jobs = reading.jobs.filter((j) => isJobStatus(j.Status));
  for (let start = 0; start < jobs.length; start += ROWS_PER_UPDATE) {
    const chunk = jobs.slice(start, start + ROWS_PER_UPDATE);
    // Installed versions before jobs, the order a fetch takes them in (its triggers write jobs).
    await lockInstalledVersionsOfJobs(
      tx,
      chunk.filter((j) => j.Status === 'Succeeded').map((j) => j.Id),
    );
    const rows = await applyJobSnapshots(
      tx,
      chunk.map((j) => {
        const message = reading.errors.get(j.Id) ?? null;
        return {
          jobId: j.Id,
          status: j.Status,
          startTime: j.StartTime ?? null,
          endTime: j.EndTime ?? null,
          duration: j.DurationSeconds ?? null,
          message,
          // Written with the message, so clusters group on an index (docs/product.md
          // "Failure clusters").
          failureKey: message === null ? null : failureKey(message),
        };
      }),
    );
    for (const row of rows) upgradeIds.push(row.upgrade_id);
    const succeeded = rows.filter((r) => r.status === 'Succeeded');
    if (succeeded.length > 0) {
      const moves = await installPushedVersions(
        tx,
        succeeded.map((r) => ({ itemId: r.item_id, orgId: r.org_id.trim() })),
      );
      // The Adoption tab follows the push, not only the next fetch.
      await shiftAdoption(tx, moves);
    }
  }
  return [...new Set(upgradeIds)];
}

/** Copies request status and times, and advances each request's job watermark. */
export async function writeRequests(
  tx: SqlClient,
  items: readonly WatchedItem[],
  reading: OrgReading,
): Promise<number[]> {
  const marks = new Map<string, string>();
  for (const job of reading.jobs) {
    const mark = marks.get(job.PackagePushRequestId);
    if (!mark || Date.parse(job.SystemModstamp) > Date.parse(mark)) {
      marks.set(job.PackagePushRequestId, job.SystemModstamp);
    }
  }
  const sfOf = new Map(reading.requests.map((r) => [r.Id, r]));
  const rows = items.flatMap((item) => {
    const sf = sfOf.get(item.push_request_id);
    if (!sf || !isJobStatus(sf.Status)) return [];
    // A snapshot never moves a finished request back (a local Ineligible stays so).
    const status =
      TERMINAL_STATUSES.has(item.status) && !TERMINAL_STATUSES.has(sf.Status)
        ? item.status
        : sf.Status;
    return [{ item, sf, status, mark: marks.get(item.push_request_id) ?? null }];
  });
  if (rows.length === 0) return [];
  await applyRequestSnapshots(
    tx,
    rows.map((r) => ({
      id: r.item.id,
      status: r.status,
      startTime: r.sf.StartTime ?? null,
      endTime: r.sf.EndTime ?? null,
      duration: r.sf.DurationSeconds ?? null,
      jobsModstamp: r.mark,
    })),
  );
  // A moved watermark alone is no news for the screens.
  const time = (value: Date | string | null | undefined) =>
    value ? new Date(value).getTime() : null;
  const changed = rows.filter(
    (r) =>
      r.status !== r.item.status ||
      time(r.sf.StartTime) !== time(r.item.start_time) ||
      time(r.sf.EndTime) !== time(r.item.end_time),
  );
  return [...new Set(changed.map((r) => r.item.upgrade_id))];
}

/**
 * Upgrades (Ready or Active) with nothing left to run end Done: every planned job exists and none
 * is Created, Pending or InProgress. Requests left Created without an eligible job become
 * Ineligible. With `all`, every Active upgrade and every
 * Ready one whose start has come is checked (all its jobs may have been refused), else only the given ones.
 */
export async function finishUpgrades(
  tx: SqlClient,
  upgradeIds: readonly number[],
  all: boolean,
): Promise<number[]> {
  const rows = await tallyRunningUpgrades(tx, upgradeIds, all);
  const done = rows.filter((r) => !r.scheduling && r.runnable === 0);
  for (const upgrade of done) {
    await markUnpushedRequestsIneligible(tx, upgrade.id);
    await markUpgradeDone(
      tx,
      upgrade.id,
      upgrade.errors > 0 ? completeWithFailures(upgrade.errors) : null,
    );
    await emitUpgradeFinished(tx, upgrade.id, upgrade.errors);
  }
  return done.map((d) => d.id);
}
