// Scheduling killed with SIGKILL mid-way (exactly once,
// docs/architecture.md "One schedule, end to end"): a real child process schedules an upgrade for a
// 2 000-org group against a slowed simulator and is killed while its PackagePushJobs are being
// created, with collection calls in flight. The Fetch Upgrades job, which the restarted server
// runs, then resumes the scheduling: the simulator holds exactly one push job per planned org and
// request, Pushboard's job rows match them one to one, and the upgrade stores what a clean schedule
// stores (the plan of the same eligibility code, every job Created). PostgreSQL only: PGlite cannot
// be shared between processes.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { describeLeftOut } from '../../../domain/left-out';
import { loadConfig, upgradeSettings } from '../../config';
import { fetchAllJob } from '../../sync/fetch-job';
import { RecordingLive, runJob } from '../../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../../sync/testing/sync-harness';
import { UpgradeScheduler } from './schedule';
import { upgradeJobDefinitions } from './upgrade-job-definitions';

/** Added to every API call of the packaging orgs (plus up to as much again), so the kill lands mid-way. */
const SLOW_MS = 300;
const waitFor = <T>(check: () => Promise<T> | T, timeout = 60_000) =>
  vi.waitFor(check, { timeout, interval: 50 });

const sfJobSchema = z.object({ Id: z.string(), SubscriberOrganizationKey: z.string() });

interface JobRow {
  version_id: string;
  org_id: string;
  original_version_id: string | null;
  job_id: string | null;
  status: string;
  message: string | null;
}

/** PackagePushJob and PackagePushRequest records in every packaging org of the simulator. */
function simulatorPushCounts(h: SyncHarness): { jobs: number; requests: number } {
  let jobs = 0;
  let requests = 0;
  for (const orgId of h.packagingIds.values()) {
    const counts = h.sim.control.counts(orgId)[orgId] ?? {};
    jobs += counts.PackagePushJob ?? 0;
    requests += counts.PackagePushRequest ?? 0;
  }
  return { jobs, requests };
}

