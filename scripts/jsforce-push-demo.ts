// A plain jsforce client against the Salesforce simulator: sign in with the OAuth password grant,
// read licenses from the LMA, create a push request with 200 jobs in a packaging org, activate it
// and watch it finish. Run against a running simulator (`npm run simulator`):
//
//   npx tsx scripts/jsforce-push-demo.ts
//
// Environment: SIM_URL (http://localhost:5001), DEMO_NAMESPACE (relaycore), DEMO_JOBS (200),
// SIM_CLIENT_ID / SIM_CLIENT_SECRET (pushboard-demo / demo-secret).
import { pathToFileURL } from 'node:url';
import jsforce, { type Connection } from 'jsforce';

export interface PushDemoOptions {
  loginUrl: string;
  namespace?: string;
  jobs?: number;
  clientId?: string;
  clientSecret?: string;
  pollMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
  /** Called before each status poll (a test on the manual pace advances the clock here). */
  beforePoll?: () => Promise<void> | void;
}

export interface PushDemoResult {
  licenses: number;
  requestId: string;
  targetVersion: string;
  jobsCreated: number;
  jobsRejected: number;
  status: string;
  succeeded: number;
  failed: number;
  errorRows: number;
}

interface SaveResult {
  id?: string;
  success: boolean;
  errors: { statusCode?: string; message: string }[];
}

const API_VERSION = '62.0';
const FINAL = new Set(['Succeeded', 'Failed', 'Canceled']);

async function login(options: PushDemoOptions, username: string): Promise<Connection> {
  const conn = new jsforce.Connection({
    oauth2: {
      loginUrl: options.loginUrl,
      clientId: options.clientId ?? 'pushboard-demo',
      clientSecret: options.clientSecret ?? 'demo-secret',
      redirectUri: 'http://localhost:3000/oauth2/callback',
    },
    version: API_VERSION,
  });
  await conn.login(username, 'demo');
  return conn;
}

function quote(id: string): string {
  return `'${id.replace(/[^0-9A-Za-z]/g, '')}'`;
}

