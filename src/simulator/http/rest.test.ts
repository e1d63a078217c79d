// REST API contracts: resources, limits, query errors, describe and permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, LmaAdminSession, passwordToken, api, soql } from '../test-support';

const lma = new LmaAdminSession();
beforeAll(() => lma.start());
afterAll(() => lma.stop());
const call = lma.call;

describe('resources', () => {
  it('lists versions on the login host and on instances, without a session', async () => {
    for (const base of [lma.sim.url, lma.url]) {
      const versions = (await (await fetch(`${base}/services/data`)).json()) as {
        label: string;
        url: string;
        version: string;
      }[];
      expect(versions).toContainEqual({
        label: "Winter '25",
        url: '/services/data/v62.0',
        version: '62.0',
      });
      expect(versions[0]).toEqual({
        label: "Winter '11",
        url: '/services/data/v20.0',
        version: '20.0',
      });
    }
  });

  it('serves the resources of a version, and NOT_FOUND for an unknown version', async () => {
    const root = await call(API);
    expect(root.body).toMatchObject({
      query: `${API}/query`,
      sobjects: `${API}/sobjects`,
      limits: `${API}/limits`,
      identity: lma.admin.id,
    });
    expect(await call('/services/data/v99.0/limits')).toMatchObject({
      status: 404,
      body: [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }],
    });
  });

  it('reports DailyApiRequests and the Sforce-Limit-Info header', async () => {
    const first = await call(`${API}/limits`);
    const second = await call(`${API}/limits`);
    const remaining = (r: typeof first) =>
      (r.body as { DailyApiRequests: { Max: number; Remaining: number } }).DailyApiRequests;
    expect(remaining(second).Remaining).toBe(remaining(first).Remaining - 1);
    expect(second.headers.get('sforce-limit-info')).toMatch(/^api-usage=\d+\/250000$/);
  });

  it('answers 401 INVALID_SESSION_ID without a valid token', async () => {
    const reply = await api(lma.url, 'garbage', `${API}/limits`);
    expect(reply).toEqual(
      expect.objectContaining({
        status: 401,
        body: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }],
      }),
    );
  });
});

describe('query errors', () => {
  it.each([
    ['SELECT Id FROM', 'MALFORMED_QUERY'],
    ['SELECT Nope__c FROM sfLma__License__c', 'INVALID_FIELD'],
    ['SELECT Id FROM PackagePushRequest', 'INVALID_TYPE'],
  ])('%s → 400 %s', async (query, errorCode) => {
    const reply = await call(soql(query));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual([{ message: expect.any(String) as string, errorCode }]);
  });

  it('rejects a missing query string', async () => {
    expect((await call(`${API}/query`)).body).toEqual([
      { message: 'A query string has to be specified', errorCode: 'MALFORMED_QUERY' },
    ]);
  });

  it('returns COUNT() as totalSize with no records', async () => {
    expect((await call(soql('SELECT COUNT() FROM sfLma__Package_Version__c'))).body).toEqual({
      totalSize: 14,
      done: true,
      records: [],
    });
  });
});

describe('describe', () => {
  it('describes the license object with the fields the product reads', async () => {
    const reply = (await call(`${API}/sobjects/sfLma__License__c/describe`)).body as {
      name: string;
      keyPrefix: string;
      fields: {
        name: string;
        type: string;
        relationshipName: string | null;
        referenceTo: string[];
      }[];
    };
    expect(reply).toMatchObject({ name: 'sfLma__License__c', keyPrefix: 'a0L' });
    const byName = new Map(reply.fields.map((f) => [f.name, f]));
    for (const name of [
      'Id',
      'Name',
      'LastModifiedDate',
      'CreatedDate',
      'sfLma__Subscriber_Org_ID__c',
      'sfLma__Org_Instance__c',
      'sfLma__License_Type__c',
      'sfLma__Subscriber_Org_Is_Sandbox__c',
      'sfLma__Status__c',
      'sfLma__Install_Date__c',
      'sfLma__Expiration__c',
      'sfLma__Used_Licenses__c',
      'sfLma__Seats__c',
      'sfLma__Package__c',
      'sfLma__Org_Edition__c',
    ]) {
      expect(byName.has(name), name).toBe(true);
    }
    expect(byName.get('sfLma__Package_Version__c')).toMatchObject({
      type: 'reference',
      relationshipName: 'sfLma__Package_Version__r',
      referenceTo: ['sfLma__Package_Version__c'],
    });
    expect(byName.get('sfLma__Account__c')).toMatchObject({
      relationshipName: 'sfLma__Account__r',
      referenceTo: ['Account'],
    });
    const global = (await call(`${API}/sobjects`)).body as { sobjects: { name: string }[] };
    expect(global.sobjects.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'Account',
        'User',
        'Organization',
        'sfLma__Package__c',
        'ObjectPermissions',
      ]),
    );
  });
});

describe('permissions', () => {
  const READ_ONLY_QUERY = (userId: string) =>
    `SELECT Id FROM ObjectPermissions WHERE ParentId IN (SELECT PermissionSetId FROM PermissionSetAssignment WHERE AssigneeId = '${userId}') AND PermissionsEdit = true AND SobjectType = 'sfLma__Package_Version__c'`;

  it('gives admin and operator Edit on sfLma__Package_Version__c, and the viewer none', async () => {
    for (const [username, editable] of [
      ['admin@pushboard.demo', true],
      ['operator@pushboard.demo', true],
      ['viewer@pushboard.demo', false],
    ] as const) {
      const token = await passwordToken(lma.sim, username);
      const userId = token.id.split('/').pop() ?? '';
      const reply = await api(
        token.instance_url,
        token.access_token,
        soql(READ_ONLY_QUERY(userId)),
      );
      expect((reply.body as { totalSize: number }).totalSize > 0).toBe(editable);
    }
  });

  it('enforces them: the viewer gets 400 INSUFFICIENT_ACCESS_OR_READONLY, the operator may edit', async () => {
    const versions = (await call(soql('SELECT Id FROM sfLma__Package_Version__c LIMIT 1')))
      .body as { records: { Id: string }[] };
    const id = versions.records[0]?.Id ?? '';
    const viewer = await passwordToken(lma.sim, 'viewer@pushboard.demo');
    const denied = await api(
      lma.url,
      viewer.access_token,
      `${API}/sobjects/sfLma__Package_Version__c/${id}`,
      { method: 'PATCH', body: { Status__c: 'Limited' } },
    );
    expect(denied).toMatchObject({
      status: 400,
      body: [
        {
          errorCode: 'INSUFFICIENT_ACCESS_OR_READONLY',
          message: 'insufficient access rights on object id',
        },
      ],
    });
    const operator = await passwordToken(lma.sim, 'operator@pushboard.demo');
    expect(
      (
        await api(
          lma.url,
          operator.access_token,
          `${API}/sobjects/sfLma__Package_Version__c/${id}`,
          { method: 'PATCH', body: { Status__c: 'Limited' } },
        )
      ).status,
    ).toBe(204);
  });
});
