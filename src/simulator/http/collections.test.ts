// sObject Collections (200 records at most, allOrNone, per-record errors in order) and query paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, LmaAdminSession, passwordToken, api, login, orgInfo, soql } from '../test-support';

const lma = new LmaAdminSession();
beforeAll(() => lma.start());
afterAll(() => lma.stop());
const call = lma.call;

describe('sObject Collections', () => {
  const accounts = (n: number, tag: string) =>
    Array.from({ length: n }, (_, i) => ({ Name: `${tag} ${i}` }));

  it('creates 200 records in one call and rejects 201 with EXCEEDED_ID_LIMIT (jsforce)', async () => {
    const conn = await login(lma.sim, 'admin@pushboard.demo');
    const results = await conn
      .sobject('Account')
      .create(accounts(200, 'Bulk'), { allOrNone: false });
    expect(results).toHaveLength(200);
    expect(results.every((r) => r.success)).toBe(true);
    await expect(
      conn.sobject('Account').create(accounts(201, 'Over'), { allOrNone: false }),
    ).rejects.toMatchObject({ errorCode: 'EXCEEDED_ID_LIMIT' });
    const raw = await call(`${API}/composite/sobjects`, {
      method: 'POST',
      body: {
        records: accounts(201, 'Raw').map((r) => ({ attributes: { type: 'Account' }, ...r })),
      },
    });
    expect(raw).toMatchObject({
      status: 400,
      body: [
        {
          message: 'record limit reached. cannot submit more than 200 records into this call',
          errorCode: 'EXCEEDED_ID_LIMIT',
        },
      ],
    });
  });

  it('reports per-record errors in order, and rolls everything back with allOrNone', async () => {
    const records = [{ Name: 'Good A' }, { Industry: 'Retail' }, { Name: 'Good B' }].map((r) => ({
      attributes: { type: 'Account' },
      ...r,
    }));
    const count = async () =>
      (
        (await call(soql("SELECT COUNT() FROM Account WHERE Name LIKE 'Good %'"))).body as {
          totalSize: number;
        }
      ).totalSize;

    const rolledBack = await call(`${API}/composite/sobjects`, {
      method: 'POST',
      body: { allOrNone: true, records },
    });
    expect(rolledBack.body).toEqual([
      {
        success: false,
        errors: [
          {
            statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
            message:
              'Record rolled back because not all records were valid and the request was using AllOrNone header',
            fields: [],
          },
        ],
      },
      {
        success: false,
        errors: [
          {
            statusCode: 'REQUIRED_FIELD_MISSING',
            message: 'Required fields are missing: [Name]',
            fields: ['Name'],
          },
        ],
      },
      {
        success: false,
        errors: [
          {
            statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
            message:
              'Record rolled back because not all records were valid and the request was using AllOrNone header',
            fields: [],
          },
        ],
      },
    ]);
    expect(await count()).toBe(0);

    const partial = (
      await call(`${API}/composite/sobjects`, {
        method: 'POST',
        body: { allOrNone: false, records },
      })
    ).body as { success: boolean; id?: string }[];
    expect(partial.map((r) => r.success)).toEqual([true, false, true]);
    expect(await count()).toBe(2);
  });

  it('updates, retrieves and deletes collections (jsforce)', async () => {
    const conn = await login(lma.sim, 'admin@pushboard.demo');
    const created = await conn.sobject('Account').create(accounts(3, 'Coll'), { allOrNone: true });
    const ids = created.map((r) => (r.success ? r.id : ''));
    const updates = await conn.sobject('Account').update(
      ids.map((Id) => ({ Id, Industry: 'Education' })),
      { allOrNone: true },
    );
    expect(updates.map((r) => r.success)).toEqual([true, true, true]);
    const rows = await conn.sobject('Account').retrieve(ids);
    expect(rows.map((r) => (r as { Industry?: string }).Industry)).toEqual([
      'Education',
      'Education',
      'Education',
    ]);
    const deleted = await conn.sobject('Account').destroy(ids);
    expect(deleted.map((r) => r.success)).toEqual([true, true, true]);
  });
});

describe('query paging', () => {
  it('honours Sforce-Query-Options batchSize and invalidates a finished locator', async () => {
    const first = await call(soql('SELECT Id, Name FROM Account'), {
      headers: { 'Sforce-Query-Options': 'batchSize=200' },
    });
    const page = first.body as {
      totalSize: number;
      done: boolean;
      nextRecordsUrl: string;
      records: unknown[];
    };
    expect(page.records).toHaveLength(200);
    expect(page.done).toBe(false);
    expect(page.nextRecordsUrl).toMatch(
      /^\/services\/data\/v62\.0\/query\/01g[0-9A-Za-z]{15}-200$/,
    );
    let next: string | undefined = page.nextRecordsUrl;
    let seen = page.records.length;
    while (next) {
      const more = (await call(next, { headers: { 'Sforce-Query-Options': 'batchSize=200' } }))
        .body as { nextRecordsUrl?: string; records: unknown[]; done: boolean };
      seen += more.records.length;
      const last = next;
      next = more.nextRecordsUrl;
      if (!next)
        expect(await call(last)).toMatchObject({
          status: 400,
          body: [{ errorCode: 'INVALID_QUERY_LOCATOR', message: 'invalid query locator' }],
        });
    }
    expect(seen).toBe(page.totalSize);
  });

  it('keeps only the 10 most recent cursors of a user', async () => {
    const token = await passwordToken(lma.sim, 'operator@pushboard.demo');
    const urls: string[] = [];
    for (let i = 0; i < 11; i++) {
      const reply = await api(lma.url, token.access_token, soql('SELECT Id FROM Account'), {
        headers: { 'Sforce-Query-Options': 'batchSize=200' },
      });
      urls.push((reply.body as { nextRecordsUrl: string }).nextRecordsUrl);
    }
    expect((await api(lma.url, token.access_token, urls[0] ?? '')).status).toBe(400);
    expect((await api(lma.url, token.access_token, urls[10] ?? '')).status).toBe(200);
    expect(orgInfo(lma.sim, 'lma').instanceUrl).toBe(lma.url);
  });
});
