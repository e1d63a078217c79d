// The upgrade monitor's reconciliation (docs/architecture.md "The upgrade monitor"): brings local
// requests and jobs in line with Salesforce, incrementally and set-based. Per packaging org it
// reads the watched PackagePushRequests by id (100 per query) and only the PackagePushJobs modified
// since each request's watermark (SystemModstamp), then PackagePushError for newly failed jobs
// only. What it read is written in one transaction (reconcile-write.ts), interrupted activations
// are recorded with it (interrupted-activation.ts), and live events follow the commit.
import { z } from 'zod';
import type { Database, SqlClient } from '../../db/database';
import { findNewlyFailedJobs } from '../../db/repositories/upgrades/jobs';
import {
  findWatchedRequests,
  type WatchedItem,
} from '../../db/repositories/upgrades/request-monitor';
import type { LivePublisher } from '../../live/live-channel';
import type { SalesforceGateway } from '../../salesforce/gateway';
import type { OrgConnection } from '../../salesforce/org-connection';
import { soqlDateTime, soqlIdList } from '../../salesforce/soql';
import { recordInterruptedActivations } from './interrupted-activation';
import { runLimited } from './push-jobs';
import {
  finishUpgrades,
  jobSchema,
  requestSchema,
  writeJobs,
  writeRequests,
  type OrgReading,
} from './reconcile-write';

export interface ReconcileDeps {
  db: Database;
  gateway: SalesforceGateway;
  live: LivePublisher;
  /** Packaging orgs read at once (default 4). */
  concurrency?: number;
}

/** Restricts a cycle to some upgrades or requests (Refresh); absent = every running request. */
export interface ReconcileScope {
  upgradeIds?: readonly number[];
  itemIds?: readonly number[];
}

export interface ReconcileResult {
  /** Requests read from Salesforce. */
  requests: number;
  /** Job rows that changed. */
  jobs: number;
  /** Upgrades whose requests or jobs changed, or that ended. */
  upgradeIds: number[];
}

/** The job message when Salesforce says Failed without any PackagePushError. */
export const UNKNOWN_FAILURE = {
  title: 'Unknown failure',
  details: '',
  message: 'Salesforce reported the push job as failed but recorded no error for it.',
};

const REQUESTS_PER_QUERY = 100;
const ERRORS_PER_QUERY = 200;

const errorSchema = z.object({
  PackagePushJobId: z.string(),
  ErrorType: z.string().nullish(),
  ErrorTitle: z.string().nullish(),
  ErrorDetails: z.string().nullish(),
  ErrorMessage: z.string().nullish(),
});

/** One monitor cycle (or a Refresh, with a scope). */
export async function reconcileUpgrades(
  deps: ReconcileDeps,
  scope: ReconcileScope = {},
  signal?: AbortSignal,
): Promise<ReconcileResult> {
  const { db } = deps;
  const items = await findWatchedRequests(db, scope);
  const byOrg = new Map<string, WatchedItem[]>();
  for (const item of items) {
    byOrg.set(item.package_org_id, [...(byOrg.get(item.package_org_id) ?? []), item]);
  }
  const readings = await runLimited(
    [...byOrg].map(
      ([orgId, orgItems]) =>
        () =>
          readOrg(deps, db, orgId, orgItems, signal),
    ),
    deps.concurrency ?? 4,
  );
  const reading: OrgReading = { requests: [], jobs: [], errors: new Map() };
  for (const r of readings) {
    reading.requests.push(...r.requests);
    reading.jobs.push(...r.jobs);
    for (const [id, message] of r.errors) reading.errors.set(id, message);
  }

  const changed = new Set<number>();
  let jobs = 0;
  await db.transaction(async (tx) => {
    const jobChanges = await writeJobs(tx, reading);
    jobs = jobChanges.length;
    for (const upgradeId of jobChanges) changed.add(upgradeId);
    for (const upgradeId of await writeRequests(tx, items, reading)) changed.add(upgradeId);
    const sfStatus = new Map(reading.requests.map((r) => [r.Id, r.Status]));
    for (const upgradeId of await recordInterruptedActivations(tx, items, sfStatus)) {
      changed.add(upgradeId);
    }
    const scopeIds =
      scope.upgradeIds || scope.itemIds ? [...new Set(items.map((i) => i.upgrade_id))] : null;
    for (const upgradeId of await finishUpgrades(tx, scopeIds ?? [...changed], !scopeIds)) {
      changed.add(upgradeId);
    }
  });
  const ids = [...changed].sort((a, b) => a - b);
  if (ids.length > 0) {
    deps.live.publish('upgrade-jobs', { ids });
    deps.live.publish('upgrade-items', { ids });
    deps.live.publish('upgrade', { ids });
    deps.live.publish('upgrades', { ids });
  }
  return { requests: items.length, jobs, upgradeIds: ids };
}

