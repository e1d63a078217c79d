// Activation killed with SIGKILL mid-way (docs/architecture.md "The upgrade monitor", interrupted
// activations): an upgrade of the four packages of two dependency tiers (two requests in the first)
// is activated by a real child process; Salesforce answers the first request's activation, then
// holds the second one's call (a hung org) and the process is killed there — one push request
// Pending in Salesforce, the other still Created, and nothing written locally (the local write
// follows Salesforce's answers). The restarted server (this process) then converges with the Fetch
// Upgrades monitor alone, which reads what Salesforce did with the requests the dead process had
// marked as asked (activation intent): every push request was activated exactly once at Salesforce
// (the simulator's push engine counts activations), the second tier only after the first finished,
// every local request and job has Salesforce's status, and nothing is lost (each planned org's job,
// one per org and request). PostgreSQL only: PGlite cannot be shared between processes.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loadConfig, upgradeSettings } from '../../config';
import { SecretBox } from '../../secrets';
import { fetchAllJob } from '../../sync/fetch-job';
import { RecordingLive, runJob } from '../../sync/testing/recording-context';
import { startSyncHarness } from '../../sync/testing/sync-harness';
import { activateUpgrade, type LifecycleDeps } from './activate';
import { UpgradeScheduler } from './schedule';
import { createEndpoint } from '../webhooks/admin';
import { countActivations, spawnCrashWorker } from './testing/crash-worker';
import { upgradeJobDefinitions } from './upgrade-job-definitions';

const ORGS = 2_000;
const waitFor = <T>(check: () => Promise<T> | T, timeout = 60_000) =>
  vi.waitFor(check, { timeout, interval: 50 });

const requestSchema = z.object({
  Id: z.string(),
  Status: z.string(),
  EndTime: z.string().nullish(),
});
const jobSchema = z.object({
  Id: z.string(),
  Status: z.string(),
  SubscriberOrganizationKey: z.string(),
});

interface Item {
  id: number;
  push_request_id: string;
  package_org_id: string;
  dependency_tier: number;
  status: string;
}

