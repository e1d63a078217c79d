// Contract tests of the gateway against the simulator over real HTTP (jsforce, no mocks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSimulator, type RunningSimulator } from '../../../test/support/salesforce-simulator';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { findConnectedOrg } from '../db/repositories/connected-orgs';
import { SalesforceError } from '../errors';
import { SecretBox } from '../secrets';
import { registerDemoOrgs } from '../services/demo-orgs';
import { SalesforceGateway } from './gateway';
import { soqlIdList, soqlString } from './soql';

let sim: RunningSimulator;
let testDb: TestDatabase;
let gateway: SalesforceGateway;
const secrets = new SecretBox('g'.repeat(64));
const invalidated: string[] = [];
let lmaId: string;
let packagingId: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, dataset: 'demo', pace: 'manual', failureRate: 0.2 });
  testDb = await createTestDatabase();
  gateway = new SalesforceGateway({
    db: testDb.db,
    secrets,
    apiVersion: '62.0',
    oauth: {
      clientId: 'pushboard-demo',
      clientSecret: 'demo-secret',
      loginUrl: sim.url,
      redirectUri: 'http://localhost:5000/oauth2/callback',
    },
    retry: { baseDelayMs: 5, maxDelayMs: 50, rateLimitDelayMs: 20, attempts: 6 },
    onOrgInvalid: (org) => invalidated.push(org.org_id),
  });
  const demoOrgs = sim.orgs.map((org) => ({
    kind: org.kind,
    orgId: org.orgId,
    username: org.users[0]?.username ?? '',
    password: org.users[0]?.password ?? '',
  }));
  await registerDemoOrgs({ db: testDb.db, secrets, gateway, loginUrl: sim.url }, demoOrgs);
  lmaId = sim.orgs.find((org) => org.kind === 'lma')?.orgId ?? '';
  packagingId = sim.orgs.find((org) => org.kind === 'packaging')?.orgId ?? '';
});
afterAll(async () => {
  await sim.close();
  await testDb.drop();
});

const idRow = z.object({ Id: z.string() });
const lmaUsage = () => sim.control.apiUsage(lmaId).used;

describe('connected orgs', () => {
  it('demo registration stores every simulator org with sealed tokens', async () => {
    const lma = await findConnectedOrg(testDb.db, lmaId);
    expect(lma).toMatchObject({ type: 'Licenses', status: 'Connected' });
    expect(lma?.refresh_token_enc).toMatch(/^v1\./);
    const packaging = await findConnectedOrg(testDb.db, packagingId);
    expect(packaging).toMatchObject({ type: 'Package', status: 'Connected' });
    expect(packaging?.namespace).toBeTruthy();
  });
});

describe('queries', () => {
  it('pages through 5 000 licenses with queryMore', async () => {
    const conn = await gateway.connect(lmaId);
    const pages: number[] = [];
    const ids = new Set<string>();
    for await (const page of conn.queryPages('SELECT Id FROM sfLma__License__c', idRow)) {
      pages.push(page.length);
      for (const row of page) ids.add(row.Id);
    }
    expect(pages).toEqual([2000, 2000, 1000]);
    expect(ids.size).toBe(5000);
  });

  it('honours a smaller batch size', async () => {
    const conn = await gateway.connect(lmaId);
    let pages = 0;
    for await (const page of conn.queryPages('SELECT Id FROM sfLma__License__c', idRow, {
      batchSize: 1000,
    })) {
      expect(page.length).toBe(1000);
      pages++;
    }
    expect(pages).toBe(5);
  });

  it('stops between pages when canceled', async () => {
    const conn = await gateway.connect(lmaId);
    const controller = new AbortController();
    let pages = 0;
    const run = async () => {
      for await (const _page of conn.queryPages('SELECT Id FROM sfLma__License__c', idRow, {
        signal: controller.signal,
        batchSize: 500,
      })) {
        pages++;
        if (pages === 2) controller.abort();
      }
    };
    await expect(run()).rejects.toThrow('Canceled');
    expect(pages).toBe(2);
  });

  it('escapes literals so input cannot change the query', async () => {
    const conn = await gateway.connect(lmaId);
    const rows = await conn.queryAll(
      `SELECT Id FROM Account WHERE Name = ${soqlString("x' OR Name != '")}`,
      idRow,
    );
    expect(rows).toEqual([]);
    expect(() => soqlIdList(["001' OR Id != '"])).toThrow('Not a Salesforce id');
  });
});

