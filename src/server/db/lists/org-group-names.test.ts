// An org's group names on its row (the Groups column) follow every change of membership and every
// renamed or removed group, whoever makes it (the triggers of migration 0015), and an org stored
// after it joined a group takes them when it is written (migration 0027).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database';

let testDb: TestDatabase;
const ORGS = ['00D000000000000001', '00D000000000000002', '00D000000000000003'];

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.query(`INSERT INTO org (org_id, name) SELECT unnest($1::text[]), 'Org'`, [ORGS]);
});

afterAll(async () => {
  await testDb.drop();
});

async function groupNames(): Promise<(string | null)[]> {
  const { rows } = await testDb.db.query<{ group_names: string | null }>(
    'SELECT group_names FROM org ORDER BY org_id',
  );
  return rows.map((row) => row.group_names);
}

async function group(name: string): Promise<number> {
  const { rows } = await testDb.db.query<{ id: number }>(
    'INSERT INTO org_group (name) VALUES ($1) RETURNING id::int',
    [name],
  );
  return rows[0]!.id;
}

describe("an org's group names", () => {
  it('follow memberships, renames and removed groups', async () => {
    const pilot = await group('Pilot');
    const canary = await group('Canary');
    await testDb.db.query(
      `INSERT INTO org_group_member (org_group_id, org_id)
       VALUES ($1, $3), ($1, $4), ($2, $3)`,
      [pilot, canary, ORGS[0], ORGS[1]],
    );
    expect(await groupNames()).toEqual(['Canary, Pilot', 'Pilot', null]);

    await testDb.db.query(`UPDATE org_group SET name = 'Adopters' WHERE id = $1`, [pilot]);
    expect(await groupNames()).toEqual(['Adopters, Canary', 'Adopters', null]);

    await testDb.db.query('DELETE FROM org_group_member WHERE org_group_id = $1 AND org_id = $2', [
      pilot,
      ORGS[1],
    ]);
    expect(await groupNames()).toEqual(['Adopters, Canary', null, null]);

    await testDb.db.query('DELETE FROM org_group WHERE id = $1', [canary]);
    expect(await groupNames()).toEqual(['Adopters', null, null]);
  });

  it('are taken by an org stored after it was made a member', async () => {
    const later = '00D000000000000009';
    const watchlist = await group('Watchlist');
    await testDb.db.query('INSERT INTO org_group_member (org_group_id, org_id) VALUES ($1, $2)', [
      watchlist,
      later,
    ]);
    // A fetch's page of orgs: the new member among orgs in no group.
    await testDb.db.query(
      `INSERT INTO org (org_id, name) VALUES ($1, 'Later'), ('00D000000000000010', 'Other')`,
      [later],
    );
    const { rows } = await testDb.db.query<{ org_id: string; group_names: string | null }>(
      `SELECT org_id, group_names FROM org WHERE org_id IN ($1, '00D000000000000010')
        ORDER BY org_id`,
      [later],
    );
    expect(rows).toEqual([
      { org_id: later, group_names: 'Watchlist' },
      { org_id: '00D000000000000010', group_names: null },
    ]);
  });
});
