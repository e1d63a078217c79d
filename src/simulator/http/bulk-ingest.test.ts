// Bulk API 2.0 ingest contract, as the sf CLI's push-upgrade schedule uses it: create a job, PUT the
// CSV, PATCH UploadComplete, poll until JobComplete, read successful and failed rows, delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator, SimOrgInfo } from '../index';
import {
  API,
  api,
  orgInfo,
  passwordToken,
  soql,
  startTestSimulator,
  type TokenReply,
} from '../test-support';

let sim: RunningSimulator;
let core: SimOrgInfo;
let admin: TokenReply;
const INGEST = `${API}/jobs/ingest`;

const call = (path: string, init?: Parameters<typeof api>[3]) =>
  api(core.instanceUrl, admin.access_token, path, init);

async function putCsv(jobId: string, csv: string): Promise<Response> {
  return fetch(`${core.instanceUrl}${INGEST}/${jobId}/batches`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${admin.access_token}`, 'content-type': 'text/csv' },
    body: csv,
  });
}

async function csvOf(path: string): Promise<string> {
  const res = await fetch(`${core.instanceUrl}${path}`, {
    headers: { Authorization: `Bearer ${admin.access_token}` },
  });
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  return res.text();
}

beforeAll(async () => {
  sim = await startTestSimulator({ instanceUrls: 'origin' });
  core = orgInfo(sim, 'relaycore');
  admin = await passwordToken(sim, 'admin@relaycore.pushboard.demo');
});
afterAll(async () => {
  await sim.close();
});

describe('Bulk API 2.0 ingest', () => {
  it('inserts push jobs row by row: good rows succeed, a bad row fails alone', async () => {
    const newest = (await call(
      soql(
        "SELECT Id FROM MetadataPackageVersion WHERE ReleaseState = 'Released' ORDER BY MajorVersion DESC, MinorVersion DESC, PatchVersion DESC LIMIT 1",
      ),
    )) as { body: { records: { Id: string }[] } };
    const versionId = newest.body.records[0]?.Id ?? '';
    const eligible = (await call(
      soql(
        `SELECT OrgKey FROM PackageSubscriber WHERE OrgStatus = 'Active' AND CustomUpgradeType != 'BlockedBySubscriber' AND MetadataPackageVersionId != '${versionId}' AND MetadataPackageVersion.ReleaseState = 'Released' LIMIT 1`,
      ),
    )) as { body: { records: { OrgKey: string }[] } };
    const orgKey = eligible.body.records[0]?.OrgKey ?? '';
    const request = await call(`${API}/sobjects/PackagePushRequest`, {
      method: 'POST',
      body: { PackageVersionId: versionId },
    });
    const requestId = (request.body as { id: string }).id;

    const created = await call(INGEST, {
      method: 'POST',
      body: { object: 'PackagePushJob', operation: 'insert', contentType: 'CSV', lineEnding: 'LF' },
    });
    expect(created).toMatchObject({
      status: 200,
      body: { object: 'PackagePushJob', operation: 'insert', state: 'Open', contentType: 'CSV' },
    });
    const jobId = (created.body as { id: string }).id;
    expect(jobId).toMatch(/^750/);

    const csv = `PackagePushRequestId,SubscriberOrganizationKey\n${requestId},${orgKey}\n${requestId},00D000000000001AAA\n`;
    const upload = await putCsv(jobId, csv);
    expect(upload.status).toBe(201);
    expect(await upload.text()).toBe('');

    const closed = await call(`${INGEST}/${jobId}`, {
      method: 'PATCH',
      body: { state: 'UploadComplete' },
    });
    expect(closed.body).toMatchObject({ state: 'UploadComplete' });
    expect((await call(`${INGEST}/${jobId}`)).body).toMatchObject({
      state: 'JobComplete',
      jobType: 'V2Ingest',
      numberRecordsProcessed: 2,
      numberRecordsFailed: 1,
    });

    const successful = await csvOf(`${INGEST}/${jobId}/successfulResults`);
    const [header, row] = successful.trim().split('\n');
    expect(header).toBe(
      '"sf__Id","sf__Created","PackagePushRequestId","SubscriberOrganizationKey"',
    );
    expect(row).toMatch(new RegExp(`^"0DX\\w{15}","true","${requestId}","${orgKey}"$`));
    const failed = await csvOf(`${INGEST}/${jobId}/failedResults`);
    expect(failed.trim().split('\n')[1]).toMatch(
      new RegExp(`^"","INVALID_OPERATION:[^"]+","${requestId}","00D000000000001AAA"$`),
    );
    const jobs = await call(
      soql(`SELECT Id FROM PackagePushJob WHERE PackagePushRequestId = '${requestId}'`),
    );
    expect(jobs.body).toMatchObject({ totalSize: 1 });

    expect((await call(`${INGEST}/${jobId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await call(`${INGEST}/${jobId}`)).toMatchObject({
      status: 404,
      body: [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }],
    });
  });

  it('refuses data for a job that is no longer open, and unknown objects', async () => {
    const created = await call(INGEST, {
      method: 'POST',
      body: { object: 'PackagePushJob', operation: 'insert' },
    });
    const jobId = (created.body as { id: string }).id;
    await call(`${INGEST}/${jobId}`, { method: 'PATCH', body: { state: 'Aborted' } });
    const late = await putCsv(jobId, 'PackagePushRequestId\nx\n');
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual([
      {
        message: 'Incorrect state: Aborted. Data can be uploaded only to an Open job.',
        errorCode: 'INCORRECTSTATE',
      },
    ]);
    expect(
      await call(INGEST, { method: 'POST', body: { object: 'Nope__c', operation: 'insert' } }),
    ).toMatchObject({ status: 400, body: [{ errorCode: 'INVALIDENTITY' }] });
  });
});