describe('scheduling killed with SIGKILL while push jobs are being created', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'resumes to exactly one push job per planned org, matching the local rows and a clean run',
    async () => {
      const h = await startSyncHarness({ dataset: 'demo' });
      const db = h.testDb.db;
      const rows = async <T>(sql: string, params: unknown[] = []) =>
        (await db.query<T>(sql, params)).rows;
      let child: ChildProcess | undefined;
      try {
        const fetched = await runJob(fetchAllJob(h.deps));
        expect(fetched.errorMessages()).toEqual([]);
        h.sim.control.setFailureRate(0);

        // Every org of the dataset, upgraded to the latest version of every package.
        const [group] = await rows<{ id: number }>(
          `INSERT INTO org_group (name, type) VALUES ('Crash', 'Upgrade Group') RETURNING id::int AS id`,
        );
        await db.query(
          `INSERT INTO org_group_member (org_group_id, org_id) SELECT $1, org_id FROM org`,
          [group!.id],
        );
        const members = await rows<{ n: number }>(
          `SELECT count(*)::int AS n FROM org_group_member WHERE org_group_id = $1`,
          [group!.id],
        );
        expect(members[0]!.n).toBe(2_000);
        const versions = (
          await rows<{ version_id: string }>(
            `SELECT l.version_id FROM package_version_latest l JOIN package p ON p.sfid = l.package_id
              WHERE p.package_org_id IS NOT NULL ORDER BY l.package_id`,
          )
        ).map((r) => r.version_id.trim());
        expect(versions.length).toBeGreaterThan(1);
        const transid = `crash-${Date.now()}`;
        const before = simulatorPushCounts(h);

        for (const orgId of h.packagingIds.values()) {
          h.sim.control.setFaults(orgId, { latencyMs: SLOW_MS, latencyJitterMs: SLOW_MS });
        }
        const script = fileURLToPath(
          new URL('./testing/schedule-worker-process.ts', import.meta.url),
        );
        const worker = spawn(process.execPath, ['--import', 'tsx', script], {
          env: {
            ...process.env,
            DATABASE_URL: h.testDb.url,
            SIM_URL: h.sim.url,
            GROUP_ID: String(group!.id),
            VERSIONS: versions.join(','),
            TRANSID: transid,
            START: new Date(h.sim.control.now().getTime() + 3_600_000).toISOString(),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child = worker;
        let output = '';
        worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

        // The plan is written before any Salesforce call: its size is the number of jobs to expect.
        const planned = async () =>
          (
            await rows<{ n: number }>(
              `SELECT count(*)::int AS n FROM upgrade_item_plan p
                 JOIN upgrade_item i ON i.id = p.item_id JOIN upgrade u ON u.id = i.upgrade_id
                WHERE u.transid = $1`,
              [transid],
            )
          )[0]!.n;
        let total = 0;
        await waitFor(async () => {
          total = await planned();
          expect(total, output).toBeGreaterThan(0);
          // Some collection calls answered, most not yet sent.
          expect(simulatorPushCounts(h).jobs - before.jobs, output).toBeGreaterThanOrEqual(400);
        });
        const exited = once(worker, 'exit');
        expect(worker.kill('SIGKILL')).toBe(true);
        await exited;
        expect(output).not.toContain('scheduled');

        // Calls in flight at the kill may still land in Salesforce; wait until it is quiet.
        let last = -1;
        await waitFor(async () => {
          const now = simulatorPushCounts(h).jobs;
          const settled = now === last;
          last = now;
          if (!settled) await new Promise((resolve) => setTimeout(resolve, 2 * SLOW_MS + 200));
          expect(settled).toBe(true);
        });
        h.sim.control.clearFaults();

        const [upgrade] = await rows<{ id: number }>(
          `SELECT id::int AS id FROM upgrade WHERE transid = $1`,
          [transid],
        );
        const upgradeId = upgrade!.id;
        const localBefore = (
          await rows<{ n: number }>(
            `SELECT count(*)::int AS n FROM upgrade_job WHERE upgrade_id = $1`,
            [upgradeId],
          )
        )[0]!.n;
        const remoteBefore = simulatorPushCounts(h).jobs - before.jobs;
        // Cut short: Salesforce holds some of the jobs, not all; Pushboard at most as many.
        expect(remoteBefore).toBeGreaterThan(0);
        expect(remoteBefore).toBeLessThan(total);
        // Pushboard recorded no job Salesforce does not hold. (Jobs Salesforce accepted whose
        // answers were never read are the lost-answer faults of upgrade-faults.test.ts.)
        const recordedBefore = (
          await rows<{ n: number }>(
            `SELECT count(*)::int AS n FROM upgrade_job WHERE upgrade_id = $1 AND job_id IS NOT NULL`,
            [upgradeId],
          )
        )[0]!.n;
        expect(recordedBefore).toBeLessThanOrEqual(remoteBefore);

        // The restart: the Fetch Upgrades job resumes what the dead process left unfinished.
        const config = loadConfig({});
        const live = new RecordingLive();
        const scheduler = new UpgradeScheduler({
          db,
          gateway: h.gateway,
          live,
          settings: upgradeSettings(config).lists,
        });
        expect(await scheduler.unfinished()).toEqual([upgradeId]);
        const [fetchUpgrades] = upgradeJobDefinitions({
          db,
          gateway: h.gateway,
          live,
          enforceActivationPolicy: true,
          scheduler,
        });
        const resumed = await runJob(fetchUpgrades!);
        expect(resumed.errorMessages()).toEqual([]);
        expect(resumed.results.map((r) => r.message)).toContain(
          `Upgrade ${upgradeId}: created ${total - localBefore} missing push jobs`,
        );
        expect(await scheduler.unfinished()).toEqual([]);

        // Salesforce: one request per item, exactly one job per planned org of each request.
        const items = await rows<{
          id: number;
          version_id: string;
          push_request_id: string | null;
          package_org_id: string;
          total_job_count: number;
        }>(
          `SELECT id::int AS id, version_id, push_request_id, package_org_id, total_job_count
             FROM upgrade_item WHERE upgrade_id = $1 ORDER BY id`,
          [upgradeId],
        );
        const plan = await scheduler.plan({ groupId: group!.id }, versions);
        expect(items.map((i) => i.version_id.trim())).toEqual(
          plan.requests.map((r) => r.version.version_id),
        );
        expect(items.length).toBeGreaterThan(1);
        // Every planned org has exactly one row; those Salesforce accepted carry its job id, the
        // ones it refused are Ineligible with its message.
        const jobRows = async (id: number) =>
          rows<JobRow>(
            `SELECT i.version_id, j.org_id, j.original_version_id, j.job_id, j.status, j.message
               FROM upgrade_job j JOIN upgrade_item i ON i.id = j.item_id
              WHERE j.upgrade_id = $1`,
            [id],
          );
        const stored = await jobRows(upgradeId);
        expect(stored).toHaveLength(total);
        const accepted = stored.filter((j) => j.job_id !== null);
        for (const job of stored) {
          if (job.job_id === null) {
            expect(job.status).toBe('Ineligible');
            expect(job.message).toBeTruthy();
          } else {
            expect(job).toMatchObject({ status: 'Created', message: null });
          }
        }
        const after = simulatorPushCounts(h);
        expect(after.requests - before.requests).toBe(items.length);
        expect(after.jobs - before.jobs).toBe(accepted.length);
        for (const item of items) {
          expect(item.push_request_id).toBeTruthy();
          const conn = await h.gateway.connect(item.package_org_id.trim());
          const remote = await conn.queryAll(
            `SELECT Id, SubscriberOrganizationKey FROM PackagePushJob
              WHERE PackagePushRequestId = '${item.push_request_id!.trim()}'`,
            sfJobSchema,
          );
          const local = await rows<{ org_id: string; job_id: string }>(
            `SELECT org_id, job_id FROM upgrade_job WHERE item_id = $1 AND job_id IS NOT NULL`,
            [item.id],
          );
          const orgs = remote.map((j) => j.SubscriberOrganizationKey.slice(0, 15));
          expect(new Set(orgs).size).toBe(remote.length);
          // Pushboard's rows are Salesforce's jobs, one to one (same job for the same org).
          const pairs = (list: [string, string][]) => list.map((p) => p.join(' ')).sort();
          expect(pairs(local.map((j) => [j.org_id.trim().slice(0, 15), j.job_id]))).toEqual(
            pairs(remote.map((j) => [j.SubscriberOrganizationKey.slice(0, 15), j.Id])),
          );
        }
        // The planned orgs are the plan of the same eligibility code, original versions and all.
        const planKey = (versionId: string, orgId: string, original: string | null) =>
          `${versionId.trim()} ${orgId.trim()} ${original?.trim() ?? ''}`;
        expect(
          stored.map((j) => planKey(j.version_id, j.org_id, j.original_version_id)).sort(),
        ).toEqual(
          plan.requests
            .flatMap((r) =>
              r.orgs.map((o) => planKey(r.version.version_id, o.orgId, o.originalVersionId)),
            )
            .sort(),
        );
        const blacklist = await rows<{ org_id: string; reason: string }>(
          `SELECT org_id, reason FROM upgrade_blacklist WHERE upgrade_id = $1`,
          [upgradeId],
        );
        expect(blacklist.map((b) => `${b.org_id.trim()} ${b.reason}`).sort()).toEqual(
          plan.leftOut.map((o) => `${o.orgId} ${describeLeftOut(o.reasons)}`).sort(),
        );
        const [state] = await rows<{ status: string; message: string | null }>(
          `SELECT status, message FROM upgrade WHERE id = $1`,
          [upgradeId],
        );
        expect(state).toEqual({ status: 'Ready', message: null });

        // Running the resume path again changes nothing anywhere.
        expect(await scheduler.resume(upgradeId)).toBe(0);
        expect(simulatorPushCounts(h)).toEqual(after);

        // A clean schedule of the same group (new requests in the same Salesforce) stores the
        // same rows: same orgs, statuses, Salesforce messages and original versions.
        const clean = await scheduler.schedule(
          {
            username: 'operator@pushboard.demo',
            displayName: null,
            readOnly: false,
            authMethod: 'salesforce',
          },
          { groupId: group!.id },
          {
            versions,
            scheduled_date: new Date(h.sim.control.now().getTime() + 3_600_000),
            description: 'Clean run',
            transid: `${transid}-clean`,
          },
        );
        const comparable = (list: JobRow[]) =>
          list
            .map((j) =>
              [
                j.version_id.trim(),
                j.org_id.trim(),
                j.original_version_id?.trim() ?? '',
                j.job_id === null ? 'no job' : 'job',
                j.status,
                j.message ?? '',
              ].join(' | '),
            )
            .sort();
        expect(comparable(stored)).toEqual(comparable(await jobRows(clean.id)));
      } finally {
        if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        h.sim.control.clearFaults();
        await h.close();
      }
    },
    180_000,
  );
});