async function readOrg(
  deps: ReconcileDeps,
  db: SqlClient,
  orgId: string,
  items: readonly WatchedItem[],
  signal: AbortSignal | undefined,
): Promise<OrgReading> {
  const conn = await deps.gateway.connect(orgId);
  const reading: OrgReading = { requests: [], jobs: [], errors: new Map() };
  for (let start = 0; start < items.length; start += REQUESTS_PER_QUERY) {
    const chunk = items.slice(start, start + REQUESTS_PER_QUERY);
    const ids = soqlIdList(chunk.map((i) => i.push_request_id));
    // Requests before jobs: a request read as finished has its jobs' final state in the next read.
    reading.requests.push(
      ...(await conn.queryAll(
        `SELECT Id, Status, StartTime, EndTime, DurationSeconds FROM PackagePushRequest WHERE Id IN ${ids}`,
        requestSchema,
        signal ? { signal } : {},
      )),
    );
    const marks = chunk.map((i) => (i.jobs_modstamp ? new Date(i.jobs_modstamp) : null));
    const since = marks.some((m) => m === null)
      ? null
      : new Date(Math.min(...marks.map((m) => m?.getTime() ?? 0)));
    reading.jobs.push(
      ...(await conn.queryAll(
        `SELECT Id, PackagePushRequestId, Status, StartTime, EndTime, DurationSeconds, SystemModstamp
           FROM PackagePushJob WHERE PackagePushRequestId IN ${ids}${
             since ? ` AND SystemModstamp >= ${soqlDateTime(since)}` : ''
           }`,
        jobSchema,
        { batchSize: 2000, ...(signal ? { signal } : {}) },
      )),
    );
  }
  const failed = reading.jobs.filter((j) => j.Status === 'Failed').map((j) => j.Id);
  const needErrors = await findNewlyFailedJobs(db, failed);
  for (const [id, message] of await readErrors(conn, needErrors, signal)) {
    reading.errors.set(id, message);
  }
  return reading;
}

/**
 * PackagePushError rows as each job's message: a JSON list of {type, title, details, message} (the
 * type and title name a failure cluster, docs/product.md "Failure clusters").
 */
async function readErrors(
  conn: OrgConnection,
  jobIds: readonly string[],
  signal: AbortSignal | undefined,
): Promise<Map<string, string>> {
  const lists = new Map<
    string,
    { type?: string; title: string; details: string; message: string }[]
  >(jobIds.map((id) => [id, []]));
  for (let start = 0; start < jobIds.length; start += ERRORS_PER_QUERY) {
    const chunk = jobIds.slice(start, start + ERRORS_PER_QUERY);
    const errors = await conn.queryAll(
      `SELECT PackagePushJobId, ErrorType, ErrorTitle, ErrorDetails, ErrorMessage FROM PackagePushError
        WHERE PackagePushJobId IN ${soqlIdList(chunk)} ORDER BY PackagePushJobId, Id`,
      errorSchema,
      signal ? { signal } : {},
    );
    for (const e of errors) {
      lists.get(e.PackagePushJobId)?.push({
        ...(e.ErrorType ? { type: e.ErrorType } : {}),
        title: e.ErrorTitle ?? '',
        details: e.ErrorDetails ?? '',
        message: e.ErrorMessage ?? '',
      });
    }
  }
  return new Map(
    [...lists].map(([id, list]) => [
      id,
      JSON.stringify(list.length > 0 ? list : [UNKNOWN_FAILURE]),
    ]),
  );
}
