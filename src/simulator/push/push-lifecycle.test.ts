// A push driven to completion on the manual clock: statuses over time, PackagePushError rows,
// upgraded subscribers and licenses, scheduling, the instant pace and determinism.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../index';
import { api, passwordToken, soql, startTestSimulator, type TokenReply } from '../test-support';
import { PushClient } from './push-client';

let sim: RunningSimulator;
let core: PushClient;
let lma: TokenReply;

beforeAll(async () => {
  sim = await startTestSimulator({ failureRate: 0.25 });
  core = new PushClient(sim, await passwordToken(sim, 'admin@relaycore.pushboard.demo'));
  lma = await passwordToken(sim, 'admin@pushboard.demo');
});
afterAll(async () => {
  await sim.close();
});

describe('a push to completion', () => {
  it('moves jobs through their statuses, writes PackagePushError rows, upgrades subscribers and licenses', async () => {
    sim.control.setFailureRate(0.3);
    const target = await core.latestReleased();
    const keys = await core.eligible(target.Id, 40);
    const start = sim.control.now().getTime();
    const id = await core.startPush(target.Id, keys);
    expect((await core.request(id)).Status).toBe('Pending');
    sim.control.advance(1_000);
    expect((await core.request(id)).Status).toBe('Pending');
    sim.control.advance(1_500);
    expect((await core.request(id)).Status).toBe('InProgress');
    const early = await core.jobs(id);
    expect(early.filter((j) => j.Status === 'InProgress')).toHaveLength(16);
    expect(early.filter((j) => j.Status === 'Pending')).toHaveLength(24);

    const request = await core.runToEnd(id);
    const jobs = await core.jobs(id);
    const failed = jobs.filter((j) => j.Status === 'Failed');
    const succeeded = jobs.filter((j) => j.Status === 'Succeeded');
    expect(failed.length + succeeded.length).toBe(40);
    expect(failed.length).toBeGreaterThan(0);
    expect(request).toMatchObject({ Status: 'Failed' });
    expect(Date.parse(String(request.StartTime).replace('+0000', 'Z'))).toBe(start + 2_000);
    expect(Number(request.DurationSeconds)).toBeGreaterThan(0);
    for (const job of jobs)
      expect(job).toMatchObject({
        StartTime: expect.stringMatching(/\+0000$/) as string,
        EndTime: expect.stringMatching(/\+0000$/) as string,
      });

    const errors = await core.query<Record<string, string>>(
      `SELECT Id, PackagePushJobId, ErrorSeverity, ErrorType, ErrorTitle, ErrorMessage, ErrorDetails FROM PackagePushError WHERE PackagePushJob.PackagePushRequestId = '${id}'`,
    );
    expect(new Set(errors.map((e) => e.PackagePushJobId))).toEqual(
      new Set(failed.map((j) => j.Id)),
    );
    for (const e of errors) {
      expect(e.Id).toMatch(/^0DY/);
      expect(e.ErrorSeverity).toBe('Error');
      expect(e.ErrorTitle).not.toBe('');
      expect(e.ErrorMessage).not.toBe('');
    }

    const upgraded = succeeded[0]?.SubscriberOrganizationKey ?? '';
    const [subscriber] = await core.query<{
      MetadataPackageVersionId: string;
      SystemModstamp: string;
    }>(
      `SELECT MetadataPackageVersionId, SystemModstamp FROM PackageSubscriber WHERE OrgKey = '${upgraded}'`,
    );
    expect(subscriber?.MetadataPackageVersionId).toBe(target.Id);
    expect(Date.parse(String(subscriber?.SystemModstamp).replace('+0000', 'Z'))).toBeGreaterThan(
      start,
    );
    const licenses = (
      await api(
        lma.instance_url,
        lma.access_token,
        soql(
          `SELECT LastModifiedDate, sfLma__Package_Version__r.sfLma__Version_ID__c FROM sfLma__License__c WHERE sfLma__Subscriber_Org_ID__c = '${upgraded.slice(0, 15)}' AND sfLma__Package__r.Name = 'Relay Core'`,
        ),
      )
    ).body as {
      records: {
        LastModifiedDate: string;
        sfLma__Package_Version__r: { sfLma__Version_ID__c: string };
      }[];
    };
    expect(licenses.records[0]?.sfLma__Package_Version__r.sfLma__Version_ID__c).toBe(target.Id);
    expect(
      Date.parse(String(licenses.records[0]?.LastModifiedDate).replace('+0000', 'Z')),
    ).toBeGreaterThan(start);
    const failedKey = failed[0]?.SubscriberOrganizationKey ?? '';
    const [untouched] = await core.query<{ MetadataPackageVersionId: string }>(
      `SELECT MetadataPackageVersionId FROM PackageSubscriber WHERE OrgKey = '${failedKey}'`,
    );
    expect(untouched?.MetadataPackageVersionId).not.toBe(target.Id);
  });

  it('ends Succeeded when every job succeeds, and waits for a future ScheduledStartTime', async () => {
    sim.control.setFailureRate(0);
    const target = await core.latestReleased();
    const keys = await core.eligible(target.Id, 5);
    const later = new Date(sim.control.now().getTime() + 60_000).toISOString();
    const id = await core.startPush(target.Id, keys, later);
    sim.control.advance(30_000);
    expect((await core.request(id)).Status).toBe('Pending');
    sim.control.advance(33_000);
    expect((await core.request(id)).Status).toBe('InProgress');
    expect(await core.runToEnd(id)).toMatchObject({ Status: 'Succeeded' });
  });

  it('finishes within the activating call on the instant pace', async () => {
    sim.control.setPace('instant');
    try {
      const target = await core.latestReleased();
      const id = await core.startPush(target.Id, await core.eligible(target.Id, 3));
      expect((await core.request(id)).Status).toBe('Succeeded');
    } finally {
      sim.control.setPace('manual');
    }
  });

  it('plays out identically for the same seed', async () => {
    const outcome = async (): Promise<string[]> => {
      const fresh = await startTestSimulator({ failureRate: 0.3 });
      try {
        const client = new PushClient(
          fresh,
          await passwordToken(fresh, 'admin@relaycore.pushboard.demo'),
        );
        const target = await client.latestReleased();
        const id = await client.startPush(target.Id, await client.eligible(target.Id, 30));
        await client.runToEnd(id);
        return (await client.jobs(id)).map(
          (j) => `${j.SubscriberOrganizationKey}:${j.Status}:${j.DurationSeconds}`,
        );
      } finally {
        await fresh.close();
      }
    };
    const [a, b] = [await outcome(), await outcome()];
    expect(a).toEqual(b);
    expect(a.some((x) => x.includes(':Failed:'))).toBe(true);
  });
});
