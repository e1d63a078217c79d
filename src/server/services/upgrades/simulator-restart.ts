// Demo mode: the Salesforce simulator keeps nothing between runs, so after a restart the push
// requests and jobs the upgrade history names are gone from it. An upgrade not activated yet gets
// them again: its push requests are forgotten here and the upgrade monitor, which every start
// runs, creates them anew the way it finishes a scheduling a crash cut short. A push that was
// running stopped with the simulator: its unfinished jobs fail with a message that says so, and
// Retry Failed pushes them again.
import type { Database } from '../../db/database';
import {
  forgetPushesOfReadyUpgrades,
  stopUnfinishedPushes,
} from '../../db/repositories/upgrade-pushes-lost';
import { finishUpgrades } from './reconcile-write';

export const STOPPED_BY_RESTART =
  "The demo's Salesforce simulator restarted while this push ran, so it did not finish: Retry Failed pushes it again.";

/** Answers the upgrades whose pushes will be created again and those whose pushes stopped. */
export async function afterSimulatorRestart(
  db: Database,
): Promise<{ rescheduled: number[]; stopped: number[] }> {
  return db.transaction(async (tx) => {
    const rescheduled = await forgetPushesOfReadyUpgrades(tx);
    const stopped = await stopUnfinishedPushes(tx, STOPPED_BY_RESTART);
    await finishUpgrades(tx, stopped, false);
    return { rescheduled, stopped };
  });
}
