// The sync against an unreliable Salesforce (docs/architecture.md "Fetching from Salesforce"): two
// identical simulators (same dataset and seed), one fault-free, one where ~10 % of API calls fail
// in every way the simulator can fail them — 5xx, dropped connections, answers lost after the work
// was done, expired tokens, REQUEST_LIMIT_EXCEEDED and calls that hang until the gateway's request
// timeout gives up on them. Both run Fetch all data, rounds of the same Salesforce changes each
// followed by Fetch latest data, and Fetch all data again. Every synced table must hold the same
// rows on both sides (ordered row dumps, our own insert/update timestamps left out), and no job may
// report an error. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type {
  FaultAction,
  FaultCounts,
  FaultRates,
} from '../../../test/support/salesforce-simulator';
import type { Database } from '../db/database';
import { SalesforceGateway } from '../salesforce/gateway';
import type { SyncDeps } from './deps';
import { fetchAllJob, fetchJob } from './fetch-job';
import { runJob } from './testing/recording-context';
import { startSyncHarness, type SyncHarness } from './testing/sync-harness';

/** ~10 % of every org's API calls fail, spread over every kind the simulator injects. */
const FAULTS: FaultRates = {
  serverErrorRate: 0.02,
  dropRate: 0.016,
  lostAnswerRate: 0.016,
  tokenExpiryRate: 0.016,
  requestLimitRate: 0.016,
  hangRate: 0.016,
};
/** The faulty side's request timeout: a hung call costs this much before it is retried. */
const REQUEST_TIMEOUT_MS = 1_000;
const PAGE_SIZE = 200;
/**
 * Incremental rounds between the two full fetches, each after a batch of changes in Salesforce:
 * some 300 API calls in all, so that every kind of fault hits several of them.
 */
const ROUNDS = 10;

/** The tables a fetch writes. */
const SYNCED_TABLES = [
  'instance',
  'account',
  'org',
  'package',
  'package_version',
  'package_version_latest',
  'org_package_version',
  'license',
  'sync_watermark',
  'sync_state',
];

interface Side {
  h: SyncHarness;
  deps: SyncDeps;
}

let clean: Side;
let faulty: Side;
/** Both sides see the same "now", so nothing derived from the clock can differ. */
const NOW = new Date();

async function startSide(requestTimeoutMs?: number): Promise<Side> {
  const h = await startSyncHarness({ dataset: 'demo', pageSize: PAGE_SIZE });
  // The faulty side's gateway gives up on a hung call quickly; otherwise it is the harness's.
  const gateway = requestTimeoutMs
    ? new SalesforceGateway({
        db: h.testDb.db,
        secrets: h.secrets,
        apiVersion: '62.0',
        oauth: {
          clientId: 'pushboard-demo',
          clientSecret: 'demo-secret',
          loginUrl: h.sim.url,
          redirectUri: 'http://localhost:5000/oauth2/callback',
        },
        retry: { baseDelayMs: 2, maxDelayMs: 20, rateLimitDelayMs: 10, attempts: 8 },
        requestTimeoutMs,
      })
    : h.gateway;
  return { h, deps: { ...h.deps, gateway, now: () => NOW } };
}

beforeAll(async () => {
  [clean, faulty] = await Promise.all([startSide(), startSide(REQUEST_TIMEOUT_MS)]);
}, 120_000);

afterAll(async () => {
  await clean?.h.close();
  await faulty?.h.close();
});

