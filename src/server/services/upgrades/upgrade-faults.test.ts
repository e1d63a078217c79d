// The upgrade engine against an unreliable Salesforce
// (docs/architecture.md "One schedule, end to end" and "The upgrade monitor"): the same upgrade —
// every org of the test dataset, the latest version of each package, a few subscribers that
// Salesforce fails at push time — is scheduled, activated and monitored to the end twice, on two
// identical simulators: once fault-free, once with ~10 % of API calls failing (5xx, dropped
// connections, answers lost after the commit, expired tokens, REQUEST_LIMIT_EXCEEDED). Failed
// schedule calls are repeated with the same transid and monitor cycles run until the upgrade is
// done, as the screens and the Fetch Upgrades schedule do. Both runs must store the same rows
// (jobs, statuses, Salesforce's messages, requests, the upgrade, installed versions) and the
// faulted simulator must hold exactly one push job per org and request. Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  FaultInjector,
  type FaultAction,
  type FaultRates,
} from '../../../../test/support/salesforce-simulator';
import type { Actor } from '../../actor';
import { loadConfig, upgradeSettings } from '../../config';
import type { JobDefinition } from '../../jobs/types';
import { fetchAllJob } from '../../sync/fetch-job';
import { RecordingLive, runJob } from '../../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../../sync/testing/sync-harness';
import { activateUpgrade, type LifecycleDeps } from './activate';
import { UpgradeScheduler } from './schedule';
import { upgradeJobDefinitions } from './upgrade-job-definitions';

/** ~10 % of API calls of every org fail, spread over every kind the simulator injects. */
const FAULTS: FaultRates = {
  serverErrorRate: 0.03,
  dropRate: 0.02,
  lostAnswerRate: 0.02,
  tokenExpiryRate: 0.02,
  requestLimitRate: 0.01,
};
/** Small collections, so that scheduling makes enough calls for the faults to hit. */
const CHUNK_SIZE = 25;
/** Subscribers of the last request made to fail at push time (the org turned inactive). */
const FAILING = 4;
const ATTEMPTS = 30;

const operator: Actor = {
  username: 'operator@pushboard.demo',
  displayName: null,
  readOnly: false,
  authMethod: 'salesforce',
};

const subscriberSchema = z.object({ Id: z.string(), OrgKey: z.string() });
const jobSchema = z.object({ Id: z.string(), SubscriberOrganizationKey: z.string() });

interface Run {
  h: SyncHarness;
  scheduler: UpgradeScheduler;
  lifecycle: LifecycleDeps;
  fetchUpgrades: JobDefinition;
}

let clean: Run;
let faulty: Run;

async function startRun(): Promise<Run> {
  const h = await startSyncHarness({ dataset: 'test' });
  const fetched = await runJob(fetchAllJob(h.deps));
  expect(fetched.errorMessages()).toEqual([]);
  h.sim.control.setPace('manual');
  // Push failures come from the subscribers the test turns inactive, identically in both runs
  // (the seeded random failures depend on the order Salesforce received the jobs in).
  h.sim.control.setFailureRate(0);
  const config = loadConfig({});
  const live = new RecordingLive();
  const scheduler = new UpgradeScheduler({
    db: h.testDb.db,
    gateway: h.gateway,
    live,
    settings: upgradeSettings(config).lists,
    chunkSize: CHUNK_SIZE,
  });
  const lifecycle: LifecycleDeps = {
    db: h.testDb.db,
    gateway: h.gateway,
    live,
    enforceActivationPolicy: false,
  };
  const [fetchUpgrades] = upgradeJobDefinitions({ ...lifecycle, gateway: h.gateway, scheduler });
  return { h, scheduler, lifecycle, fetchUpgrades: fetchUpgrades! };
}

beforeAll(async () => {
  [clean, faulty] = await Promise.all([startRun(), startRun()]);
}, 180_000);

afterAll(async () => {
  await clean?.h.close();
  await faulty?.h.close();
});

/** Repeats a call until it succeeds, as an operator (or the next scheduled cycle) would. */
async function untilItSucceeds<T>(what: string, call: () => Promise<T>): Promise<T> {
  let last: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      return await call();
    } catch (error) {
      last = error;
    }
  }
  throw new Error(`${what} never succeeded: ${String(last)}`);
}

