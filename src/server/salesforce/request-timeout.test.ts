// Every Salesforce call has a deadline: a Salesforce that holds a request without answering (the
// simulator's 'hang' fault) fails that call after the gateway's request timeout, the call is
// retried like a dropped connection, and it fails with a clear message once the retries are spent
// — it never hangs a fetch or an activation forever. Real HTTP to the simulator, jsforce, no mocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSimulator, type RunningSimulator } from '../../../test/support/salesforce-simulator';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { SalesforceError } from '../errors';
import { SecretBox } from '../secrets';
import { registerDemoOrgs } from '../services/demo-orgs';
import { SalesforceGateway } from './gateway';

const TIMEOUT_MS = 300;
const ATTEMPTS = 3;

let sim: RunningSimulator;
let testDb: TestDatabase;
let gateway: SalesforceGateway;
let lmaId: string;
const secrets = new SecretBox('t'.repeat(64));
const idRow = z.object({ Id: z.string() });

beforeAll(async () => {
  sim = await startSimulator({ port: 0, dataset: 'test', pace: 'manual' });
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
    retry: { baseDelayMs: 2, maxDelayMs: 10, rateLimitDelayMs: 10, attempts: ATTEMPTS },
    requestTimeoutMs: TIMEOUT_MS,
  });
  await registerDemoOrgs(
    { db: testDb.db, secrets, gateway, loginUrl: sim.url },
    sim.orgs.map((org) => ({
      kind: org.kind,
      orgId: org.orgId,
      username: org.users[0]?.username ?? '',
      password: org.users[0]?.password ?? '',
    })),
  );
  lmaId = sim.orgs.find((org) => org.kind === 'lma')?.orgId ?? '';
});
afterAll(async () => {
  await sim.close();
  await testDb.drop();
});

describe('the gateway’s request timeout', () => {
  it('gives up on a call Salesforce never answers, retries it, then fails with a message', async () => {
    const conn = await gateway.connect(lmaId);
    sim.control.resetFaultCounts();
    sim.control.setFaults('lma', { hangRate: 1 });
    try {
      const failure = await conn
        .queryAll('SELECT Id FROM Account LIMIT 1', idRow)
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SalesforceError);
      expect((failure as SalesforceError).message).toBe('Salesforce did not answer within 300 ms.');
      expect((failure as SalesforceError).errorCode).toBeUndefined();
      // Each attempt hung and was abandoned at the deadline (the client closed it).
      expect(sim.control.faultCounts().hang).toBe(ATTEMPTS);
    } finally {
      sim.control.clearFaults();
    }
    // The org answers again on the same connection.
    expect(await conn.queryAll('SELECT Id FROM Account LIMIT 1', idRow)).toHaveLength(1);
  });

  it('a hung call followed by an answered retry succeeds', async () => {
    const conn = await gateway.connect(lmaId);
    sim.control.resetFaultCounts();
    // A fifth of the calls hang (seeded draws): the retries get through.
    sim.control.setFaults('lma', { hangRate: 0.2 });
    try {
      for (let i = 0; i < 6; i++) {
        expect(await conn.queryAll('SELECT Id FROM Account LIMIT 2', idRow)).toHaveLength(2);
      }
    } finally {
      sim.control.clearFaults();
    }
    expect(sim.control.faultCounts().hang).toBeGreaterThan(0);
  });

  it('lets a slow answer within the deadline through', async () => {
    const conn = await gateway.connect(lmaId);
    sim.control.resetFaultCounts();
    sim.control.setFaults('lma', { latencyMs: TIMEOUT_MS / 3 });
    try {
      expect(await conn.queryAll('SELECT Id FROM Account LIMIT 1', idRow)).toHaveLength(1);
    } finally {
      sim.control.clearFaults();
    }
    expect(sim.control.faultCounts()).toMatchObject({ none: 1, hang: 0 });
  });
});
