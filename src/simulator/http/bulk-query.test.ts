// Bulk API 2.0 query contract, as `sf data export bulk` uses it: create, poll, page CSV results by
// Sforce-Locator, delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvRecords } from '../bulk/csv';
import type { RunningSimulator, SimOrgInfo } from '../index';
import {
  API,
  api,
  orgInfo,
  passwordToken,
  startTestSimulator,
  type TokenReply,
} from '../test-support';

let sim: RunningSimulator;
let core: SimOrgInfo;
let admin: TokenReply;
const JOBS = `${API}/jobs/query`;

const call = (path: string, init?: Parameters<typeof api>[3]) =>
  api(core.instanceUrl, admin.access_token, path, init);

async function results(path: string): Promise<{ csv: string; locator: string; count: string }> {
  const res = await fetch(`${core.instanceUrl}${path}`, {
    headers: { Authorization: `Bearer ${admin.access_token}` },
  });
  expect(res.status).toBe(200);
  return {
    csv: await res.text(),
    locator: res.headers.get('sforce-locator') ?? '',
    count: res.headers.get('sforce-numberofrecords') ?? '',
  };
}

beforeAll(async () => {
  sim = await startTestSimulator({ instanceUrls: 'origin' });
  core = orgInfo(sim, 'relaycore');
  admin = await passwordToken(sim, 'admin@relaycore.pushboard.demo');
});
afterAll(async () => {
  await sim.close();
});

describe('Bulk API 2.0 query', () => {
  it('runs a query job and pages its CSV by locator, relationship columns dotted', async () => {
    const created = await call(JOBS, {
      method: 'POST',
      body: {
        operation: 'query',
        query:
          'SELECT Id, OrgKey, MetadataPackageVersion.Name FROM PackageSubscriber ORDER BY OrgKey',
      },
    });
    expect(created).toMatchObject({
      status: 200,
      body: { operation: 'query', object: 'PackageSubscriber', state: 'UploadComplete' },
    });
    const id = (created.body as { id: string }).id;
    expect(id).toMatch(/^750/);
    const info = (await call(`${JOBS}/${id}`)).body as {
      state: string;
      numberRecordsProcessed: number;
    };
    expect(info.state).toBe('JobComplete');
    const total = sim.control.counts(core.orgId)[core.orgId]?.PackageSubscriber;
    expect(info.numberRecordsProcessed).toBe(total);

    const first = await results(`${JOBS}/${id}/results?maxRecords=100`);
    expect(first.count).toBe('100');
    const page1 = parseCsvRecords(first.csv);
    expect(page1.header).toEqual(['Id', 'OrgKey', 'MetadataPackageVersion.Name']);
    expect(page1.records[0]?.[2]).toMatch(/\(\d+\.\d+(\.\d+)?\)$/);
    const keys = page1.records.map((r) => r[1]);
    let locator = first.locator;
    while (locator !== 'null') {
      const next = await results(`${JOBS}/${id}/results?maxRecords=100&locator=${locator}`);
      keys.push(...parseCsvRecords(next.csv).records.map((r) => r[1]));
      locator = next.locator;
    }
    // Every subscriber exactly once across the pages.
    expect(keys).toHaveLength(total ?? -1);
    expect(new Set(keys).size).toBe(total);

    expect((await call(`${JOBS}/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`${JOBS}/${id}`)).status).toBe(404);
  });

  it('refuses aggregates and reports SOQL errors with the query’s code', async () => {
    const aggregate = await call(JOBS, {
      method: 'POST',
      body: { operation: 'query', query: 'SELECT COUNT(Id) FROM PackageSubscriber' },
    });
    expect(aggregate).toMatchObject({ status: 400, body: [{ errorCode: 'INVALIDJOB' }] });
    const malformed = await call(JOBS, {
      method: 'POST',
      body: { operation: 'query', query: 'SELECT Id FROM' },
    });
    expect(malformed).toMatchObject({
      status: 400,
      body: [
        {
          errorCode: 'MALFORMED_QUERY',
          message: expect.stringContaining('Row:1:Column:15') as string,
        },
      ],
    });
  });
});
