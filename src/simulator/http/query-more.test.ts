// queryMore across the demo dataset's 5 000 licenses, with jsforce and on the wire.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../index';
import { api, login, passwordToken, soql, startTestSimulator } from '../test-support';

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startTestSimulator({ dataset: 'demo' });
});
afterAll(async () => {
  await sim.close();
});

const LICENSE_QUERY =
  'SELECT Id, LastModifiedDate, Name, sfLma__Subscriber_Org_ID__c, sfLma__Org_Instance__c, sfLma__License_Type__c, sfLma__Subscriber_Org_Is_Sandbox__c, sfLma__Status__c, sfLma__Install_Date__c, sfLma__Expiration__c, sfLma__Used_Licenses__c, sfLma__Package__c, sfLma__Package_Version__r.sfLma__Version_ID__c FROM sfLma__License__c';

describe('queryMore', () => {
  it('pages 5 000 licenses in batches of 2 000 with locators like <cursor>-2000', async () => {
    const token = await passwordToken(sim, 'admin@pushboard.demo');
    const first = (await api(token.instance_url, token.access_token, soql(LICENSE_QUERY))).body as {
      totalSize: number;
      done: boolean;
      nextRecordsUrl: string;
      records: { Id: string }[];
    };
    expect(first.totalSize).toBe(5_000);
    expect(first.done).toBe(false);
    expect(first.records).toHaveLength(2_000);
    expect(first.nextRecordsUrl).toMatch(
      /^\/services\/data\/v62\.0\/query\/01g[0-9A-Za-z]{15}-2000$/,
    );
    const second = (await api(token.instance_url, token.access_token, first.nextRecordsUrl))
      .body as { nextRecordsUrl: string; records: unknown[] };
    expect(second.records).toHaveLength(2_000);
    expect(second.nextRecordsUrl.endsWith('-4000')).toBe(true);
    const third = (await api(token.instance_url, token.access_token, second.nextRecordsUrl))
      .body as { done: boolean; records: unknown[]; nextRecordsUrl?: string };
    expect(third).toMatchObject({ done: true });
    expect(third.records).toHaveLength(1_000);
    expect(third.nextRecordsUrl).toBeUndefined();
  });

  it('works with jsforce autoFetch and with conn.queryMore(locator)', async () => {
    const conn = await login(sim, 'operator@pushboard.demo');
    const all = await conn
      .query<{ Id: string; sfLma__Status__c: string }>(LICENSE_QUERY)
      .autoFetch(true)
      .maxFetch(10_000);
    expect(all.records).toHaveLength(5_000);
    expect(new Set(all.records.map((r) => r.Id)).size).toBe(5_000);
    expect(new Set(all.records.map((r) => r.sfLma__Status__c))).toEqual(
      new Set(['Active', 'Trial', 'Suspended', 'Expired', 'Uninstalled']),
    );

    const page = await conn.query(LICENSE_QUERY);
    expect(page.done).toBe(false);
    const more = await conn.queryMore(page.nextRecordsUrl ?? '');
    expect(more.records).toHaveLength(2_000);
  });
});
