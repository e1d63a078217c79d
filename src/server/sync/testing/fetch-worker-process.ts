// A worker process for the fetch crash test: the real sync job definitions over the simulator the
// test runs, in a job engine worker on the test's database, so that the test can kill it with
// SIGKILL mid-fetch. The orgs are already connected by the test (same secret key), so nothing is
// authorized here. Usage:
//   DATABASE_URL=postgres://… SIM_URL=http://localhost:… SIM_NOW=<ISO time> [PAGE_SIZE=200] \
//     node --import tsx <this>
import { openDatabase } from '../../db/database';
import { runTestWorker } from '../../jobs/testing/test-jobs';
import { createSyncJobDefinitions } from '../definitions';
import { connectSimulatorOrgs, type SimOrgLogin } from './sync-harness';

const url = process.env.DATABASE_URL;
const simUrl = process.env.SIM_URL;
if (!url) throw new Error('DATABASE_URL must name the test database.');
if (!simUrl) throw new Error('SIM_URL must name the simulator the test runs.');
// The simulator's clock on the manual pace stands still: the test passes it, so that this
// process judges license expiry by the same day as the test's own fetches.
const simNow = new Date(process.env.SIM_NOW ?? Date.now());
const pageSize = process.env.PAGE_SIZE ? Number(process.env.PAGE_SIZE) : undefined;

const db = await openDatabase({ url, poolSize: 3 });
const orgs = (await (await fetch(`${simUrl}/__sim/orgs`)).json()) as SimOrgLogin[];
const { deps } = await connectSimulatorOrgs({
  db,
  url: simUrl,
  orgs,
  now: () => simNow,
  ...(pageSize ? { pageSize } : {}),
});
await runTestWorker(db, createSyncJobDefinitions(deps));
