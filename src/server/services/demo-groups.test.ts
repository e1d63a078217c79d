// Demo groups: seeded once from the simulated LMA's licensed orgs, never re-created after a delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncHarness, type SyncHarness } from '../sync/testing/sync-harness';
import { seedDemoGroups } from './demo-groups';

let h: SyncHarness;

beforeAll(async () => {
  h = await startSyncHarness({ dataset: 'demo' });
});

afterAll(async () => {
  await h?.close();
});

const groups = async () =>
  (
    await h.testDb.db.query<{ name: string; type: string; members: number }>(
      `SELECT g.name, g.type, count(m.org_id)::int AS members FROM org_group g
       LEFT JOIN org_group_member m ON m.org_group_id = g.id GROUP BY g.id ORDER BY g.name`,
    )
  ).rows;

describe('seedDemoGroups', () => {
  it('creates a pilot wave and a blacklist of licensed demo orgs, once', async () => {
    await seedDemoGroups(h.testDb.db, h.gateway, h.lmaId);
    await seedDemoGroups(h.testDb.db, h.gateway, h.lmaId);
    expect(await groups()).toEqual([
      { name: 'Change freeze', type: 'Blacklist Group', members: 3 },
      { name: 'Pilot customers', type: 'Upgrade Group', members: 12 },
    ]);
    const overlap = await h.testDb.db.query(
      `SELECT org_id FROM org_group_member GROUP BY org_id HAVING count(*) > 1`,
    );
    expect(overlap.rows).toEqual([]);
  });

  it('respects an operator deleting them', async () => {
    await h.testDb.db.query(`DELETE FROM org_group`);
    await seedDemoGroups(h.testDb.db, h.gateway, h.lmaId);
    expect(await groups()).toEqual([]);
  });
});
