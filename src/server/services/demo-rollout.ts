// Demo mode: a staged rollout that halts itself, to look at (docs/product.md "Staged rollouts").
// Seeded once, after the first full fetch, through the product's own paths: an Upgrade Group of
// the busiest package's upgradeable orgs, a three-wave plan (the orgs of one edition, half of
// the others, the rest) scheduled by the demo operator and activated by the demo admin (the
// activation policy), and a failure the simulator is told to produce on another edition. The
// monitor then runs wave 1, passes its gate, starts wave 2 and halts the rollout when wave 2's
// failures cross the threshold — nothing is written as if it had happened.
import type { Actor } from '../actor';
import type { JobDefinition } from '../jobs/types';
import type { Database } from '../db/database';
import {
  demoRolloutCandidates,
  findDemoRollout,
  markDemoRolloutSeeded,
  type DemoRolloutRecord,
} from '../db/repositories/demo-rollout';
import { insertDemoGroup } from '../db/repositories/demo-groups';
import { activateUpgrade } from './upgrades/activate';
import type { UpgradeScheduler } from './upgrades/schedule';
import type { LifecycleDeps } from './upgrades/start-requests';

/** How many orgs the demo rollout is planned for. */
const DEMO_ROLLOUT_ORGS = 60;
/** The share of the failing edition's orgs whose push fails. */
export const DEMO_FAILURE_RATE = 0.3;

/** Which version the simulator fails, on which edition's orgs. */
export type DemoFailure = Pick<DemoRolloutRecord, 'versionId' | 'edition'>;

export interface DemoRolloutDeps {
  db: Database;
  scheduler: UpgradeScheduler;
  lifecycle: LifecycleDeps;
}

const actor = (username: string): Actor => ({
  username,
  displayName: null,
  readOnly: false,
  authMethod: 'salesforce',
});

/**
 * Seeds the demo rollout unless it was (answers what it did, for the job's result). `fail` tells
 * the simulator which version fails on which edition; it is called again at every start
 * (`demoRolloutFailure`).
 */
export async function seedDemoRollout(
  deps: DemoRolloutDeps,
  fail: (failure: DemoFailure) => void,
  now = new Date(),
): Promise<string> {
  if (await findDemoRollout(deps.db)) return 'The demo rollout exists already';
  const candidates = await demoRolloutCandidates(deps.db, DEMO_ROLLOUT_ORGS);
  const editions = [...countBy(candidates.map((c) => c.edition))].sort((a, b) => b[1] - a[1]);
  const [failing, first] = editions.map(([edition]) => edition);
  if (!failing || !first || !candidates[0]) return 'No package has orgs of two editions to upgrade';
  const versionId = candidates[0].version_id;
  const groupId = await deps.db.transaction((tx) =>
    insertDemoGroup(
      tx,
      {
        name: 'Rollout demo',
        type: 'Upgrade Group',
        description: 'Customers of the demo staged rollout (its second wave halts on failures)',
      },
      candidates.map((c) => c.org_id),
    ),
  );
  const record = { versionId, edition: failing };
  fail(record);
  const { id } = await deps.scheduler.schedule(
    actor('operator@pushboard.demo'),
    { groupId },
    {
      versions: [versionId],
      scheduled_date: now,
      description: `Demo: staged rollout, halted when ${failing} orgs fail`,
      transid: `demo-rollout-${now.getTime()}`,
      rollout: {
        waves: [
          {
            selector: { kind: 'filter', filters: [{ id: 'edition', value: `"${first}"` }] },
            start: 'gate',
          },
          { selector: { kind: 'percent', percent: 50 }, start: 'gate' },
          { selector: { kind: 'rest' }, start: 'gate' },
        ],
        failureThresholdPercent: 2,
        soakMinutes: 0,
        sampleSeed: '',
      },
    },
  );
  await activateUpgrade(deps.lifecycle, actor('admin@pushboard.demo'), id);
  await markDemoRolloutSeeded(deps.db, { ...record, upgradeId: id });
  return `Scheduled and activated the demo rollout (upgrade ${id})`;
}

/** The failure the seeded demo rollout rehearses, to tell a restarted simulator again. */
export async function demoRolloutFailure(db: Database): Promise<DemoRolloutRecord | null> {
  return findDemoRollout(db);
}

function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * The sync job definitions with the demo's first full fetch ending in seedDemoRollout (it needs
 * the fetched orgs); a later full fetch finds it seeded and does nothing more.
 */
export function withDemoRollout(
  definitions: readonly JobDefinition[],
  deps: DemoRolloutDeps,
  fail: (failure: DemoFailure) => void,
): JobDefinition[] {
  return definitions.map((definition) =>
    definition.type !== 'fetch-all'
      ? definition
      : {
          ...definition,
          steps: (params) => [
            ...definition.steps(params),
            {
              name: 'Preparing the demo rollout',
              run: async (context) => context.result(await seedDemoRollout(deps, fail)),
            },
          ],
        },
  );
}
