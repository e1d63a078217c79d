// Step: count the orgs per package version once the fetch has written everything (the instances
// included, for the locations), and keep the day's version counts (docs/architecture.md
// "Adoption counts"). The home page and a package's adoption read these counts.
import { countNoun } from '../../domain/format';
import { countAdoption } from '../db/repositories/adoption';
import type { JobStep } from '../jobs/types';
import type { SyncDeps } from './deps';
import type { FetchRun, StepParams } from './fetch-run';

export function countAdoptionStep(deps: SyncDeps, run: FetchRun): JobStep<StepParams> {
  return {
    name: 'Counting orgs per package version',
    async run(context) {
      const { versions } = await deps.db.transaction((tx) => countAdoption(tx, run.today));
      context.result(`Counted the orgs of ${countNoun(versions, 'package version')}`);
    },
  };
}
