// Global search finds the first orgs by name (then by account name, those not shown by name)
// containing a word, whether the word is common (found by walking the names in order) or rare
// (its few matches collected through the trigram index once the walk found too few): the same
// orgs, in the same order, as one plain ORDER BY over every match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { SEARCH_WALK, search } from './search';

let testDb: TestDatabase;
const ORGS = SEARCH_WALK * 3;
const orgId = (i: number) => `00D${String(i).padStart(15, '0')}`;

beforeAll(async () => {
  testDb = await createTestDatabase();
  // Names 'Org 00001'…: every 10th is an Alpha (common, early and throughout); three late ones
  // are Zephyrs (rare, past the walk). Accounts: every 7th 'Harbor Group', five 'Lakeside'
  // orgs late in the order, one of them also named so (shown by name, not again by account).
  await testDb.db.query(
    `INSERT INTO account (account_id, account_name)
     VALUES ('001000000000000001', 'Harbor Group'), ('001000000000000002', 'Lakeside Partners'),
            ('001000000000000003', 'Aardvark Ltd')`,
  );
  await testDb.db.query(
    `INSERT INTO org (org_id, name, account_id)
     SELECT '00D' || lpad(i::text, 15, '0'),
            CASE WHEN i IN ($2, $3, $4) THEN 'Zz Zephyr ' || i
                 WHEN i = $5 THEN 'Lakeside HQ'
                 WHEN i % 10 = 0 THEN 'Org ' || lpad(i::text, 5, '0') || ' Alpha'
                 ELSE 'Org ' || lpad(i::text, 5, '0') END,
            CASE WHEN i IN ($5, $6, $7, $8, $9) THEN '001000000000000002'
                 WHEN i % 7 = 0 THEN '001000000000000001'
                 ELSE '001000000000000003' END
       FROM generate_series(1, $1::int) i`,
    [ORGS, ORGS - 1, ORGS - 2, ORGS - 3, ORGS - 4, ORGS - 5, ORGS - 6, ORGS - 7, ORGS - 8],
  );
  await testDb.db.exec('ANALYZE org');
});
afterAll(() => testDb.drop());

/** The org ids search answers, in order. */
async function foundOrgs(term: string): Promise<string[]> {
  return (await search(testDb.db, term, null))
    .filter((result) => result.type === 'org')
    .map((result) => result.id);
}

/**
 * The first 8 by name containing the word, then the first 8 by account name containing it of
 * the orgs not already shown by name.
 */
async function expectedOrgs(word: string): Promise<string[]> {
  const pattern = `%${word}%`;
  const byName = (
    await testDb.db.query<{ org_id: string }>(
      `SELECT org_id FROM org WHERE lower(name) LIKE $1 ORDER BY name, org_id LIMIT 8`,
      [pattern],
    )
  ).rows.map((row) => row.org_id);
  const byAccount = (
    await testDb.db.query<{ org_id: string }>(
      `SELECT org_id FROM org WHERE lower(account_name) LIKE $1 AND NOT (org_id = ANY($2::text[]))
        ORDER BY account_name, org_id LIMIT 8`,
      [pattern, byName],
    )
  ).rows.map((row) => row.org_id);
  return [...byName, ...byAccount].map((id) => id.trim());
}

describe('global search for orgs', () => {
  it.each(['alpha', 'zephyr', 'lakeside', 'harbor', 'org 0', 'nothing-like-it'])(
    'answers the first orgs containing %s by name, then by account',
    async (word) => {
      const expected = await expectedOrgs(word);
      expect(await foundOrgs(word)).toEqual(expected);
    },
  );

  it('puts the org an id names first', async () => {
    const found = await search(testDb.db, orgId(42), orgId(42));
    expect(found[0]).toMatchObject({ type: 'org', id: orgId(42) });
  });
});
