// A first Fetch all data loads its tables in bulk (fetch-run.ts): on PostgreSQL the licenses'
// indexes are built while the subscribers are read, the load ending with the derivations; a run
// that fails or is canceled in any step, or between two, still gets every index and foreign key
// back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingBulkLoads } from '../db/repositories/bulk-load';
import { fetchAllJob } from './fetch-job';
import { tableStructures } from './testing/expectations';
import { RecordingContext, runJob } from './testing/recording-context';
import { startSyncHarness, type SyncHarness } from './testing/sync-harness';

let h: SyncHarness;
beforeEach(async () => {
  h = await startSyncHarness({ dataset: 'test', pageSize: 200 });
});
afterEach(async () => {
  await h.close();
});

const LOADED = ['license', 'org', 'org_package_version', 'account'] as const;

/** Indexes and foreign keys of every table a first fetch loads in bulk. */
async function structures(): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const table of LOADED) all[table] = await tableStructures(h.testDb.db, table);
  return all;
}

/** Calls `seen` once, when the first page of subscribers is reported. */
class AtSubscribers extends RecordingContext {
  private reached = false;
  constructor(private readonly seen: (context: AtSubscribers) => void) {
    super();
  }
  override progress(message: string): void {
    super.progress(message);
    if (this.reached || !message.startsWith('Fetching subscribers of')) return;
    this.reached = true;
    this.seen(this);
  }
}

describe('a first Fetch all data', () => {
  it('reads the subscribers with the license index they need; the loads end with every index', async () => {
    const schema = await structures();
    let during: Promise<{ pending: string[]; license: string[] }> | undefined;
    const context = new AtSubscribers(() => {
      during = (async () => ({
        pending: await pendingBulkLoads(h.testDb.db),
        license: await tableStructures(h.testDb.db, 'license'),
      }))();
    });
    await runJob(fetchAllJob(h.deps), {}, context);
    expect(context.errorMessages()).toEqual([]);
    const seen = await during!;
    // The installs look their licenses up by (org, package) through this index.
    expect(seen.license).toContainEqual(expect.stringContaining('INDEX license_org_idx ON'));
    if (h.testDb.db.kind === 'postgres') {
      // The licenses' load is still open: it ends with the derivations.
      expect(seen.pending).toEqual(['license', 'org', 'org_package_version']);
    } else {
      expect(seen.pending).toEqual(['org', 'org_package_version']);
    }
    expect(await pendingBulkLoads(h.testDb.db)).toEqual([]);
    expect(await structures()).toEqual(schema);
  });

  it('canceled while reading subscribers, gets every index and foreign key back', async () => {
    const schema = await structures();
    const context = new AtSubscribers((self) => self.cancel());
    await expect(runJob(fetchAllJob(h.deps), {}, context)).rejects.toThrow('Canceled');
    expect(await pendingBulkLoads(h.testDb.db)).toEqual([]);
    expect(await structures()).toEqual(schema);
  });

  it('canceled between two steps, gets every index and foreign key back', async () => {
    const schema = await structures();
    const context = new RecordingContext();
    const job = fetchAllJob(h.deps);
    const steps = job.steps({});
    const at = steps.findIndex((step) => step.name === 'Fetching package subscribers');
    const subscribers = steps[at]!;
    let pendingAtCancel: string[] = [];
    // The cancel lands once the subscribers are written: the accounts are never fetched.
    steps[at] = {
      ...subscribers,
      run: async (stepContext, params) => {
        await subscribers.run(stepContext, params);
        pendingAtCancel = await pendingBulkLoads(h.testDb.db);
        context.cancel();
      },
    };
    await expect(runJob({ ...job, steps: () => steps }, {}, context)).rejects.toThrow('Canceled');
    expect(pendingAtCancel).toContain('org');
    expect(context.messages).not.toContain(steps[at + 1]!.name);
    expect(context.messages.at(-1)).toBe(
      'Building the indexes and foreign keys set aside for the first load',
    );
    expect(await pendingBulkLoads(h.testDb.db)).toEqual([]);
    expect(await structures()).toEqual(schema);
  });
});
