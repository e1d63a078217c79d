// The sf CLI tier: the real, unmodified Salesforce CLI against a simulated packaging org, over HTTP.
// It signs in with an access token, queries the packaging objects, and schedules, lists, reports
// and aborts push upgrades, asserting on the JSON each command prints. Runs only under
// `npm run test:sf-cli`, which installs the CLI and sets SF_CLI_BIN; skipped in the simulator project.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator, SimOrgInfo } from '../index';
import { orgInfo, passwordToken, startTestSimulator } from '../test-support';
import { SF_CLI_BIN, SfCli } from './sf';

interface QueryResult<R = Record<string, unknown>> {
  records: R[];
  totalSize: number;
  done: boolean;
}

type Row = Record<string, unknown> & { attributes: { type: string } };

const HOUR_MS = 3_600_000;

describe.skipIf(!SF_CLI_BIN)('the sf CLI against a simulated packaging org', () => {
  let sim: RunningSimulator;
  let org: SimOrgInfo;
  let sf: SfCli;
  const query = (soql: string) => sf.ok<QueryResult<Row>>(['data', 'query', '--query', soql]);

  beforeAll(async () => {
    // The CLI signed in with an access token cannot refresh it; it must outlive the pushes the
    // tests run by moving the simulator's clock hours ahead.
    sim = await startTestSimulator({ instanceUrls: 'origin', accessTokenTtlSeconds: 12 * 3600 });
    org = orgInfo(sim, 'relaycore');
    sf = new SfCli(SF_CLI_BIN ?? '');
  });
  afterAll(async () => {
    sf.dispose();
    await sim.close();
  });

  it('signs in with an access token and finds the org a Dev Hub', async () => {
    const token = await passwordToken(sim, 'admin@relaycore.pushboard.demo');
    expect(token.instance_url).toBe(org.instanceUrl);
    const result = await sf.ok<Record<string, unknown>>(
      [
        'org',
        'login',
        'access-token',
        '--instance-url',
        org.instanceUrl,
        '--no-prompt',
        '--set-default',
        '--set-default-dev-hub',
      ],
      { SF_ACCESS_TOKEN: token.access_token },
    );
    expect(result).toMatchObject({
      username: 'admin@relaycore.pushboard.demo',
      orgId: org.orgId,
      instanceUrl: `${org.instanceUrl}/`,
      isDevHub: true,
    });
  }, 60_000);

  it('queries MetadataPackage', async () => {
    const result = await query('SELECT Id, Name FROM MetadataPackage');
    expect(result.totalSize).toBe(1);
    expect(result.records[0]).toMatchObject({
      attributes: { type: 'MetadataPackage' },
      Id: expect.stringMatching(/^033/) as string,
      Name: 'Relay Core',
    });
  }, 60_000);

  it('queries versions with a relationship field, ORDER BY and LIMIT', async () => {
    const result = await query(
      "SELECT Id, Name, MajorVersion, MinorVersion, MetadataPackage.NamespacePrefix FROM MetadataPackageVersion WHERE ReleaseState = 'Released' ORDER BY MajorVersion DESC, MinorVersion DESC, PatchVersion DESC LIMIT 2",
    );
    expect(result.totalSize).toBe(2);
    const [newest, next] = result.records;
    expect(newest?.MetadataPackage).toMatchObject({ NamespacePrefix: 'relaycore' });
    const order = (r: Row | undefined) => Number(r?.MajorVersion) * 1000 + Number(r?.MinorVersion);
    expect(order(newest)).toBeGreaterThanOrEqual(order(next));
  }, 60_000);

  it('counts subscribers with Count(Id), in total and grouped', async () => {
    const total = await query('SELECT Count(Id) FROM PackageSubscriber');
    const subscribers = sim.control.counts(org.orgId)[org.orgId]?.PackageSubscriber;
    expect(total.records).toEqual([
      { attributes: { type: 'AggregateResult' }, expr0: subscribers },
    ]);
    const byType = await query(
      'SELECT OrgType, Count(Id) n FROM PackageSubscriber GROUP BY OrgType ORDER BY OrgType',
    );
    expect(byType.records.map((r) => r.OrgType)).toEqual(['Production', 'Sandbox']);
    expect(byType.records.reduce((sum, r) => sum + Number(r.n), 0)).toBe(subscribers);
  }, 60_000);

  it('exports subscribers through a Bulk API 2.0 query job', async () => {
    const file = join(sf.home, 'subscribers.csv');
    const result = await sf.ok<{ totalSize: number; filePath: string }>([
      'data',
      'export',
      'bulk',
      '--query',
      'SELECT Id, OrgKey, MetadataPackageVersion.Name FROM PackageSubscriber',
      '--output-file',
      file,
      '--result-format',
      'csv',
      '--wait',
      '2',
    ]);
    const subscribers = sim.control.counts(org.orgId)[org.orgId]?.PackageSubscriber;
    expect(result.totalSize).toBe(subscribers);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('"Id","OrgKey","MetadataPackageVersion.Name"');
    expect(lines).toHaveLength((subscribers ?? 0) + 1);
  }, 60_000);

  it('reports a malformed query with Salesforce’s error code and position', async () => {
    const out = await sf.run(['data', 'query', '--query', 'SELECT Id FROM']);
    expect(out.code).not.toBe(0);
    expect(out.json.name).toBe('MALFORMED_QUERY');
    expect(out.json.message).toMatch(/ERROR at Row:1:Column:15/);
  }, 60_000);

  describe('push upgrades', () => {
    let versionId: string;
    let packageId: string;
    let orgKeys: string[];
    let pushId: string;

    beforeAll(async () => {
      const [newest] = (
        await query(
          "SELECT Id, MetadataPackageId FROM MetadataPackageVersion WHERE ReleaseState = 'Released' ORDER BY MajorVersion DESC, MinorVersion DESC, PatchVersion DESC LIMIT 1",
        )
      ).records;
      versionId = String(newest?.Id);
      packageId = String(newest?.MetadataPackageId);
      const eligible = await query(
        `SELECT OrgKey FROM PackageSubscriber WHERE OrgStatus = 'Active' AND CustomUpgradeType != 'BlockedBySubscriber' AND MetadataPackageVersionId != '${versionId}' AND MetadataPackageVersion.ReleaseState = 'Released' ORDER BY OrgKey LIMIT 3`,
      );
      orgKeys = eligible.records.map((r) => String(r.OrgKey));
      expect(orgKeys).toHaveLength(3);
    }, 120_000);

    it('schedules a push for an org list at a start time (Bulk API 2.0 job insert)', async () => {
      const start = new Date(sim.control.now().getTime() + HOUR_MS).toISOString();
      const result = await sf.ok<Record<string, unknown>>([
        'package',
        'push-upgrade',
        'schedule',
        '--package',
        versionId,
        '--org-list',
        orgKeys.join(','),
        '--start-time',
        start,
      ]);
      expect(result).toMatchObject({ ScheduledStartTime: start, Status: 'Pending' });
      pushId = String(result.PushRequestId);
      expect(pushId).toMatch(/^0DV/);
      const jobs = await query(
        `SELECT SubscriberOrganizationKey, Status, PackagePushRequest.Status FROM PackagePushJob WHERE PackagePushRequestId = '${pushId}' ORDER BY SubscriberOrganizationKey`,
      );
      expect(jobs.records.map((j) => j.SubscriberOrganizationKey)).toEqual(orgKeys);
      expect(jobs.records[0]).toMatchObject({
        Status: 'Pending',
        PackagePushRequest: { Status: 'Pending' },
      });
    }, 120_000);

    it('lists the package’s push requests', async () => {
      const result = await sf.ok<Row[]>([
        'package',
        'push-upgrade',
        'list',
        '--package',
        packageId,
      ]);
      const listed = result.find((r) => r.Id === pushId);
      expect(listed).toMatchObject({
        PackageVersionId: versionId,
        Status: 'Pending',
        IsMigration: false,
        PackageVersion: { MajorVersion: expect.any(Number) as number },
      });
    }, 60_000);

    it('reports the push once it ran, and its failed jobs’ errors are queryable', async () => {
      sim.control.setFailureRate(1);
      sim.control.advance(3 * HOUR_MS);
      const report = await sf.ok<Row>([
        'package',
        'push-upgrade',
        'report',
        '--push-request-id',
        pushId,
      ]);
      expect(report).toMatchObject({
        Id: pushId,
        Status: 'Failed',
        PackageVersionId: versionId,
        PackageVersion: { MetadataPackage: { NamespacePrefix: 'relaycore' } },
      });
      expect(report.DurationSeconds).toEqual(expect.any(Number));
      const errors = await query(
        `SELECT ErrorSeverity, ErrorTitle, PackagePushJob.SubscriberOrganizationKey FROM PackagePushError WHERE PackagePushJob.PackagePushRequestId = '${pushId}'`,
      );
      const failedOrgs = new Set(
        errors.records.map((e) => (e.PackagePushJob as Row).SubscriberOrganizationKey),
      );
      expect([...failedOrgs].sort()).toEqual(orgKeys);
    }, 120_000);

    it('aborts a pending push, and refuses to abort it twice', async () => {
      const start = new Date(sim.control.now().getTime() + 24 * HOUR_MS).toISOString();
      const scheduled = await sf.ok<Record<string, unknown>>([
        'package',
        'push-upgrade',
        'schedule',
        '--package',
        versionId,
        '--org-list',
        orgKeys[0] ?? '',
        '--start-time',
        start,
      ]);
      const id = String(scheduled.PushRequestId);
      const abort = ['package', 'push-upgrade', 'abort', '--push-request-id', id];
      expect(await sf.ok(abort)).toEqual({ success: true });
      const again = await sf.run(abort);
      expect(again.code).toBe(1);
      expect(again.json.message).toContain("with status 'Canceled'");
    }, 120_000);

    it('fails a schedule whose org list has an org without the package', async () => {
      const out = await sf.run([
        'package',
        'push-upgrade',
        'schedule',
        '--package',
        versionId,
        '--org-list',
        '00D000000000001AAA',
      ]);
      expect(out.code).not.toBe(0);
      expect(out.json.message).toMatch(/job errors have been written to file/);
    }, 120_000);
  });
});