interface Outcome {
  upgrade: unknown;
  requests: unknown[];
  jobs: string[];
  installed: string[];
  /** Push requests and jobs the simulator holds for the upgrade, per request: [requests, jobs]. */
  salesforce: { requestsCreated: number; jobsPerRequest: number[]; distinctOrgs: number[] };
}

/** Schedules, activates and monitors the upgrade to the end; answers what was stored. */
async function playUpgrade(run: Run, faults: FaultRates | null): Promise<Outcome> {
  const { h, scheduler } = run;
  const db = h.testDb.db;
  const rows = async <T>(sql: string, params: unknown[] = []) =>
    (await db.query<T>(sql, params)).rows;
  const [group] = await rows<{ id: number }>(
    `INSERT INTO org_group (name, type) VALUES ('Faults', 'Upgrade Group') RETURNING id::int AS id`,
  );
  await db.query(`INSERT INTO org_group_member (org_group_id, org_id) SELECT $1, org_id FROM org`, [
    group!.id,
  ]);
  const versions = (
    await rows<{ version_id: string }>(
      `SELECT l.version_id FROM package_version_latest l JOIN package p ON p.sfid = l.package_id
        WHERE p.package_org_id IS NOT NULL ORDER BY l.package_id`,
    )
  ).map((r) => r.version_id.trim());
  const pushCounts = () => {
    let requests = 0;
    for (const orgId of h.packagingIds.values()) {
      requests += h.sim.control.counts(orgId)[orgId]?.PackagePushRequest ?? 0;
    }
    return requests;
  };
  const requestsBefore = pushCounts();

  if (faults) h.sim.control.setFaults('all', faults);
  try {
    const input = {
      versions,
      scheduled_date: new Date(h.sim.control.now().getTime() + 60_000),
      description: 'Faults',
      transid: 'faults-1',
    };
    const { id } = await untilItSucceeds('Scheduling', () =>
      scheduler.schedule(operator, { groupId: group!.id }, input),
    );

    // A few subscribers of the last request (the last tier) leave before the push starts, so
    // Salesforce fails their jobs with its own message.
    const items = await rows<{ id: number; push_request_id: string; package_org_id: string }>(
      `SELECT id::int AS id, push_request_id, package_org_id FROM upgrade_item
        WHERE upgrade_id = $1 ORDER BY id`,
      [id],
    );
    expect(items.length).toBeGreaterThan(1);
    const last = items[items.length - 1]!;
    const leaving = (
      await rows<{ org_id: string }>(
        `SELECT org_id FROM upgrade_job WHERE item_id = $1 AND job_id IS NOT NULL
          ORDER BY org_id LIMIT $2`,
        [last.id, FAILING],
      )
    ).map((r) => r.org_id.trim().slice(0, 15));
    const packagingOrg = last.package_org_id.trim();
    const conn = await h.gateway.connect(packagingOrg);
    const subscribers = await untilItSucceeds('Reading subscribers', () =>
      conn.queryAll('SELECT Id, OrgKey FROM PackageSubscriber', subscriberSchema),
    );
    for (const subscriber of subscribers) {
      if (leaving.includes(subscriber.OrgKey.slice(0, 15))) {
        h.sim.control.updateRecord(packagingOrg, 'PackageSubscriber', subscriber.Id, {
          OrgStatus: 'Inactive',
        });
      }
    }

    await untilItSucceeds('Activation', () =>
      activateUpgrade(run.lifecycle, { ...operator, username: 'admin@pushboard.demo' }, id),
    );
    // The monitor's cycles while Salesforce pushes; a cycle a fault cut short is just followed
    // by the next one.
    for (let cycle = 0; cycle < 200; cycle++) {
      h.sim.control.advance(5_000);
      await runJob(run.fetchUpgrades).catch(() => undefined);
      const [state] = await rows<{ status: string }>(`SELECT status FROM upgrade WHERE id = $1`, [
        id,
      ]);
      if (state?.status !== 'Active' && h.sim.control.activePushes() === 0) break;
    }

    // Salesforce: one job per org per request, nothing more.
    const jobsPerRequest: number[] = [];
    const distinctOrgs: number[] = [];
    for (const item of items) {
      const itemConn = await h.gateway.connect(item.package_org_id.trim());
      const remote = await untilItSucceeds('Reading push jobs', () =>
        itemConn.queryAll(
          `SELECT Id, SubscriberOrganizationKey FROM PackagePushJob
            WHERE PackagePushRequestId = '${item.push_request_id.trim()}'`,
          jobSchema,
        ),
      );
      const local = await rows<{ job_id: string }>(
        `SELECT job_id FROM upgrade_job WHERE item_id = $1 AND job_id IS NOT NULL`,
        [item.id],
      );
      expect(remote.map((j) => j.Id).sort()).toEqual(local.map((j) => j.job_id.trim()).sort());
      jobsPerRequest.push(remote.length);
      distinctOrgs.push(new Set(remote.map((j) => j.SubscriberOrganizationKey.slice(0, 15))).size);
    }

    const [upgrade] = await rows(`SELECT status, message FROM upgrade WHERE id = $1`, [id]);
    return {
      upgrade,
      requests: await rows(
        `SELECT version_id, status, total_job_count FROM upgrade_item
          WHERE upgrade_id = $1 ORDER BY id`,
        [id],
      ),
      jobs: (
        await rows<{ row: string }>(
          `SELECT concat_ws(' | ', i.version_id, j.org_id, j.original_version_id,
                            CASE WHEN j.job_id IS NULL THEN 'no job' ELSE 'job' END,
                            j.status, j.message) AS row
             FROM upgrade_job j JOIN upgrade_item i ON i.id = j.item_id
            WHERE j.upgrade_id = $1`,
          [id],
        )
      )
        .map((r) => r.row)
        .sort(),
      installed: (
        await rows<{ row: string }>(
          `SELECT concat_ws(' ', org_id, package_id, version_id) AS row FROM org_package_version`,
        )
      )
        .map((r) => r.row)
        .sort(),
      salesforce: { requestsCreated: pushCounts() - requestsBefore, jobsPerRequest, distinctOrgs },
    };
  } finally {
    h.sim.control.clearFaults();
  }
}