describe('errors are Salesforce’s own, and permanent ones are not retried', () => {
  it.each([
    ['SELECT Id FROM', 'MALFORMED_QUERY'],
    ['SELECT NoSuchField__c FROM Account', 'INVALID_FIELD'],
    ['SELECT Id FROM NoSuchObject__c', 'INVALID_TYPE'],
  ])('%s → %s', async (soql, code) => {
    const conn = await gateway.connect(lmaId);
    const before = lmaUsage();
    const error = await conn.queryAll(soql, idRow).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SalesforceError);
    expect(error).toMatchObject({ errorCode: code, statusCode: 502 });
    expect(lmaUsage() - before).toBe(1);
  });

  it('retrieve of a missing record → NOT_FOUND', async () => {
    const conn = await gateway.connect(lmaId);
    const error = await conn
      .retrieve('Account', '001000000000000AAA', idRow)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ errorCode: 'NOT_FOUND' });
  });
});

describe('collections', () => {
  it('writes 200 records in one call and 201 in two, results in order', async () => {
    const conn = await gateway.connect(lmaId);
    const make = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => ({ Name: `${tag} ${i}` }));
    let before = lmaUsage();
    const two00 = await conn.create('Account', make(200, 'Batch A'));
    expect(lmaUsage() - before).toBe(1);
    expect(two00.every((r) => r.success && r.id)).toBe(true);
    before = lmaUsage();
    const two01 = await conn.create('Account', make(201, 'Batch B'));
    expect(lmaUsage() - before).toBe(2);
    expect(two01).toHaveLength(201);
    const names = await conn.queryAll(
      `SELECT Id, Name FROM Account WHERE Id IN ${soqlIdList(two01.map((r) => r.id ?? ''))}`,
      z.object({ Id: z.string(), Name: z.string() }),
    );
    const byId = new Map(names.map((r) => [r.Id, r.Name]));
    expect(two01.map((r) => byId.get(r.id ?? ''))).toEqual(make(201, 'Batch B').map((r) => r.Name));
  });

  it('Salesforce itself refuses 201 records in one call', async () => {
    const conn = await gateway.connect(lmaId);
    const records = Array.from({ length: 201 }, (_, i) => ({
      attributes: { type: 'Account' },
      Name: `x${i}`,
    }));
    const res = await fetch(`${conn.conn.instanceUrl}/services/data/v62.0/composite/sobjects`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${conn.conn.accessToken ?? ''}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ allOrNone: false, records }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errorCode: string }[];
    expect(body[0]?.errorCode).toBeTruthy();
  });
});

describe('tokens', () => {
  it('refreshes an expired access token and persists the new one', async () => {
    const before = await findConnectedOrg(testDb.db, lmaId);
    expect(sim.control.expireTokens({ org: lmaId })).toBeGreaterThan(0);
    const conn = await gateway.connect(lmaId);
    const rows = await conn.queryAll('SELECT Id FROM sfLma__Package__c', idRow);
    expect(rows.length).toBeGreaterThan(0);
    const after = await findConnectedOrg(testDb.db, lmaId);
    expect(after?.access_token_enc).not.toBe(before?.access_token_enc);
    expect(secrets.decrypt(after?.access_token_enc ?? '')).toBe(conn.conn.accessToken);
    expect(after?.status).toBe('Connected');
  });

  it('a revoked grant marks the org Invalid and reports it once', async () => {
    const org = await findConnectedOrg(testDb.db, packagingId);
    const refreshToken = secrets.decrypt(org?.refresh_token_enc ?? '');
    const revoke = await fetch(`${sim.url}/services/oauth2/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ token: refreshToken }),
    });
    expect(revoke.status).toBe(200);
    sim.control.expireTokens({ org: packagingId });
    const conn = await gateway.connect(packagingId);
    await expect(conn.queryAll('SELECT Id FROM MetadataPackage', idRow)).rejects.toBeInstanceOf(
      SalesforceError,
    );
    await expect(conn.queryAll('SELECT Id FROM MetadataPackage', idRow)).rejects.toBeInstanceOf(
      SalesforceError,
    );
    const invalid = await findConnectedOrg(testDb.db, packagingId);
    expect(invalid?.status).toBe('Invalid');
    // The row says why, in Salesforce's words.
    expect(invalid?.status_reason).toMatch(
      /^Salesforce refused its refresh token \(.*invalid_grant.*\): connect the org again\.$/,
    );
    expect(invalidated).toEqual([packagingId]);
    await expect(gateway.connect(packagingId)).rejects.toMatchObject({
      errorCode: 'invalid_grant',
    });
  });
});

describe('transient faults', () => {
  it('a query completes through 5xx, dropped connections, limits and token expiry', async () => {
    sim.control.setFaults(lmaId, {
      serverErrorRate: 0.15,
      dropRate: 0.1,
      requestLimitRate: 0.05,
      tokenExpiryRate: 0.05,
    });
    try {
      const conn = await gateway.connect(lmaId);
      const ids = new Set<string>();
      for await (const page of conn.queryPages('SELECT Id FROM sfLma__License__c', idRow, {
        batchSize: 250,
      })) {
        for (const row of page) ids.add(row.Id);
      }
      expect(ids.size).toBe(5000);
    } finally {
      sim.control.setFaults(lmaId, null);
    }
  });
});
