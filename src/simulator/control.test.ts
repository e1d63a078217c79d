// The control interface in-process and over /__sim, and the Trust-API-like instance list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from './index';
import {
  API,
  api,
  orgInfo,
  passwordToken,
  soql,
  startTestSimulator,
  type TokenReply,
} from './test-support';

let sim: RunningSimulator;
let lma: TokenReply;

beforeAll(async () => {
  sim = await startTestSimulator();
  lma = await passwordToken(sim, 'admin@pushboard.demo');
});
afterAll(async () => {
  await sim.close();
});

const query = async <T>(q: string, token = lma): Promise<T[]> =>
  ((await api(token.instance_url, token.access_token, soql(q))).body as { records: T[] }).records;

const control = (path: string, method = 'GET', body?: unknown) =>
  fetch(`${sim.url}/__sim${path}`, {
    method,
    ...(body !== undefined
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : {}),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

describe('data edits', () => {
  it('updates records with an explicit modified time, so two changes can share a second', async () => {
    const [a, b] = await query<{ Id: string }>('SELECT Id FROM sfLma__License__c LIMIT 2');
    sim.control.updateRecord(
      'lma',
      'sfLma__License__c',
      a?.Id ?? '',
      { sfLma__Status__c: 'Suspended' },
      { modifiedAt: '2031-03-04T05:06:07.100Z' },
    );
    sim.control.updateRecord(
      'lma',
      'sfLma__License__c',
      b?.Id ?? '',
      { sfLma__Status__c: 'Expired' },
      { modifiedAt: new Date('2031-03-04T05:06:07.900Z') },
    );
    const changed = await query<{ Id: string; sfLma__Status__c: string; LastModifiedDate: string }>(
      'SELECT Id, sfLma__Status__c, LastModifiedDate FROM sfLma__License__c WHERE LastModifiedDate >= 2031-03-04T05:06:07Z ORDER BY LastModifiedDate',
    );
    expect(changed).toEqual([
      {
        attributes: expect.anything() as unknown,
        Id: a?.Id,
        sfLma__Status__c: 'Suspended',
        LastModifiedDate: '2031-03-04T05:06:07.100+0000',
      },
      {
        attributes: expect.anything() as unknown,
        Id: b?.Id,
        sfLma__Status__c: 'Expired',
        LastModifiedDate: '2031-03-04T05:06:07.900+0000',
      },
    ]);
  });

  it('stamps the simulator’s now by default and checks values', () => {
    const created = sim.control.createRecord('lma', 'Account', { Name: 'Control Corp' });
    expect(created.CreatedDate).toBe(sim.control.now().toISOString().replace('Z', '+0000'));
    sim.control.advance(5_000);
    const updated = sim.control.updateRecord('lma', 'Account', String(created.Id), {
      Industry: 'Retail',
    });
    expect(updated.LastModifiedDate).toBe(sim.control.now().toISOString().replace('Z', '+0000'));
    expect(() =>
      sim.control.updateRecord('lma', 'Account', String(created.Id), { NumberOfEmployees: 'lots' }),
    ).toThrow(/JSON_PARSER_ERROR/);
    expect(() => sim.control.updateRecord('nowhere', 'Account', String(created.Id), {})).toThrow(
      /unknown org/,
    );
    sim.control.deleteRecord('lma', 'Account', String(created.Id));
    expect(sim.control.getRecord('lma', 'Account', String(created.Id))).toBeUndefined();
  });

  it('counts records per object per org', () => {
    const counts = sim.control.counts();
    const lmaCounts = counts[orgInfo(sim, 'lma').orgId];
    expect(lmaCounts).toMatchObject({
      sfLma__License__c: 1_000,
      sfLma__Package__c: 2,
      sfLma__Package_Version__c: 14,
      User: 3,
    });
    const core = sim.control.counts('relaycore')[orgInfo(sim, 'relaycore').orgId];
    expect(core?.PackageSubscriber).toBeGreaterThan(300);
    expect(core?.MetadataPackageVersion).toBe(10);
  });

  it('expires the tokens of one org', async () => {
    const pkg = await passwordToken(sim, 'admin@relaycore.pushboard.demo');
    const own = await passwordToken(sim, 'operator@pushboard.demo');
    expect(sim.control.expireTokens({ org: 'relaycore' })).toBe(1);
    expect((await api(pkg.instance_url, pkg.access_token, `${API}/limits`)).status).toBe(401);
    expect((await api(own.instance_url, own.access_token, `${API}/limits`)).status).toBe(200);
  });
});

describe('control over HTTP', () => {
  it('serves orgs, clock, pace, failure rate, counts, usage and records', async () => {
    expect((await control('/orgs')).body).toEqual(sim.orgs);
    const clock = await control('/clock');
    expect(clock.body.pace).toBe('manual');
    const advanced = await control('/clock/advance', 'POST', { ms: 60_000 });
    expect(Date.parse(String(advanced.body.now)) - Date.parse(String(clock.body.now))).toBe(60_000);
    expect((await control('/pace', 'PUT', { pace: 'sideways' })).status).toBe(400);
    expect((await control('/failure-rate', 'PUT', { rate: 0.5 })).body).toEqual({ rate: 0.5 });
    expect((await control('/counts?org=lma')).body).toHaveProperty(orgInfo(sim, 'lma').orgId);
    expect((await control('/usage/lma')).body).toMatchObject({ max: 250_000 });
    expect((await control('/pushes')).body).toEqual({ active: 0 });

    const [license] = await query<{ Id: string }>('SELECT Id FROM sfLma__License__c LIMIT 1');
    const patched = await control(`/records/lma/sfLma__License__c/${license?.Id ?? ''}`, 'PATCH', {
      fields: { sfLma__Seats__c: 42 },
      modifiedAt: '2032-01-01T00:00:00Z',
    });
    expect(patched.body).toMatchObject({
      sfLma__Seats__c: 42,
      LastModifiedDate: '2032-01-01T00:00:00.000+0000',
    });
    expect(
      (await control(`/records/lma/sfLma__License__c/${license?.Id ?? ''}`)).body,
    ).toMatchObject({ sfLma__Seats__c: 42 });
    const created = await control('/records/lma/Account', 'POST', {
      fields: { Name: 'Over HTTP Ltd' },
    });
    expect(created.body.Id).toMatch(/^001/);
    expect(
      (await control('/tokens/expire', 'POST', { username: 'admin@pushboard.demo' })).body.expired,
    ).toBeGreaterThanOrEqual(1);
  });
});

describe('Trust instances', () => {
  it('lists every instance the generated orgs use, in the Trust API’s shape', async () => {
    const instances = (await (await fetch(`${sim.url}/status/v1/instances`)).json()) as Record<
      string,
      unknown
    >[];
    for (const i of instances) {
      expect(Object.keys(i)).toEqual(
        expect.arrayContaining([
          'key',
          'location',
          'environment',
          'releaseVersion',
          'releaseNumber',
          'status',
          'isActive',
        ]),
      );
    }
    const keys = new Set(instances.map((i) => i.key));
    const fresh = await passwordToken(sim, 'admin@pushboard.demo');
    const licenses = await query<{ sfLma__Org_Instance__c: string }>(
      'SELECT sfLma__Org_Instance__c FROM sfLma__License__c',
      fresh,
    );
    for (const l of licenses) expect(keys.has(l.sfLma__Org_Instance__c)).toBe(true);
    expect(new Set(instances.map((i) => i.releaseNumber)).size).toBeGreaterThan(1);
    expect(new Set(instances.map((i) => i.environment))).toEqual(
      new Set(['production', 'sandbox']),
    );
  });
});