describe('the upgrade engine under injected Salesforce faults', () => {
  it('schedules, activates and monitors to exactly what a fault-free run stores', async () => {
    const expected = await playUpgrade(clean, null);
    // The fault-free run went all the way: jobs failed with Salesforce's message, others
    // succeeded and upgraded the installed version.
    expect(expected.upgrade).toEqual({
      status: 'Done',
      message: `Complete with ${FAILING} failures`,
    });
    expect(expected.jobs.filter((j) => j.includes(' | Failed | ['))).toHaveLength(FAILING);
    expect(expected.jobs.filter((j) => j.includes(' | Succeeded')).length).toBeGreaterThan(100);
    expect(expected.salesforce.distinctOrgs).toEqual(expected.salesforce.jobsPerRequest);

    const seen = new Map<FaultAction, number>();
    // Counts the simulator's fault decisions; the spy calls the real injector with its `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = FaultInjector.prototype.decide;
    const counting = vi.spyOn(FaultInjector.prototype, 'decide').mockImplementation(function (
      this: FaultInjector,
      orgId15: string,
    ) {
      const decision = original.call(this, orgId15);
      seen.set(decision.action, (seen.get(decision.action) ?? 0) + 1);
      return decision;
    });
    let actual: Outcome;
    try {
      actual = await playUpgrade(faulty, FAULTS);
    } finally {
      counting.mockRestore();
    }
    // Every kind of fault hit some calls.
    for (const kind of ['serverError', 'drop', 'loseAnswer', 'expireToken', 'requestLimit']) {
      expect(seen.get(kind as FaultAction) ?? 0, kind).toBeGreaterThan(0);
    }
    expect(actual.salesforce.distinctOrgs).toEqual(actual.salesforce.jobsPerRequest);
    expect(actual.jobs).toEqual(expected.jobs);
    expect(actual.requests).toEqual(expected.requests);
    expect(actual.upgrade).toEqual(expected.upgrade);
    expect(actual.installed).toEqual(expected.installed);
    expect(actual.salesforce.jobsPerRequest).toEqual(expected.salesforce.jobsPerRequest);
    expect(actual.salesforce.requestsCreated).toBe(expected.salesforce.requestsCreated);
  }, 240_000);
});
