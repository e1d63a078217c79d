// sObject record contracts: create, retrieve, update, delete, and every record-level error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, LmaAdminSession, passwordToken, api, login } from '../test-support';

const lma = new LmaAdminSession();
beforeAll(() => lma.start());
afterAll(() => lma.stop());
const call = lma.call;

describe('sObject records', () => {
  it('creates (201), retrieves, updates (204, stamped) and deletes (204) a record', async () => {
    const created = await call(`${API}/sobjects/Account`, {
      method: 'POST',
      body: { Name: 'Contract Test Ltd', Industry: 'Retail' },
    });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    expect(created.body).toEqual({ id, success: true, errors: [] });
    expect(id).toMatch(/^001[0-9A-Za-z]{15}$/);

    const read = await call(`${API}/sobjects/Account/${id}?fields=Name,Industry`);
    expect(read.body).toEqual({
      attributes: { type: 'Account', url: `${API}/sobjects/Account/${id}` },
      Name: 'Contract Test Ltd',
      Industry: 'Retail',
    });
    const before = (
      (await call(`${API}/sobjects/Account/${id}`)).body as { LastModifiedDate: string }
    ).LastModifiedDate;
    expect(before).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/);

    lma.sim.control.advance(2_000);
    const updated = await call(`${API}/sobjects/Account/${id}`, {
      method: 'PATCH',
      body: { Industry: 'Finance' },
    });
    expect(updated.status).toBe(204);
    const after = (await call(`${API}/sobjects/Account/${id}`)).body as {
      Industry: string;
      LastModifiedDate: string;
      SystemModstamp: string;
    };
    expect(after.Industry).toBe('Finance');
    expect(after.LastModifiedDate > before).toBe(true);
    expect(after.SystemModstamp).toBe(after.LastModifiedDate);

    expect((await call(`${API}/sobjects/Account/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await call(`${API}/sobjects/Account/${id}`)).toMatchObject({
      status: 404,
      body: [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }],
    });
  });

  it('works through jsforce: create, update, retrieve', async () => {
    const conn = await login(lma.sim, 'admin@pushboard.demo');
    const result = await conn.sobject('Account').create({ Name: 'Jsforce Single Inc.' });
    expect(result).toMatchObject({ success: true, errors: [] });
    if (!result.success) throw new Error('create failed');
    expect(
      await conn.sobject('Account').update({ Id: result.id, Website: 'www.jsforce.test' }),
    ).toEqual({ id: result.id, success: true, errors: [] });
    expect(await conn.sobject('Account').retrieve(result.id)).toMatchObject({
      Name: 'Jsforce Single Inc.',
      Website: 'www.jsforce.test',
    });
  });

  it('answers NOT_FOUND for unknown objects and ids, and 405 for unsupported methods', async () => {
    expect((await call(`${API}/sobjects/Nope__c`)).status).toBe(404);
    expect((await call(`${API}/sobjects/Account/001Ka000000ZZZZZZZ`)).body).toEqual([
      { message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' },
    ]);
    expect((await call(`${API}/sobjects/Account/xyz`)).body).toEqual([
      {
        message: 'Provided external ID field does not exist or is not accessible: xyz',
        errorCode: 'NOT_FOUND',
      },
    ]);
    expect((await call(`${API}/sobjects/Account`, { method: 'PUT', body: {} })).body).toEqual([
      {
        message: "HTTP Method 'PUT' not allowed. Allowed are HEAD,GET,POST",
        errorCode: 'METHOD_NOT_ALLOWED',
      },
    ]);
  });

  it.each([
    [{ Industry: 'Retail' }, 'REQUIRED_FIELD_MISSING', ['Name']],
    [{ Name: 'x', Bogus__c: 1 }, 'INVALID_FIELD', ['Bogus__c']],
    [
      { Name: 'x', CreatedDate: '2024-01-01T00:00:00Z' },
      'INVALID_FIELD_FOR_INSERT_UPDATE',
      ['CreatedDate'],
    ],
    [
      { Name: 'x', Industry: 'Space Mining' },
      'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
      ['Industry'],
    ],
    [{ Name: 'x', NumberOfEmployees: 'many' }, 'JSON_PARSER_ERROR', ['NumberOfEmployees']],
    [{ Name: 'x'.repeat(256) }, 'STRING_TOO_LONG', ['Name']],
  ])('rejects %j with %s', async (body, errorCode, fields) => {
    const reply = await call(`${API}/sobjects/Account`, { method: 'POST', body });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual([{ message: expect.any(String) as string, errorCode, fields }]);
  });

  it('checks references: malformed ids and ids of missing records', async () => {
    const version = { Name: 'x' };
    expect(
      (
        await call(`${API}/sobjects/sfLma__Package_Version__c`, {
          method: 'POST',
          body: { ...version, sfLma__Package__c: 'abc' },
        })
      ).body,
    ).toMatchObject([{ errorCode: 'MALFORMED_ID' }]);
    expect(
      (
        await call(`${API}/sobjects/sfLma__Package_Version__c`, {
          method: 'POST',
          body: { ...version, sfLma__Package__c: 'a0JKa000000ZZZZZZZ' },
        })
      ).body,
    ).toMatchObject([
      { errorCode: 'INVALID_CROSS_REFERENCE_KEY', message: 'invalid cross reference id' },
    ]);
  });

  it('refuses writes on objects that do not allow them', async () => {
    const pkg = await passwordToken(lma.sim, 'admin@relaycore.pushboard.demo');
    const reply = await api(
      pkg.instance_url,
      pkg.access_token,
      `${API}/sobjects/PackageSubscriber`,
      { method: 'POST', body: { OrgName: 'x' } },
    );
    expect(reply).toMatchObject({
      status: 400,
      body: [
        {
          errorCode: 'INVALID_TYPE_FOR_OPERATION',
          message: 'entity type cannot be inserted: Package Subscriber',
        },
      ],
    });
  });
});
