// Licenses sorted by account are read one account at a time; a license whose account is not
// stored still appears, with the empty names, whoever wrote it and whatever happens to the
// account afterwards (the triggers of migration 0015 keep the unknown account ids).
import pg from 'pg';
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

describe('concurrent writers of unknown accounts', () => {
  // A fetch writes pages of licenses on several connections; two pages naming the same unknown
  // accounts must not deadlock (migration 0020). PGlite has one connection: nothing to race.
  it('two transactions inserting the same unknown accounts in opposite orders both commit', async () => {
    if (testDb.db.kind !== 'postgres' || !testDb.url) return;
    const a = id('001X', 1);
    const b = id('001X', 2);
    const connect = async () => {
      const client = new pg.Client({ connectionString: testDb.url });
      await client.connect();
      return client;
    };
    const [one, two] = [await connect(), await connect()];
    const insert = (client: pg.Client, rows: [string, string][]) =>
      client.query(
        `INSERT INTO license (sfid, name, account_id)
         SELECT s, s, acc FROM unnest($1::text[], $2::text[]) AS u(s, acc)`,
        [rows.map((r) => r[0]), rows.map((r) => r[1])],
      );
    try {
      await one.query('BEGIN');
      await two.query('BEGIN');
      // The first holds b; the second takes a, then waits for b; the first then wants a.
      await insert(one, [[id('a0LX', 1), b]]);
      const second = insert(two, [
        [id('a0LX', 3), a],
        [id('a0LX', 4), b],
      ]).then(() => two.query('COMMIT'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const first = insert(one, [[id('a0LX', 2), a]]).then(() => one.query('COMMIT'));
      const outcomes = await Promise.allSettled([first, second]);
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
      ]);
    } finally {
      await one.end();
      await two.end();
    }
    expect(await unknownIds()).toEqual(expect.arrayContaining([a, b]));
  });
});
