// Brings Salesforce in line with an upgrade's plan, and is safe to run again at any point: one
// PackagePushRequest per item (created only while the item has no push_request_id), then for each
// planned org without a local job row, first the request's PackagePushJobs already in Salesforce
// (adopted, never created twice), then the rest in sObject collections of 200 with bounded
// concurrency. Local job rows are written only after Salesforce answered for them.
import { z } from 'zod';
import type { Database, SqlClient } from '../../db/database';
import { insertJobs, type NewJob } from '../../db/repositories/upgrades/jobs';
import {
  claimPushRequest,
  findRequestsToPush,
  missingPlannedOrgs,
  type RequestToPush,
} from '../../db/repositories/upgrades/requests';
import { SalesforceError } from '../../errors';
import type { SalesforceGateway } from '../../salesforce/gateway';
import { createPushRequestOnce } from './push-request-create';
import {
  COLLECTION_LIMIT,
  type OrgConnection,
  type SaveResult,
} from '../../salesforce/org-connection';

/** Salesforce refused to create a push request (a permanent answer: the upgrade has failed). */
export class PushRequestRefused extends SalesforceError {}

export interface PushDeps {
  db: Database;
  gateway: SalesforceGateway;
  /** Collection calls in flight at once across the upgrade's requests. */
  concurrency: number;
  /** Records per collection call (≤ 200). */
  chunkSize?: number;
}

const sfJobSchema = z.object({
  Id: z.string(),
  SubscriberOrganizationKey: z.string(),
  Status: z.string(),
});

const messageOf = (result: SaveResult) =>
  result.errors.map((e) => e.message).join(', ') || 'Salesforce refused the record.';

/** Creates whatever of the upgrade's plan is missing in Salesforce; returns the jobs written. */
export async function pushUpgrade(deps: PushDeps, upgradeId: number): Promise<number> {
  const { db } = deps;
  const items = await findRequestsToPush(db, upgradeId);

  // Requests first, one after another (there are few): a refusal fails the upgrade before any job.
  for (const item of items) {
    if (item.push_request_id) continue;
    const conn = await deps.gateway.connect(item.package_org_id.trim());
    const start = new Date(item.scheduled_start_time).toISOString();
    // Once, even when an answer was lost or a process died after Salesforce created it.
    const outcome = await createPushRequestOnce(
      db,
      conn,
      { versionId: item.version_id.trim(), start },
      (id) => claimPushRequest(db, item.id, id),
    );
    if ('refused' in outcome) {
      const result = outcome.refused;
      throw new PushRequestRefused(
        result ? messageOf(result) : 'Salesforce did not answer',
        result?.errors[0]?.statusCode,
      );
    }
    item.push_request_id = outcome.id;
  }

  const chunkSize = Math.min(deps.chunkSize ?? COLLECTION_LIMIT, COLLECTION_LIMIT);
  const tasks: (() => Promise<number>)[] = [];
  const afterwards: (() => Promise<number>)[] = [];
  let adoptedCount = 0;
  for (const item of items) {
    const missing = await missingPlannedOrgs(db, item.id);
    if (missing.length === 0) continue;
    const requestId = (item.push_request_id ?? '').trim();
    const conn = await deps.gateway.connect(item.package_org_id.trim());
    // Crash safety: jobs Salesforce already holds for this request are adopted, not created again.
    const adopted = await adoptExisting(db, conn, item, requestId, missing);
    adoptedCount += adopted.size;
    const toCreate = missing.filter((m) => !adopted.has(m.orgId));
    const duplicates: { orgId: string; originalVersionId: string | null; message: string }[] = [];
    for (let start = 0; start < toCreate.length; start += chunkSize) {
      const chunk = toCreate.slice(start, start + chunkSize);
      tasks.push(async () => {
        const results = await conn.create(
          'PackagePushJob',
          chunk.map((m) => ({
            PackagePushRequestId: requestId,
            SubscriberOrganizationKey: m.orgId,
          })),
        );
        const rows: NewJob[] = [];
        chunk.forEach((m, index) => {
          const result = results[index];
          if (result?.success && result.id) {
            rows.push({ ...m, jobId: result.id, status: 'Created', message: null });
          } else if (result?.errors.some((e) => e.statusCode === 'DUPLICATE_VALUE')) {
            // Salesforce already has this org's job (an earlier attempt got through): adopt it below.
            duplicates.push({ ...m, message: messageOf(result) });
          } else {
            const message = result ? messageOf(result) : 'Salesforce did not answer for this org.';
            rows.push({ ...m, jobId: null, status: 'Ineligible', message });
          }
        });
        return insertJobs(db, jobsOf(item, requestId), rows);
      });
    }
    afterwards.push(async () => {
      if (duplicates.length === 0) return 0;
      const found = await adoptExisting(db, conn, item, requestId, duplicates);
      const lost = duplicates.filter((d) => !found.has(d.orgId));
      return (
        found.size +
        (await insertJobs(
          db,
          jobsOf(item, requestId),
          lost.map((d) => ({ ...d, jobId: null, status: 'Ineligible' })),
        ))
      );
    });
  }
  const written = await runLimited(tasks, deps.concurrency);
  const reconciled = await runLimited(afterwards, deps.concurrency);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return adoptedCount + sum(written) + sum(reconciled);
}

/** Whose jobs the rows are: the request and its push request. */
const jobsOf = (item: RequestToPush, pushRequestId: string) => ({
  upgradeId: item.upgrade_id,
  itemId: item.id,
  pushRequestId,
});

/** Writes local rows for the request's Salesforce jobs of the given orgs; answers those orgs. */
async function adoptExisting(
  db: SqlClient,
  conn: OrgConnection,
  item: RequestToPush,
  requestId: string,
  orgs: readonly { orgId: string; originalVersionId: string | null }[],
): Promise<Set<string>> {
  const existing = await conn.queryAll(
    `SELECT Id, SubscriberOrganizationKey, Status FROM PackagePushJob
      WHERE PackagePushRequestId = '${requestId}' ORDER BY Id`,
    sfJobSchema,
  );
  const byOrg = new Map(existing.map((job) => [job.SubscriberOrganizationKey.slice(0, 15), job]));
  const rows: NewJob[] = [];
  for (const org of orgs) {
    const job = byOrg.get(org.orgId.slice(0, 15));
    if (job) rows.push({ ...org, jobId: job.Id, status: job.Status, message: null });
  }
  await insertJobs(db, jobsOf(item, requestId), rows);
  return new Set(rows.map((r) => r.orgId));
}

/** Runs tasks with at most `limit` in flight; the first failure rejects after the others settle. */
export async function runLimited<T>(
  tasks: readonly (() => Promise<T>)[],
  limit: number,
): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < tasks.length && !failure) {
      const index = next++;
      try {
        results[index] = await tasks[index]!();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker));
  if (failure) throw failure.error;
  return results;
}
