// A group's members sorted by their groups: the same pages as one ORDER BY, with the orgs in no
// group never walked, since the members' source tells the reads that every member has group
// names (org-sources.ts's GROUP_MEMBER_SOURCE), and a total that is still the group's size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { queryListPage } from './list-query';
import { notingClient } from './testing/noting-client';
import type { ListStatement } from './list-statement';
import { GROUP_MEMBER_SOURCE, orgScope } from './org-sources';

let testDb: TestDatabase;
let groupId = 0;
const SETTINGS = { deniedOrgs: [], expandByAccount: false };

beforeAll(async () => {
  testDb = await createTestDatabase();
  // 24 000 orgs: the even ones in the group 'Pilot', one in three of those in 'Canary' too, the
  // odd ones in no group. More members than an exact count goes to, so that pages are walked.
  await testDb.db.exec(`INSERT INTO org (org_id, name)
    SELECT '00D' || lpad(i::text, 15, '0'), 'Org ' || i FROM generate_series(1, 24000) i`);
  const { rows } = await testDb.db.query<{ id: number }>(
    `INSERT INTO org_group (name) VALUES ('Pilot'), ('Canary') RETURNING id::int`,
  );
  const [pilot, canary] = rows.map((row) => row.id);
  groupId = pilot!;
  await testDb.db.query(
    `INSERT INTO org_group_member (org_group_id, org_id)
     SELECT $1::bigint, '00D' || lpad(i::text, 15, '0') FROM generate_series(2, 24000, 2) i
     UNION ALL
     SELECT $2::bigint, '00D' || lpad(i::text, 15, '0') FROM generate_series(6, 24000, 6) i`,
    [pilot, canary],
  );
  await testDb.db.exec('ANALYZE org; ANALYZE org_group_member');
}, 120_000);

afterAll(async () => {
  await testDb.drop();
});

describe("a group's members by their groups", () => {
  it('are the pages of one ORDER BY, read without the orgs in no group', async () => {
    for (const desc of [false, true]) {
      const statement: ListStatement = {
        source: GROUP_MEMBER_SOURCE,
        scope: orgScope({ groupId }, SETTINGS),
        filter: () => ({ text: 'TRUE', params: [] }),
        sort: [{ id: 'groups', desc }],
        filteredColumns: [],
      };
      const way = desc ? 'DESC' : 'ASC';
      const all = await testDb.db.query<{ org_id: string }>(
        `SELECT o.org_id FROM org o JOIN org_group_member m ON m.org_id = o.org_id
         WHERE m.org_group_id = $1 ORDER BY o.group_names ${way}, o.org_id ${way}`,
        [groupId],
      );
      const order = all.rows.map((row) => row.org_id);
      // The last page as the pager offers it, from the total (an estimate past 10 000 matches):
      // read from the end, it holds the list's last rows.
      const first = await queryListPage(testDb.db, statement, 1, 25);
      const last = Math.ceil(first!.total / 25);
      // Estimated as the group's size, which the pager's last page follows.
      expect(Math.abs(first!.total - order.length)).toBeLessThan(order.length / 10);
      for (const page of [1, 40, last]) {
        const { client, noted: statements } = notingClient(testDb.db);
        const read = await queryListPage<{ org_id: string }>(client, statement, page, 25);
        const ids = read!.rows.map((row) => row.org_id);
        expect(ids.length).toBeGreaterThan(0);
        expect(ids).toEqual(
          page === last ? order.slice(-ids.length) : order.slice((page - 1) * 25, page * 25),
        );
        // The page was walked, and the branch of orgs without group names planned away.
        const walk = statements.find((s) => s.text.includes('o.group_names IS NULL'));
        expect(walk?.text).toContain('o.group_names = sort_group_key0.k');
        const plan = await testDb.db.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN ${walk!.text}`,
          walk!.params,
        );
        expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(
          'One-Time Filter: false',
        );
      }
    }
  });

  it("are read by another column without the group names' condition unless a filter is set", async () => {
    // Counted as independent of membership, the condition made a group's 20 000 members an
    // estimated 4 000, and the planner hashed them all rather than walk the name index.
    const all = await testDb.db.query<{ org_id: string }>(
      `SELECT o.org_id FROM org o JOIN org_group_member m ON m.org_id = o.org_id
       WHERE m.org_group_id = $1 ORDER BY o.name, o.org_id`,
      [groupId],
    );
    const order = all.rows.map((row) => row.org_id);
    for (const contains of [undefined, '1']) {
      const statement: ListStatement = {
        source: GROUP_MEMBER_SOURCE,
        scope: orgScope({ groupId }, SETTINGS),
        filter: (first) =>
          contains === undefined
            ? { text: 'TRUE', params: [] }
            : { text: `o.name LIKE $${first}`, params: [`%${contains}%`] },
        sort: [{ id: 'name', desc: false }],
        filteredColumns: contains === undefined ? [] : ['name'],
      };
      const { client, statements } = notingClient(testDb.db);
      const read = await queryListPage<{ org_id: string }>(client, statement, 40, 25);
      if (contains === undefined) {
        expect(read!.rows.map((row) => row.org_id)).toEqual(order.slice(975, 1000));
      }
      const pageRead = statements.find((text) => text.includes('ORDER BY o.name'));
      expect(pageRead).toBeDefined();
      expect(pageRead!.includes('o.group_names IS NOT NULL')).toBe(contains !== undefined);
    }
  });
});
