// A staged rollout's wave transitions killed with SIGKILL (docs/product.md "Staged rollouts",
// exactly once): a rollout of three waves over two packages (each wave two push requests, one per
// packaging org, activated one after the other) has its monitor step run by a real child process
// at each transition, and the child is killed there — at the first transition after the gate's
// pass committed but before Salesforce answered any activation, at the second between the two
// activations. The restarted server (this process) then converges with the Fetch Upgrades monitor
// alone: every push request was activated exactly once at Salesforce (the simulator's push engine
// counts activations), no wave before the previous one ended, every wave passed, none skipped.
// PostgreSQL only: PGlite cannot be shared between processes.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig, upgradeSettings } from '../../config';
import { fetchAllJob } from '../../sync/fetch-job';
import { RecordingLive, runJob } from '../../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../../sync/testing/sync-harness';
import { activateUpgrade, type LifecycleDeps } from './activate';
import { reconcileUpgrades } from './reconcile';
import { UpgradeScheduler } from './schedule';
import { countActivations, spawnCrashWorker } from './testing/crash-worker';
import { upgradeJobDefinitions } from './upgrade-job-definitions';

const ORGS = 600;
const waitFor = <T>(check: () => Promise<T> | T, timeout = 60_000) =>
  vi.waitFor(check, { timeout, interval: 50 });

interface Item {
  id: number;
  wave: number;
  push_request_id: string;
  package_org_id: string;
  status: string;
}

const operator = {
  username: 'operator@pushboard.demo',
  displayName: null,
  readOnly: false,
  authMethod: 'salesforce' as const,
};

describe('a rollout killed with SIGKILL at its wave transitions', () => {
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'the monitor converges: each wave once, in order, none skipped',
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
        const { upgradeId, lifecycle, fetchUpgrades } = await scheduleRollout(h);
        const items = async () =>
          await rows<Item>(
            `SELECT id::int AS id, wave, trim(push_request_id) AS push_request_id,
                      trim(package_org_id) AS package_org_id, status
                 FROM upgrade_item WHERE upgrade_id = $1 ORDER BY wave, id`,
            [upgradeId],
          );
        const ofWave = async (wave: number) => (await items()).filter((i) => i.wave === wave);
        const waveStates = async () =>
          (
            await rows<{ state: string }>(
              `SELECT state FROM upgrade_wave WHERE upgrade_id = $1 ORDER BY wave`,
              [upgradeId],
            )
          ).map((w) => w.state);
        const sfStatus = (item: Item) =>
          String(
            h.sim.control.getRecord(item.package_org_id, 'PackagePushRequest', item.push_request_id)
              ?.Status,
          );
        for (const wave of [1, 2, 3]) {
          const requests = await ofWave(wave);
          expect(requests).toHaveLength(2);
          expect(requests[0]!.package_org_id).not.toBe(requests[1]!.package_org_id);
        }

        /** Reads Salesforce until the wave's jobs ended, without the monitor's next step. */
        const runWave = async (wave: number) => {
          for (let cycle = 0; cycle < 400; cycle++) {
            h.sim.control.advance(5_000);
            await reconcileUpgrades(lifecycle);
            const open = (await ofWave(wave)).filter((i) =>
              ['Pending', 'InProgress'].includes(i.status),
            );
            if (open.length === 0) return;
          }
          throw new Error(`wave ${wave} did not end`);
        };

        /** Runs the monitor's step in a child and kills it once Salesforce hangs on `hung`. */
        const killDuringTransition = async (hung: Item, before: () => void) => {
          const worker = spawnCrashWorker(h, upgradeId, 'advance');
          child = worker.child;
          const output = worker.output;
          await waitFor(() => expect(output()).toContain('ready'));
          h.sim.control.resetFaultCounts();
          h.sim.control.setFaults(hung.package_org_id, { hangRate: 1 });
          child.stdin?.write('go\n');
          await waitFor(() => {
            before();
            expect(h.sim.control.faultCounts().hang, output()).toBeGreaterThan(0);
          });
          const exited = once(child, 'exit');
          expect(child.kill('SIGKILL')).toBe(true);
          await exited;
          h.sim.control.clearFaults();
          expect(output()).not.toContain('advanced');
        };

        // Wave 1 by activation; it runs to its end.
        await activateUpgrade(
          lifecycle,
          { ...operator, username: 'admin@pushboard.demo' },
          upgradeId,
        );
        await runWave(1);

        // Transition 1 → 2, killed after the gate's pass committed, before any activation.
        const second = await ofWave(2);
        await killDuringTransition(second[0]!, () => undefined);
        expect(await waveStates()).toEqual(['Passed', 'Started', 'Waiting']);
        expect(second.map(sfStatus)).toEqual(['Created', 'Created']);
        // The restart: one monitor cycle activates wave 2, once each.
        expect((await runJob(fetchUpgrades)).errorMessages()).toEqual([]);
        expect(second.map(sfStatus)).toEqual(['Pending', 'Pending']);
        await runWave(2);

        // Transition 2 → 3, killed between its two activations.
        const third = await ofWave(3);
        await killDuringTransition(third[1]!, () => expect(sfStatus(third[0]!)).toBe('Pending'));
        expect(await waveStates()).toEqual(['Passed', 'Passed', 'Started']);
        expect(third.map(sfStatus)).toEqual(['Pending', 'Created']);

        // The monitor alone finishes: the second request goes out once, the rollout ends.
        for (let cycle = 0; cycle < 400; cycle++) {
          h.sim.control.advance(5_000);
          expect((await runJob(fetchUpgrades)).errorMessages()).toEqual([]);
          const [state] = await rows<{ status: string }>(
            `SELECT status FROM upgrade WHERE id = $1`,
            [upgradeId],
          );
          if (state?.status !== 'Active' && (await waveStates()).every((s) => s === 'Passed'))
            break;
        }
        expect(await waveStates()).toEqual(['Passed', 'Passed', 'Passed']);
        expect(
          (
            await rows<{ status: string }>(`SELECT status FROM upgrade WHERE id = $1`, [upgradeId])
          )[0]?.status,
        ).toBe('Done');

        // Each push request activated exactly once; no wave before the previous one ended.
        const all = await items();
        expect(all.map((i) => activations.get(i.push_request_id)?.length ?? 0)).toEqual(
          all.map(() => 1),
        );
        for (const wave of [2, 3]) {
          const ended = Math.max(
            ...(await ofWave(wave - 1)).map((i) =>
              Date.parse(
                String(
                  h.sim.control.getRecord(i.package_org_id, 'PackagePushRequest', i.push_request_id)
                    ?.EndTime,
                ),
              ),
            ),
          );
          for (const item of await ofWave(wave)) {
            expect(activations.get(item.push_request_id)![0]).toBeGreaterThanOrEqual(ended);
          }
        }
        expect(all.map((i) => i.status)).toEqual(all.map((i) => sfStatus(i)));
      } finally {
        if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        restore();
        h.sim.control.clearFaults();
        await h.close();
      }
    },
    300_000,
  );
});