/** Every row of the synced tables as text, ordered, without columns that default to now(). */
async function dump(db: Database): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of SYNCED_TABLES) {
    const { rows: columns } = await db.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = $1
          AND coalesce(column_default, '') NOT LIKE '%now()%'
        ORDER BY ordinal_position`,
      [table],
    );
    const list = columns.map((c) => `"${c.name}"`).join(', ');
    const { rows } = await db.query<{ row: string }>(
      `SELECT row(${list})::text AS row FROM ${table} ORDER BY 1`,
    );
    result[table] = rows.map((r) => r.row);
  }
  return result;
}

/** The same Salesforce changes on one side: licenses and subscribers modified at fixed times. */
async function changeSalesforce(side: Side, round: number): Promise<void> {
  const { h } = side;
  const control = h.sim.control;
  // From the shared NOW, not each simulator's clock: the two started at different moments, and
  // under load a second boundary between them would stamp the same change a second apart.
  const at = new Date(Math.floor(NOW.getTime() / 1000) * 1000 + round * 600_000);
  const lma = control.counts(h.lmaId)[h.lmaId];
  expect(lma?.sfLma__License__c).toBeGreaterThan(0);
  const conn = await h.gateway.connect(h.lmaId);
  const licenses = await conn.queryAll(
    `SELECT Id FROM sfLma__License__c ORDER BY Id LIMIT 40 OFFSET ${round * 40}`,
    z.object({ Id: z.string() }),
  );
  for (const { Id } of licenses) {
    control.updateRecord(
      'lma',
      'sfLma__License__c',
      Id,
      { sfLma__Used_Licenses__c: 1000 + round },
      { modifiedAt: at },
    );
  }
  for (const orgId of h.packagingIds.values()) {
    const pkgConn = await h.gateway.connect(orgId);
    const subscribers = await pkgConn.queryAll(
      `SELECT Id FROM PackageSubscriber ORDER BY Id LIMIT 5 OFFSET ${round * 5}`,
      z.object({ Id: z.string() }),
    );
    for (const { Id } of subscribers) {
      control.updateRecord(
        orgId,
        'PackageSubscriber',
        Id,
        { OrgStatus: 'Inactive' },
        {
          modifiedAt: at,
        },
      );
    }
  }
}

interface Played {
  /** The jobs' result lines (records read per source). */
  messages: string[];
  /** API calls of the fetches per fault action (the test's own change calls left out). */
  calls: FaultCounts;
}

async function play(side: Side, faults: FaultRates | null): Promise<Played> {
  const control = side.h.sim.control;
  const messages: string[] = [];
  const calls = control.faultCounts();
  for (const key of Object.keys(calls) as FaultAction[]) calls[key] = 0;
  const run = async (job: ReturnType<typeof fetchJob>) => {
    control.resetFaultCounts();
    if (faults) control.setFaults('all', faults);
    try {
      const context = await runJob(job);
      expect(context.errorMessages()).toEqual([]);
      messages.push(...context.results.map((r) => r.message));
    } finally {
      control.clearFaults();
      for (const [key, n] of Object.entries(control.faultCounts())) calls[key as FaultAction] += n;
    }
  };
  await run(fetchAllJob(side.deps));
  for (let round = 1; round <= ROUNDS; round++) {
    // The changes are made fault-free (they are Salesforce's, not the fetch's).
    await changeSalesforce(side, round);
    await run(fetchJob(side.deps));
  }
  // Fetch all data again over what is stored (the monthly full re-read).
  await run(fetchAllJob(side.deps));
  return { messages, calls };
}

describe('the sync under injected Salesforce faults', () => {
  it('full and incremental fetches store exactly what a fault-free run stores', async () => {
    const [expectedRun, actualRun] = await Promise.all([play(clean, null), play(faulty, FAULTS)]);
    const { none, ...faults } = actualRun.calls;
    const total = Object.values(faults).reduce((sum, n) => sum + n, 0);
    console.info(
      `fetch-faults: ${none + total} API calls of the fetches on the faulty side, ${total} faults injected and survived: ${JSON.stringify(faults)}`,
    );
    // Every kind of fault hit some calls, and none on the fault-free side.
    for (const [kind, count] of Object.entries(faults)) expect(count, kind).toBeGreaterThan(0);
    const { none: cleanCalls, ...cleanFaults } = expectedRun.calls;
    expect(cleanCalls).toBeGreaterThan(0);
    expect(Object.values(cleanFaults).every((n) => n === 0)).toBe(true);

    // The same results (records read per source), and the same rows in every synced table.
    expect(actualRun.messages).toEqual(expectedRun.messages);
    const [expected, actual] = await Promise.all([
      dump(clean.h.testDb.db),
      dump(faulty.h.testDb.db),
    ]);
    for (const table of SYNCED_TABLES) {
      expect(expected[table]?.length, table).toBeGreaterThan(0);
      expect(actual[table], table).toEqual(expected[table]);
    }
  }, 300_000);
});
