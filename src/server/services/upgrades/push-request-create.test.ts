// One PackagePushRequest per upgrade request, even when Salesforce created one whose answer never
// arrived (the gateway's retry of the create makes a second) or a process died between
// Salesforce's answer and the local write. Real simulator over HTTP; PGlite and, with
// TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FaultInjector } from '../../../../test/support/salesforce-simulator';
import type { Actor } from '../../actor';
import { loadConfig, upgradeSettings } from '../../config';
import { OrgConnection } from '../../salesforce/org-connection';
import { fetchAllJob } from '../../sync/fetch-job';
import { RecordingLive, runJob } from '../../sync/testing/recording-context';
import { startSyncHarness, type SyncHarness } from '../../sync/testing/sync-harness';
import { UpgradeScheduler } from './schedule';
import { upgradeCandidates } from './testing/upgrade-candidates';

let h: SyncHarness;
let scheduler: UpgradeScheduler;

beforeAll(async () => {
  h = await startSyncHarness({ dataset: 'test' });
  await runJob(fetchAllJob(h.deps));
  const config = loadConfig({});
  scheduler = new UpgradeScheduler({
    db: h.testDb.db,
    gateway: h.gateway,
    live: new RecordingLive(),
    settings: upgradeSettings(config).lists,
  });
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await h?.close();
});

const operator: Actor = {
  username: 'operator@pushboard.demo',
  displayName: null,
  readOnly: false,
  authMethod: 'salesforce',
};
const rows = async <T>(sql: string, params: unknown[] = []) =>
  (await h.testDb.db.query<T>(sql, params)).rows;

interface Target {
  version: string;
  packageOrgId: string;
  orgs: string[];
}

/**
 * A few upgradeable orgs and their package's latest version; orgs an earlier test put in a group
 * are no longer candidates.
 */
async function target(): Promise<Target> {
  const found = await upgradeCandidates(h.testDb.db, { limit: 5 });
  return {
    version: found[0]!.target.trim(),
    packageOrgId: found[0]!.package_org_id.trim(),
    orgs: found.map((r) => r.org_id.trim()),
  };
}

async function schedule(t: Target, start: Date, transid: string) {
  const [group] = await rows<{ id: number }>(
    `INSERT INTO org_group (name, type) VALUES ($1, 'Upgrade Group') RETURNING id::int AS id`,
    [transid],
  );
  await h.testDb.db.query(
    `INSERT INTO org_group_member (org_group_id, org_id) SELECT $1, unnest($2::text[])`,
    [group!.id, t.orgs],
  );
  const { id } = await scheduler.schedule(
    operator,
    { groupId: group!.id },
    { versions: [t.version], scheduled_date: start, description: transid, transid },
  );
  const [item] = await rows<{ push_request_id: string }>(
    `SELECT push_request_id FROM upgrade_item WHERE upgrade_id = $1`,
    [id],
  );
  return item!.push_request_id.trim();
}

/** The version's push requests in Salesforce starting at `start`, with their statuses. */
async function requestsAt(t: Target, start: Date): Promise<{ Id: string; Status: string }[]> {
  const conn = await h.gateway.connect(t.packageOrgId);
  const all = await conn.queryAll(
    `SELECT Id, Status, ScheduledStartTime FROM PackagePushRequest
      WHERE PackageVersionId = '${t.version}' ORDER BY Id`,
    z.object({ Id: z.string(), Status: z.string(), ScheduledStartTime: z.string() }),
  );
  return all
    .filter((r) => new Date(r.ScheduledStartTime).getTime() === start.getTime())
    .map(({ Id, Status }) => ({ Id, Status }));
}

const startIn = (minutes: number) =>
  new Date(Math.floor(h.sim.control.now().getTime() / 1000) * 1000 + minutes * 60_000);

describe('the push request of an upgrade request', () => {
  it("is created once when the create's answer is lost and the gateway retries it", async () => {
    const t = await target();
    const start = startIn(61);
    // The create of the push request goes through, but its answer is lost on the way back.
    let loseNext = false;
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const create = OrgConnection.prototype.create;
    vi.spyOn(OrgConnection.prototype, 'create').mockImplementation(function (
      this: OrgConnection,
      type,
      records,
      options,
    ) {
      if (type === 'PackagePushRequest') loseNext = true;
      return create.call(this, type, records, options);
    });
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const decide = FaultInjector.prototype.decide;
    const lost: string[] = [];
    vi.spyOn(FaultInjector.prototype, 'decide').mockImplementation(function (
      this: FaultInjector,
      orgId15,
    ) {
      if (!loseNext) return decide.call(this, orgId15);
      loseNext = false;
      lost.push(orgId15);
      return { latencyMs: 0, action: 'loseAnswer', serverStatus: 500 };
    });
    let requestId: string;
    try {
      requestId = await schedule(t, start, `lost-${Date.now()}`);
    } finally {
      vi.restoreAllMocks();
    }
    expect(lost).toEqual([t.packageOrgId.slice(0, 15)]);
    // The lost attempt's request was made too; it is canceled, the item's is the one left.
    const requests = await requestsAt(t, start);
    expect(requests).toHaveLength(2);
    expect(requests.filter((r) => r.Status !== 'Canceled')).toEqual([
      { Id: requestId, Status: 'Created' },
    ]);
  });

  it('adopts the request a dead process created before it could write it down', async () => {
    const t = await target();
    const start = startIn(62);
    const conn = await h.gateway.connect(t.packageOrgId);
    const [left] = await conn.create('PackagePushRequest', [
      { PackageVersionId: t.version, ScheduledStartTime: start.toISOString() },
    ]);
    expect(left?.success).toBe(true);

    const requestId = await schedule(t, start, `dead-${Date.now()}`);
    expect(requestId).toBe(left!.id);
    expect(await requestsAt(t, start)).toEqual([{ Id: left!.id, Status: 'Created' }]);
    // Its jobs went into that request.
    const jobs = await conn.queryAll(
      `SELECT Id FROM PackagePushJob WHERE PackagePushRequestId = '${requestId}'`,
      z.object({ Id: z.string() }),
    );
    expect(jobs).toHaveLength(t.orgs.length);
  });

  it('leaves alone requests another upgrade owns and creates its own', async () => {
    const first = await target();
    const start = startIn(63);
    const owned = await schedule(first, start, `owned-${Date.now()}`);
    const second = { ...(await target()), version: first.version };
    const own = await schedule(second, start, `own-${Date.now()}`);
    expect(own).not.toBe(owned);
    expect(await requestsAt(first, start)).toEqual(
      [
        { Id: owned, Status: 'Created' },
        { Id: own, Status: 'Created' },
      ].sort((a, b) => a.Id.localeCompare(b.Id)),
    );
  });
});