export async function runPushDemo(options: PushDemoOptions): Promise<PushDemoResult> {
  const log = options.log ?? (() => undefined);
  const namespace = options.namespace ?? 'relaycore';
  const wanted = options.jobs ?? 200;

  const lma = await login(options, 'admin@pushboard.demo');
  log(`Signed in to the LMA at ${lma.instanceUrl}`);
  const licenses = await lma.query<{ Id: string }>(
    "SELECT Id, Name, sfLma__Subscriber_Org_ID__c, sfLma__Status__c FROM sfLma__License__c WHERE sfLma__Status__c = 'Active'",
  );
  log(`Active licenses: ${licenses.totalSize} (first page ${licenses.records.length})`);

  const pkg = await login(options, `admin@${namespace}.pushboard.demo`);
  log(`Signed in to the ${namespace} packaging org at ${pkg.instanceUrl}`);
  const [target] = (
    await pkg.query<{
      Id: string;
      Name: string;
      MajorVersion: number;
      MinorVersion: number;
      PatchVersion: number;
    }>(
      "SELECT Id, Name, MajorVersion, MinorVersion, PatchVersion FROM MetadataPackageVersion WHERE ReleaseState = 'Released' AND IsDeprecated = false ORDER BY MajorVersion DESC, MinorVersion DESC, PatchVersion DESC LIMIT 1",
    )
  ).records;
  if (!target) throw new Error('no released version to push');
  const targetVersion = `${target.MajorVersion}.${target.MinorVersion}.${target.PatchVersion}`;
  log(`Target version: ${target.Name} (${target.Id})`);

  const subscribers = await pkg
    .query<{ OrgKey: string }>(
      `SELECT OrgKey FROM PackageSubscriber WHERE OrgStatus != 'Inactive' AND HasRestrictionEnabled = false AND MetadataPackageVersionId != ${quote(target.Id)}`,
    )
    .autoFetch(true)
    .maxFetch(wanted);
  const orgKeys = subscribers.records.map((s) => s.OrgKey).slice(0, wanted);
  log(`Eligible subscribers picked: ${orgKeys.length}`);

  const request = (await pkg.sobject('PackagePushRequest').create({
    PackageVersionId: target.Id,
    ScheduledStartTime: new Date().toISOString(),
  })) as SaveResult;
  if (!request.success || !request.id)
    throw new Error(`push request rejected: ${JSON.stringify(request.errors)}`);
  const requestId = request.id;
  log(`Push request ${requestId} created`);

  let jobsCreated = 0;
  let jobsRejected = 0;
  for (let i = 0; i < orgKeys.length; i += 200) {
    const records = orgKeys
      .slice(i, i + 200)
      .map((key) => ({ PackagePushRequestId: requestId, SubscriberOrganizationKey: key }));
    const results = (await pkg
      .sobject('PackagePushJob')
      .create(records, { allOrNone: false })) as SaveResult[];
    for (const result of results) {
      if (result.success) jobsCreated++;
      else {
        jobsRejected++;
        log(
          `  job rejected: ${result.errors.map((e) => `${e.statusCode ?? ''} ${e.message}`).join('; ')}`,
        );
      }
    }
  }
  log(`Push jobs created: ${jobsCreated}, rejected: ${jobsRejected}`);

  await pkg.sobject('PackagePushRequest').update({ Id: requestId, Status: 'Pending' });
  log('Push request activated (Status = Pending)');

  const deadline = Date.now() + (options.timeoutMs ?? 10 * 60_000);
  let status = 'Pending';
  let counts = new Map<string, number>();
  while (!FINAL.has(status)) {
    if (Date.now() > deadline)
      throw new Error(
        `push still ${status} after the timeout (is the simulator on the manual pace?)`,
      );
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 2_000));
    await options.beforePoll?.();
    const [req] = (
      await pkg.query<{ Status: string }>(
        `SELECT Id, Status FROM PackagePushRequest WHERE Id = ${quote(requestId)}`,
      )
    ).records;
    status = req?.Status ?? 'unknown';
    const jobs = await pkg
      .query<{ Status: string }>(
        `SELECT Id, Status FROM PackagePushJob WHERE PackagePushRequestId = ${quote(requestId)}`,
      )
      .autoFetch(true)
      .maxFetch(100_000);
    counts = new Map();
    for (const job of jobs.records) counts.set(job.Status, (counts.get(job.Status) ?? 0) + 1);
    log(`  ${status}: ${[...counts].map(([s, n]) => `${s} ${n}`).join(', ')}`);
  }

  const errors = await pkg.query<{ ErrorType: string; ErrorTitle: string; ErrorMessage: string }>(
    `SELECT Id, PackagePushJobId, ErrorSeverity, ErrorType, ErrorTitle, ErrorMessage, ErrorDetails FROM PackagePushError WHERE PackagePushJob.PackagePushRequestId = ${quote(requestId)}`,
  );
  for (const e of errors.records.slice(0, 5))
    log(`  error: [${e.ErrorType}] ${e.ErrorTitle}: ${e.ErrorMessage}`);
  log(`Push request finished: ${status}`);
  return {
    licenses: licenses.totalSize,
    requestId,
    targetVersion,
    jobsCreated,
    jobsRejected,
    status,
    succeeded: counts.get('Succeeded') ?? 0,
    failed: counts.get('Failed') ?? 0,
    errorRows: errors.totalSize,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const loginUrl = process.env.SIM_URL ?? 'http://localhost:5001';
  runPushDemo({
    loginUrl,
    ...(process.env.DEMO_NAMESPACE ? { namespace: process.env.DEMO_NAMESPACE } : {}),
    ...(process.env.DEMO_JOBS ? { jobs: Number(process.env.DEMO_JOBS) } : {}),
    ...(process.env.SIM_CLIENT_ID ? { clientId: process.env.SIM_CLIENT_ID } : {}),
    ...(process.env.SIM_CLIENT_SECRET ? { clientSecret: process.env.SIM_CLIENT_SECRET } : {}),
    log: (line) => console.log(line),
  }).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
