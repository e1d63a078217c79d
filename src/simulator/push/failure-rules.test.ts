// Failure rules: a version fails for the orgs of one instance or one edition (to rehearse a bad
// release in demo mode), at the highest rate of the plain failure rate and the matching rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../index';
import { passwordToken, startTestSimulator } from '../test-support';
import { PushClient } from './push-client';

let sim: RunningSimulator;
let core: PushClient;
let lma: PushClient;

beforeAll(async () => {
  sim = await startTestSimulator({ failureRate: 0 });
  core = new PushClient(sim, await passwordToken(sim, 'admin@relaycore.pushboard.demo'));
  lma = new PushClient(sim, await passwordToken(sim, 'admin@pushboard.demo'));
});
afterAll(async () => {
  await sim.close();
});

const key15 = (id: string) => id.slice(0, 15);

async function pushToEnd(count: number) {
  const target = await core.latestReleased();
  const keys = await core.eligible(target.Id, count);
  const id = await core.startPush(target.Id, keys);
  await core.runToEnd(id);
  const jobs = await core.jobs(id);
  return {
    target,
    keys,
    failed: new Set(
      jobs.filter((j) => j.Status === 'Failed').map((j) => key15(j.SubscriberOrganizationKey!)),
    ),
  };
}

describe('failure rules', () => {
  it("fail a version's pushes on one instance only", async () => {
    const subscribers = await core.query<{ OrgKey: string; InstanceName: string }>(
      'SELECT OrgKey, InstanceName FROM PackageSubscriber',
    );
    const instanceOf = new Map(subscribers.map((s) => [key15(s.OrgKey), s.InstanceName]));
    const target = await core.latestReleased();
    const keys = await core.eligible(target.Id, 60);
    const instance = instanceOf.get(key15(keys[0]!))!;
    sim.control.setFailureRules([
      { versionId: target.Id, instance: instance.toLowerCase(), rate: 1 },
    ]);
    try {
      const id = await core.startPush(target.Id, keys);
      await core.runToEnd(id);
      const jobs = await core.jobs(id);
      for (const job of jobs) {
        const onInstance = instanceOf.get(key15(job.SubscriberOrganizationKey!)) === instance;
        expect(job.Status).toBe(onInstance ? 'Failed' : 'Succeeded');
      }
      expect(jobs.some((j) => j.Status === 'Succeeded')).toBe(true);
    } finally {
      sim.control.setFailureRules([]);
    }
  });

  it('fail the orgs of one edition, read from their LMA licenses; another version is untouched', async () => {
    const licenses = await lma.query<{
      sfLma__Subscriber_Org_ID__c: string;
      sfLma__Org_Edition__c: string;
    }>('SELECT sfLma__Subscriber_Org_ID__c, sfLma__Org_Edition__c FROM sfLma__License__c');
    const editionOf = new Map(
      licenses.map((l) => [key15(l.sfLma__Subscriber_Org_ID__c), l.sfLma__Org_Edition__c]),
    );
    sim.control.setFailureRules([{ edition: 'Enterprise Edition', rate: 1 }]);
    try {
      const { failed, keys } = await pushToEnd(60);
      const enterprise = keys.filter((k) => editionOf.get(key15(k)) === 'Enterprise Edition');
      expect(enterprise.length).toBeGreaterThan(0);
      expect([...failed].sort()).toEqual(enterprise.map(key15).sort());
      sim.control.setFailureRules([
        { versionId: '04t000000000000', edition: 'Enterprise Edition', rate: 1 },
      ]);
      expect((await pushToEnd(20)).failed.size).toBe(0);
    } finally {
      sim.control.setFailureRules([]);
    }
  });

  it('are set over HTTP, and a bad rule is a 400 that changes nothing', async () => {
    const put = (body: unknown) =>
      fetch(`${sim.url}/__sim/failure-rules`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const ok = await put({ rules: [{ instance: 'EU44', rate: 0.5 }] });
    expect(await ok.json()).toEqual({ rules: [{ instance: 'EU44', rate: 0.5 }] });
    for (const bad of [
      { rules: [{ rate: 2 }] },
      { rules: [{ edition: 5, rate: 1 }] },
      { rules: 'x' },
    ]) {
      const answer = await put(bad);
      expect(answer.status).toBe(400);
    }
    expect(sim.control.failureRules()).toEqual([{ instance: 'EU44', rate: 0.5 }]);
    sim.control.setFailureRules([]);
  });
});