describe('activation killed with SIGKILL between two push requests', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'a second Activate and the monitor converge: each request activated once, tiers in order, statuses agree',
    async () => {
      const h = await startSyncHarness({ dataset: 'demo' });
      const db = h.testDb.db;
      const rows = async <T>(sql: string, params: unknown[] = []) =>
        (await db.query<T>(sql, params)).rows;
      const { activations, restore } = countActivations();
      let child: ChildProcess | undefined;
      try {
        expect((await runJob(fetchAllJob(h.deps))).errorMessages()).toEqual([]);
        h.sim.control.setFailureRate(0);

        // The upgrade: the packages of tiers 2 and 3 (two each), for every org.
        const [group] = await rows<{ id: number }>(
          `INSERT INTO org_group (name, type) VALUES ('Crash', 'Upgrade Group') RETURNING id::int AS id`,
        );
        await db.query(
          `INSERT INTO org_group_member (org_group_id, org_id)
           SELECT $1, org_id FROM org ORDER BY org_id LIMIT $2`,
          [group!.id, ORGS],
        );
        const versions = (
          await rows<{ version_id: string }>(
            `SELECT l.version_id FROM package_version_latest l JOIN package p ON p.sfid = l.package_id
              WHERE p.package_org_id IS NOT NULL AND p.dependency_tier IN (2, 3) ORDER BY l.package_id`,
          )
        ).map((r) => r.version_id.trim());
        expect(versions).toHaveLength(4);
        const config = loadConfig({});
        const live = new RecordingLive();
        const scheduler = new UpgradeScheduler({
          db,
          gateway: h.gateway,
          live,
          settings: upgradeSettings(config).lists,
        });
        const operator = {
          username: 'operator@pushboard.demo',
          displayName: null,
          readOnly: false,
          authMethod: 'salesforce' as const,
        };
        const { id: upgradeId } = await scheduler.schedule(
          operator,
          { groupId: group!.id },
          {
            versions,
            scheduled_date: new Date(h.sim.control.now().getTime() + 60_000),
            description: 'Activation crash',
            transid: `activate-crash-${Date.now()}`,
          },
        );
        const items = async () =>
          (
            await rows<Item>(
              `SELECT i.id::int AS id, i.push_request_id, i.package_org_id, p.dependency_tier, i.status
                 FROM upgrade_item i JOIN package p ON p.sfid = i.package_id
                WHERE i.upgrade_id = $1 ORDER BY p.dependency_tier, i.package_id`,
              [upgradeId],
            )
          ).map((i) => ({
            ...i,
            push_request_id: i.push_request_id.trim(),
            package_org_id: i.package_org_id.trim(),
          }));
        const scheduled = await items();
        // Two requests in the first tier (the kill lands between them), at least one in the next
        // (a package none of whose orgs can be upgraded gets no request).
        const tiers = scheduled.map((i) => i.dependency_tier);
        expect(tiers.slice(0, 2)).toEqual([2, 2]);
        expect(tiers.slice(2).length).toBeGreaterThan(0);
        expect(tiers.slice(2).every((t) => t === 3)).toBe(true);
        const rest = scheduled.slice(2).map(() => 'Created');
        const [first, second] = scheduled;
        const sfStatus = (item: Item) =>
          String(
            h.sim.control.getRecord(item.package_org_id, 'PackagePushRequest', item.push_request_id)
              ?.Status,
          );

        // Salesforce holds the second request's call without an answer: the kill lands between
        // the two activations of the first tier.
        const worker = spawnCrashWorker(h, upgradeId);
        child = worker.child;
        const output = worker.output;
        // The hang is for the activation, not for connecting the orgs (which reads each org).
        await waitFor(() => expect(output()).toContain('ready'));
        h.sim.control.resetFaultCounts();
        h.sim.control.setFaults(second!.package_org_id, { hangRate: 1 });
        child.stdin?.write('go\n');
        await waitFor(() => {
          expect(sfStatus(first!), output()).toBe('Pending');
          expect(h.sim.control.faultCounts().hang, output()).toBeGreaterThan(0);
        });
        const exited = once(child, 'exit');
        expect(child.kill('SIGKILL')).toBe(true);
        await exited;
        h.sim.control.clearFaults();
        expect(output()).not.toContain('activated');

        // Killed mid-way: Salesforce has the first request Pending, the others Created; Pushboard
        // wrote only its intent (the upgrade is still Ready, every request Created, the first
        // step's two requests marked as asked of Salesforce by the admin).
        expect(scheduled.map(sfStatus)).toEqual(['Pending', 'Created', ...rest]);
        expect((await items()).map((i) => i.status)).toEqual(['Created', 'Created', ...rest]);
        expect(
          (
            await rows<{ status: string }>(`SELECT status FROM upgrade WHERE id = $1`, [upgradeId])
          )[0]?.status,
        ).toBe('Ready');
        expect(
          await rows<{ id: number; by: string | null }>(
            `SELECT id::int AS id, activation_requested_by AS by FROM upgrade_item
              WHERE upgrade_id = $1 AND activation_requested_at IS NOT NULL ORDER BY id`,
            [upgradeId],
          ),
        ).toEqual([first!, second!].map((i) => ({ id: i.id, by: 'admin@pushboard.demo' })));

        // A receiver of 'upgrade.activated' hears of the activation the restart records.
        await createEndpoint(
          { db, secrets: new SecretBox('activate-crash-key-0123456789abcdef') },
          { ...operator, username: 'admin-key', authMethod: 'admin-key' },
          {
            url: 'https://hooks.example.com/pushboard',
            events: ['upgrade.activated'],
            format: 'json',
          },
        );
        const activatedEvents = () =>
          rows<{ data: Record<string, unknown> }>(
            `SELECT payload->'data' AS data FROM webhook_delivery WHERE event = 'upgrade.activated'`,
          );

        // The restart: the monitor alone finds what Salesforce did with the interrupted ask.
        const lifecycle = {
          db,
          gateway: h.gateway,
          live,
          enforceActivationPolicy: false,
        } satisfies LifecycleDeps;
        const [fetchUpgrades] = upgradeJobDefinitions({ ...lifecycle, scheduler });
        // Its first run records the activation Salesforce carried out (the upgrade Active, by the
        // admin who asked) and finishes the interrupted step: the second request goes out once.
        expect((await runJob(fetchUpgrades!)).errorMessages()).toEqual([]);
        expect(scheduled.map(sfStatus)).toEqual(['Pending', 'Pending', ...rest]);
        expect(
          await rows<{ status: string; activated_by: string | null }>(
            `SELECT status, activated_by FROM upgrade WHERE id = $1`,
            [upgradeId],
          ),
        ).toEqual([{ status: 'Active', activated_by: 'admin@pushboard.demo' }]);
        expect((await activatedEvents()).map((e) => e.data)).toEqual([
          expect.objectContaining({
            upgrade_id: upgradeId,
            status: 'Active',
            activated_by: 'admin@pushboard.demo',
          }),
        ]);
        expect((await items()).map((i) => i.status)).toEqual(['Pending', 'Pending', ...rest]);
        expect(
          await rows(
            `SELECT id FROM upgrade_item WHERE upgrade_id = $1 AND activation_requested_at IS NOT NULL`,
            [upgradeId],
          ),
        ).toEqual([]);
        // A second Activate changes nothing: the upgrade is running already.
        await expect(
          activateUpgrade(lifecycle, { ...operator, username: 'admin@pushboard.demo' }, upgradeId),
        ).rejects.toMatchObject({ statusCode: 409 });
        for (let cycle = 0; cycle < 200; cycle++) {
          h.sim.control.advance(5_000);
          const run = await runJob(fetchUpgrades!);
          expect(run.errorMessages()).toEqual([]);
          const [state] = await rows<{ status: string }>(
            `SELECT status FROM upgrade WHERE id = $1`,
            [upgradeId],
          );
          if (state?.status !== 'Active' && h.sim.control.activePushes() === 0) break;
        }
        const [upgrade] = await rows<{ status: string }>(
          `SELECT status FROM upgrade WHERE id = $1`,
          [upgradeId],
        );
        expect(upgrade?.status).toBe('Done');
        // Later steps' activations, finding the upgrade Active, emitted nothing more.
        expect(await activatedEvents()).toHaveLength(1);

        // Each push request activated exactly once at Salesforce; the third tier after the
        // second one ended.
        expect(scheduled.map((i) => activations.get(i.push_request_id)?.length ?? 0)).toEqual(
          scheduled.map(() => 1),
        );
        const remote = new Map<string, z.infer<typeof requestSchema>>();
        for (const item of scheduled) {
          const conn = await h.gateway.connect(item.package_org_id);
          const [request] = await conn.queryAll(
            `SELECT Id, Status, EndTime FROM PackagePushRequest WHERE Id = '${item.push_request_id}'`,
            requestSchema,
          );
          remote.set(item.push_request_id, request!);
        }
        const tierTwoEnd = Math.max(
          ...scheduled
            .filter((i) => i.dependency_tier === 2)
            .map((i) => Date.parse(remote.get(i.push_request_id)!.EndTime ?? '')),
        );
        for (const item of scheduled.filter((i) => i.dependency_tier === 3)) {
          expect(activations.get(item.push_request_id)![0]).toBeGreaterThanOrEqual(tierTwoEnd);
        }

        // Every local request and job has Salesforce's status; one job per org and request,
        // Pushboard's rows are Salesforce's jobs one to one.
        const local = await items();
        expect(local.map((i) => i.status)).toEqual(
          scheduled.map((i) => remote.get(i.push_request_id)!.Status),
        );
        let jobs = 0;
        for (const item of scheduled) {
          const conn = await h.gateway.connect(item.package_org_id);
          const remoteJobs = await conn.queryAll(
            `SELECT Id, Status, SubscriberOrganizationKey FROM PackagePushJob
              WHERE PackagePushRequestId = '${item.push_request_id}'`,
            jobSchema,
          );
          const localJobs = await rows<{ job_id: string; status: string }>(
            `SELECT job_id, status FROM upgrade_job WHERE item_id = $1 AND job_id IS NOT NULL`,
            [item.id],
          );
          expect(new Set(remoteJobs.map((j) => j.SubscriberOrganizationKey)).size).toBe(
            remoteJobs.length,
          );
          const pairs = (list: [string, string][]) => list.map((p) => p.join(' ')).sort();
          expect(pairs(localJobs.map((j) => [j.job_id.trim(), j.status]))).toEqual(
            pairs(remoteJobs.map((j) => [j.Id, j.Status])),
          );
          expect(remoteJobs.length).toBeGreaterThan(0);
          jobs += remoteJobs.length;
        }
        const planned = await rows<{ n: number }>(
          `SELECT count(*)::int AS n FROM upgrade_item_plan p JOIN upgrade_item i ON i.id = p.item_id
            WHERE i.upgrade_id = $1`,
          [upgradeId],
        );
        const ineligible = await rows<{ n: number }>(
          `SELECT count(*)::int AS n FROM upgrade_job WHERE upgrade_id = $1 AND job_id IS NULL`,
          [upgradeId],
        );
        expect(jobs + ineligible[0]!.n).toBe(planned[0]!.n);
      } finally {
        if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        restore();
        h.sim.control.clearFaults();
        await h.close();
      }
    },
    240_000,
  );
});
