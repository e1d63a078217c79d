// A database holding what a full fetch of a simulated LMA and its packaging orgs stores: the
// starting point of the list benchmarks. The simulator runs in its own process.
import type { Database } from '../../src/server/db/database';
import { fetchSteps } from '../../src/server/sync/fetch-job';
import { newFetchRun } from '../../src/server/sync/fetch-run';
import { RecordingContext } from '../../src/server/sync/testing/recording-context';
import { connectSimulatorOrgs, type SimOrgLogin } from '../../src/server/sync/testing/sync-harness';
import { startRemoteSimulator } from './processes';

/** Runs Fetch All Data from a fresh simulator of `dataset` into `db`; answers the seconds it took. */
export async function fillFromSimulator(db: Database, dataset: string): Promise<number> {
  const sim = await startRemoteSimulator(dataset);
  try {
    const orgs = (await (await fetch(`${sim.url}/__sim/orgs`)).json()) as SimOrgLogin[];
    const { deps } = await connectSimulatorOrgs({ db, url: sim.url, orgs, now: () => new Date() });
    const run = newFetchRun(deps, true);
    const context = new RecordingContext();
    const start = performance.now();
    for (const step of fetchSteps(deps, true, run)) {
      process.stderr.write(`  fetch: ${step.name}\n`);
      await step.run(context, {});
    }
    if (context.errors.length > 0) throw new Error(context.errorMessages().join('\n'));
    return (performance.now() - start) / 1000;
  } finally {
    sim.child.kill('SIGTERM');
  }
}
