// A process for the activation crash tests: activates one upgrade through the product's
// activateUpgrade (or, with ACTION=advance, runs the monitor's next step for it: a rollout's wave
// transition) over the simulator the test runs, on the test's database, so that the test can
// kill it with SIGKILL while push requests are being set Pending. The orgs are connected
// again here (same secret key); it acts when the test writes a line to its stdin. Usage:
//   DATABASE_URL=postgres://… SIM_URL=http://localhost:… UPGRADE_ID=… [ACTION=advance]
//   node --import tsx <this>
import { openDatabase } from '../../../db/database';
import { connectSimulatorOrgs, type SimOrgLogin } from '../../../sync/testing/sync-harness';
import { activateUpgrade, advanceTiers } from '../activate';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set.`);
  return value;
};

const db = await openDatabase({ url: env('DATABASE_URL'), poolSize: 3 });
const simUrl = env('SIM_URL');
const orgs = (await (await fetch(`${simUrl}/__sim/orgs`)).json()) as SimOrgLogin[];
const { gateway } = await connectSimulatorOrgs({ db, url: simUrl, orgs, now: () => new Date() });
process.stdout.write('ready\n');
// The test sets its faults once the orgs are connected, then says go (one line on stdin).
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
const deps = { db, gateway, live: { publish: () => undefined }, enforceActivationPolicy: false };
const upgradeId = Number(env('UPGRADE_ID'));
if (process.env.ACTION === 'advance') {
  process.stdout.write(`advanced ${String(await advanceTiers(deps, upgradeId))}\n`);
  await db.close();
  process.exit(0);
}
const outcome = await activateUpgrade(
  deps,
  {
    username: 'admin@pushboard.demo',
    displayName: null,
    readOnly: false,
    authMethod: 'salesforce',
  },
  upgradeId,
);
process.stdout.write(`activated ${JSON.stringify(outcome)}\n`);
await db.close();
