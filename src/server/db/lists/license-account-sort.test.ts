// Licenses sorted by account are read one account at a time; a license whose account is not
// stored still appears, with the empty names, whoever wrote it and whatever happens to the
// account afterwards (the triggers of migration 0015 keep the unknown account ids).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SCOPE } from './sql-builder';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { LICENSE_SOURCE } from './license-source';
import { queryListPage } from './list-query';

let testDb: TestDatabase;

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(18 - prefix.length, '0')}`;
const ACCOUNT = { beta: id('001B', 1), unknown: id('001U', 2), alpha: id('001A', 3) };

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.query(
    `INSERT INTO account (account_id, account_name) VALUES ($1, 'Beta'), ($2, 'Alpha')`,
    [ACCOUNT.beta, ACCOUNT.alpha],
  );
  // Twelve licenses: four per account (one of them never stored) and none for every fourth.
  await testDb.db.query(
    `INSERT INTO license (sfid, name, account_id)
     SELECT 'a0L' || lpad(i::text, 15, '0'), 'L-' || i,
            (ARRAY[$1, $2, $3, NULL])[1 + i % 4]
     FROM generate_series(1, 12) i`,
    [ACCOUNT.beta, ACCOUNT.unknown, ACCOUNT.alpha],
  );
});

afterAll(async () => {
  await testDb.drop();
});

async function page(desc: boolean): Promise<string[]> {
  const answer = await queryListPage<{ sfid: string }>(
    testDb.db,
    {
      source: LICENSE_SOURCE,
      scope: NO_SCOPE,
      sort: [{ id: 'account_name', desc }],
      filter: () => ({ text: 'TRUE', params: [] }),
    },
    1,
    50,
  );
  return answer!.rows.map((row) => row.sfid);
}

async function expected(desc: boolean): Promise<string[]> {
  const way = desc ? 'DESC' : 'ASC';
  const { rows } = await testDb.db.query<{ sfid: string }>(
    `SELECT l.sfid FROM license l LEFT JOIN account a ON a.account_id = l.account_id
     ORDER BY a.account_name ${way} NULLS LAST, l.account_id ${way} NULLS LAST, l.sfid ${way}`,
  );
  return rows.map((row) => row.sfid);
}

async function unknownIds(): Promise<string[]> {
  const { rows } = await testDb.db.query<{ account_id: string }>(
    'SELECT account_id FROM license_account_unknown ORDER BY 1',
  );
  return rows.map((row) => row.account_id);
}

describe('licenses sorted by account', () => {
  it('list the licenses of an account that is not stored with the empty names', async () => {
    expect(await unknownIds()).toEqual([ACCOUNT.unknown]);
    for (const desc of [false, true]) {
      const sfids = await page(desc);
      expect(sfids).toHaveLength(12);
      expect(sfids).toEqual(await expected(desc));
    }
  });

  it('move them to their place once the account is stored, and back when it goes', async () => {
    await testDb.db.query(
      `INSERT INTO account (account_id, account_name) VALUES ($1, 'Aardvark')`,
      [ACCOUNT.unknown],
    );
    expect(await unknownIds()).toEqual([]);
    expect(await page(false)).toEqual(await expected(false));
    await testDb.db.query('DELETE FROM account WHERE account_id = $1', [ACCOUNT.alpha]);
    expect(await unknownIds()).toEqual([ACCOUNT.alpha]);
    for (const desc of [false, true]) {
      const sfids = await page(desc);
      expect(sfids).toHaveLength(12);
      expect(sfids).toEqual(await expected(desc));
    }
  });

  it('note an account that an updated license names', async () => {
    const moved = id('001M', 4);
    await testDb.db.query(`UPDATE license SET account_id = $1 WHERE name = 'L-1'`, [moved]);
    expect(await unknownIds()).toContain(moved);
    expect(await page(false)).toEqual(await expected(false));
  });
});
