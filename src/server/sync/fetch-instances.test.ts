// The instances step over real HTTP against the simulator's Trust-API-like status service: the
// instances and their planned maintenance windows are stored, a window Salesforce no longer lists
// is dropped, and a failing status service keeps what was read last time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchInstancesStep } from './fetch-instances';
import { RecordingContext } from './testing/recording-context';
import { startSyncHarness, type SyncHarness } from './testing/sync-harness';

let h: SyncHarness;
beforeAll(async () => {
  h = await startSyncHarness();
});
afterAll(async () => {
  await h.close();
});

interface StoredWindow {
  instance_key: string;
  name: string | null;
  maintenance_type: string | null;
  availability: string | null;
  planned_start: Date;
  planned_end: Date;
}

const stored = async () =>
  (
    await h.testDb.db.query<StoredWindow>(
      `SELECT instance_key, name, maintenance_type, availability, planned_start, planned_end
         FROM instance_maintenance ORDER BY planned_start, instance_key`,
    )
  ).rows;

async function runStep(deps = h.deps): Promise<RecordingContext> {
  const context = new RecordingContext();
  await fetchInstancesStep(deps).run(context, {});
  return context;
}

describe('Fetching instances', () => {
  it('stores the maintenance windows the status service lists, and only those', async () => {
    const now = h.sim.control.now().getTime();
    const generated = h.sim.control.maintenances();
    // The simulator's own windows start days after it did: a test never meets one by chance.
    expect(generated.length).toBeGreaterThan(0);
    expect(Math.min(...generated.map((w) => w.plannedStart))).toBeGreaterThan(now + 2 * 86_400_000);
    const release = h.sim.control.addMaintenance({
      name: 'Spring release',
      maintenanceType: 'release',
      availability: 'readOnly',
      instanceKeys: ['CS42', 'CS171'],
      plannedStart: now - 3_600_000,
      plannedEnd: now + 3_600_000,
    });
    const context = await runStep();
    expect(context.errorMessages()).toEqual([]);
    const rows = await stored();
    expect(rows).toHaveLength(generated.length + 2);
    expect(rows.slice(0, 2)).toEqual(
      ['CS171', 'CS42'].map((key) => ({
        instance_key: key,
        name: 'Spring release',
        maintenance_type: 'release',
        availability: 'readOnly',
        planned_start: new Date(release.plannedStart),
        planned_end: new Date(release.plannedEnd),
      })),
    );
    expect(context.results.at(-1)?.message).toMatch(
      new RegExp(`; ${generated.length + 2} maintenance windows$`),
    );

    // Salesforce dropped every window: so does the next fetch.
    h.sim.control.clearMaintenances();
    await runStep();
    expect(await stored()).toEqual([]);
  });

  it('keeps the windows read last time when the status service fails', async () => {
    const now = h.sim.control.now().getTime();
    h.sim.control.addMaintenance({
      name: 'EU44 patch',
      maintenanceType: 'systemMaintenance',
      availability: 'fullyAvailable',
      instanceKeys: ['EU44'],
      plannedStart: now + 3_600_000,
      plannedEnd: now + 7_200_000,
    });
    await runStep();
    expect((await stored()).map((r) => r.instance_key)).toEqual(['EU44']);
    // A status service that answers 404: the step reports it and changes nothing stored.
    const context = await runStep({ ...h.deps, instancesUrl: `${h.sim.url}/nowhere` });
    expect(context.errorMessages().join('\n')).toMatch(/Fetching instances from .* failed/);
    expect((await stored()).map((r) => r.instance_key)).toEqual(['EU44']);
  });
});
