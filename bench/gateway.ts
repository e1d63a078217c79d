// Benchmark of the Salesforce gateway against the simulator over real HTTP: records per second
// through jsforce queryMore (1 000 000 licenses of the `scale` dataset) and push jobs per second
// created through sObject Collections (200 per call).
import { startSimulator } from '../src/simulator';
import { createTestDatabase } from '../src/server/db/test-database';
import { SecretBox } from '../src/server/secrets';
import { SalesforceGateway } from '../src/server/salesforce/gateway';
import { registerDemoOrgs } from '../src/server/services/demo-orgs';
import { soqlId } from '../src/server/salesforce/soql';
import { z } from 'zod';
import type { BenchRow } from './run';

const idRow = z.object({ Id: z.string() });

export async function runGatewayBench(): Promise<BenchRow[]> {
  const sim = await startSimulator({ port: 0, dataset: 'scale', pace: 'manual' });
  const testDb = await createTestDatabase();
  const secrets = new SecretBox('b'.repeat(64));
  const gateway = new SalesforceGateway({
    db: testDb.db,
    secrets,
    apiVersion: '62.0',
    oauth: {
      clientId: 'pushboard-demo',
      clientSecret: 'demo-secret',
      loginUrl: sim.url,
      redirectUri: 'http://localhost:5000/oauth2/callback',
    },
  });
  try {
    await registerDemoOrgs(
      { db: testDb.db, secrets, gateway, loginUrl: sim.url },
      sim.orgs.map((org) => ({
        kind: org.kind,
        orgId: org.orgId,
        username: org.users[0]?.username ?? '',
        password: org.users[0]?.password ?? '',
      })),
    );
    const lma = sim.orgs.find((org) => org.kind === 'lma');
    const packaging = sim.orgs.find((org) => org.kind === 'packaging');
    if (!lma || !packaging) throw new Error('The scale dataset has no LMA or packaging org');
    const rows: BenchRow[] = [];

    // queryMore: every license id, 2 000 per page, parsed through zod like the sync does.
    const lmaConn = await gateway.connect(lma.orgId);
    let records = 0;
    let started = performance.now();
    for await (const page of lmaConn.queryPages(
      'SELECT Id, LastModifiedDate FROM sfLma__License__c',
      idRow,
    )) {
      records += page.length;
    }
    let seconds = (performance.now() - started) / 1000;
    rows.push({
      benchmark: 'queryMore (licenses)',
      figure: `${Math.round(records / seconds).toLocaleString('en-US')} records/s`,
      detail: `${records.toLocaleString('en-US')} records in ${seconds.toFixed(1)} s`,
    });

    // Push jobs through collections: one request for the newest released version, a job for
    // every subscriber below it, created 200 per call.
    const conn = await gateway.connect(packaging.orgId);
    const version = (
      await conn.queryAll(
        "SELECT Id FROM MetadataPackageVersion WHERE ReleaseState = 'Released' ORDER BY MajorVersion DESC, MinorVersion DESC, PatchVersion DESC LIMIT 1",
        idRow,
      )
    )[0];
    if (!version) throw new Error('No released version to push');
    const subscribers = await conn.queryAll(
      `SELECT OrgKey FROM PackageSubscriber WHERE MetadataPackageVersionId != ${soqlId(version.Id)} AND OrgStatus = 'Active' LIMIT 20000`,
      z.object({ OrgKey: z.string() }),
    );
    const [request] = await conn.create('PackagePushRequest', [
      {
        PackageVersionId: version.Id,
        ScheduledStartTime: new Date(Date.now() + 3_600_000).toISOString(),
      },
    ]);
    if (!request?.id) throw new Error(`Push request refused: ${JSON.stringify(request?.errors)}`);
    started = performance.now();
    const results = await conn.create(
      'PackagePushJob',
      subscribers.map((s) => ({
        PackagePushRequestId: request.id,
        SubscriberOrganizationKey: s.OrgKey,
      })),
    );
    seconds = (performance.now() - started) / 1000;
    const created = results.filter((r) => r.success).length;
    rows.push({
      benchmark: 'push jobs (collections)',
      figure: `${Math.round(results.length / seconds).toLocaleString('en-US')} jobs/s`,
      detail: `${results.length.toLocaleString('en-US')} jobs (${created.toLocaleString('en-US')} accepted) in ${seconds.toFixed(1)} s, ${Math.ceil(results.length / 200)} calls`,
    });
    return rows;
  } finally {
    await sim.close();
    await testDb.drop();
  }
}
