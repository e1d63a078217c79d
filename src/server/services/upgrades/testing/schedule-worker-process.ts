// A process for the scheduling crash test: schedules one upgrade for an org group through the
// product's UpgradeScheduler over the simulator the test runs, on the test's database, so that the
// test can kill it with SIGKILL while push jobs are being created. The orgs are already connected
// by the test (same secret key). Usage:
//   DATABASE_URL=postgres://… SIM_URL=http://localhost:… GROUP_ID=… VERSIONS=id,id TRANSID=… \
//     START=<ISO time> node --import tsx <this>
import { loadConfig, upgradeSettings } from '../../../config';
import { openDatabase } from '../../../db/database';
import { connectSimulatorOrgs, type SimOrgLogin } from '../../../sync/testing/sync-harness';
import { UpgradeScheduler } from '../schedule';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set.`);
  return value;
};

const db = await openDatabase({ url: env('DATABASE_URL'), poolSize: 3 });
const simUrl = env('SIM_URL');
const orgs = (await (await fetch(`${simUrl}/__sim/orgs`)).json()) as SimOrgLogin[];
const { gateway } = await connectSimulatorOrgs({ db, url: simUrl, orgs, now: () => new Date() });
const config = loadConfig({});
const scheduler = new UpgradeScheduler({
  db,
  gateway,
  live: { publish: () => undefined },
  settings: upgradeSettings(config).lists,
});
process.stdout.write('ready\n');
const outcome = await scheduler.schedule(
  {
    username: 'operator@pushboard.demo',
    displayName: null,
    readOnly: false,
    authMethod: 'salesforce',
  },
  { groupId: Number(env('GROUP_ID')) },
  {
    versions: env('VERSIONS').split(','),
    scheduled_date: new Date(env('START')),
    description: 'Crash test',
    transid: env('TRANSID'),
  },
);
process.stdout.write(`scheduled ${JSON.stringify(outcome)}\n`);
await db.close();
