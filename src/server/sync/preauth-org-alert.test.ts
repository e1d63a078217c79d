// The pre-authorize alert on the package fetch, against the simulator: a package whose packaging
// org Pushboard holds no connection for raises ALERT_PREAUTH_ORG naming that org (never a token);
// once the org is connected the fetch stays quiet.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JobDefinition } from '../jobs/types';
import { fetchPackagesStep } from './fetch-packages';
import { newFetchRun, type StepParams } from './fetch-run';
import { runJob } from './testing/recording-context';
import { startSyncHarness, type SyncHarness } from './testing/sync-harness';

let h: SyncHarness;
beforeAll(async () => {
  h = await startSyncHarness();
});
afterAll(async () => {
  await h.close();
});

const packagesOnly = (): JobDefinition<StepParams> => ({
  type: 'fetch', // only the package step of a fetch
  name: () => 'Fetch packages',
  steps: () => [fetchPackagesStep(h.deps, newFetchRun(h.deps, true))],
});

it('raises ALERT_PREAUTH_ORG for a packaging org without a connection, then no more', async () => {
  const [missing] = [...h.packagingIds.values()];
  if (!missing) throw new Error('the test dataset has packaging orgs');
  const saved = await h.testDb.db.query('SELECT * FROM connected_org WHERE org_id = $1', [missing]);
  await h.testDb.db.query('DELETE FROM connected_org WHERE org_id = $1', [missing]);

  const first = await runJob(packagesOnly());
  expect(first.errorMessages()).toEqual([]);
  const alerts = h.live.named('ALERT_PREAUTH_ORG') as {
    message: string;
    org: { org_id: string };
  }[];
  expect(alerts.map((a) => a.org.org_id)).toEqual([missing]);
  expect(alerts[0]?.message).toContain(missing);
  expect(JSON.stringify(alerts)).not.toMatch(/token/i);
  expect(first.results.map((r) => r.message)).toContain(
    '1 packaging org not connected yet (alert raised)',
  );

  // Connected again (the row as it was): the next fetch raises nothing.
  const row = saved.rows[0] as Record<string, unknown>;
  const columns = Object.keys(row);
  await h.testDb.db.query(
    `INSERT INTO connected_org (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
    columns.map((c) => row[c]),
  );
  h.live.events.length = 0;
  await runJob(packagesOnly());
  expect(h.live.named('ALERT_PREAUTH_ORG')).toEqual([]);
});