/** A rollout of three waves (20 %, 50 %, the rest) of the two tier-2 packages, for ORGS orgs. */
async function scheduleRollout(h: SyncHarness) {
  const db = h.testDb.db;
  const [group] = (
    await db.query<{ id: number }>(
      `INSERT INTO org_group (name, type) VALUES ('Rollout crash', 'Upgrade Group') RETURNING id::int AS id`,
    )
  ).rows;
  await db.query(
    `INSERT INTO org_group_member (org_group_id, org_id)
     SELECT $1, org_id FROM org ORDER BY org_id LIMIT $2`,
    [group!.id, ORGS],
  );
  const versions = (
    await db.query<{ version_id: string }>(
      `SELECT l.version_id FROM package_version_latest l JOIN package p ON p.sfid = l.package_id
        WHERE p.package_org_id IS NOT NULL AND p.dependency_tier = 2 ORDER BY l.package_id`,
    )
  ).rows.map((r) => r.version_id.trim());
  expect(versions).toHaveLength(2);
  const live = new RecordingLive();
  const scheduler = new UpgradeScheduler({
    db,
    gateway: h.gateway,
    live,
    settings: upgradeSettings(loadConfig({})).lists,
  });
  const { id: upgradeId } = await scheduler.schedule(
    operator,
    { groupId: group!.id },
    {
      versions,
      scheduled_date: new Date(h.sim.control.now().getTime() + 60_000),
      description: 'Rollout crash',
      transid: `rollout-crash-${Date.now()}`,
      rollout: {
        waves: [
          { selector: { kind: 'percent', percent: 20 }, start: 'gate' },
          { selector: { kind: 'percent', percent: 50 }, start: 'gate' },
          { selector: { kind: 'rest' }, start: 'gate' },
        ],
        failureThresholdPercent: 100,
        soakMinutes: 0,
        sampleSeed: '',
      },
    },
  );
  const lifecycle = {
    db,
    gateway: h.gateway,
    live,
    enforceActivationPolicy: false,
  } satisfies LifecycleDeps;
  const [fetchUpgrades] = upgradeJobDefinitions({ ...lifecycle, scheduler });
  return { upgradeId, lifecycle, fetchUpgrades: fetchUpgrades! };
}
