// A filter decided on a column's distinct values selects exactly the rows the filter's own SQL
// selects: property-checked on the test database with empty values, case variants and the
// characters an array literal must escape.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFilters, FilterSyntaxError, type FilterColumn } from '../../../domain';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { distinctValues, narrowFewValues } from './few-values';
import { queryListPage } from './list-query';
import { notingClient } from './testing/noting-client';
import type { ListStatement } from './list-statement';
import { distinctValueGroups, leftJoin, type ListSource } from './list-source';
import { SqlBuilder } from './sql-builder';
import { NO_SCOPE } from './sql-builder';

const VALUES = ['Active', 'active', 'Trial', 'Sus"pended', 'back\\slash', 'a,b', '{x}', '', null];

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await testDb.db.exec(`CREATE TABLE few_probe (id int PRIMARY KEY, status text);
    CREATE INDEX few_probe_status_idx ON few_probe (status, id);`);
  await testDb.db.query(
    `INSERT INTO few_probe SELECT i, ($1::text[])[1 + i % $2] FROM generate_series(1, 500) i`,
    [VALUES, VALUES.length],
  );
  // Six keys of Salesforce's id type, character(18); n is spread over the ids, no index pairs
  // it with k.
  await testDb.db.exec(`CREATE TABLE few_key_probe (id int PRIMARY KEY, k character(18), n int);
    INSERT INTO few_key_probe
      SELECT i, 'K' || lpad((i % 6)::text, 17, '0'), (i * 7919) % 40000
      FROM generate_series(1, 40000) i;
    CREATE INDEX few_key_probe_k_idx ON few_key_probe (k, id);
    CREATE INDEX few_key_probe_n_idx ON few_key_probe (n, id);
    ANALYZE few_key_probe;`);
}, 120_000);

afterAll(async () => {
  await testDb.drop();
});

const SOURCE: ListSource = {
  from: 'few_probe f',
  select: 'f.id',
  columns: { id: 'f.id', status: 'f.status' },
  uniqueKey: ['f.id'],
  fewValues: { status: distinctValueGroups({ table: 'few_probe', alias: 'f', column: 'status' }) },
};

const COLUMN: FilterColumn = { id: 'status', kind: 'text', sql: 'f.status' };

async function ids(statement: ListStatement): Promise<number[]> {
  const page = await queryListPage<{ id: number }>(testDb.db, statement, 1, 100);
  return page!.rows.map((row) => row.id);
}

describe('few-values filters', () => {
  it('reads every distinct value once, each its own key', async () => {
    const values = await distinctValues(testDb.db, SOURCE.fewValues!.status!);
    const present = VALUES.filter((value) => value !== null);
    expect(values.map((value) => value.v).sort()).toEqual([...present].sort());
    expect(values.every((value) => value.k === value.v)).toBe(true);
  });

  it('select the rows the filter selects', async () => {
    const words = fc.constantFrom(
      'act',
      'ACTIVE',
      'tri',
      'x',
      'sus"',
      'slash',
      "'a,b'",
      "'{x}'",
      'zzz',
    );
    const expression = fc.oneof(
      words,
      words.map((w) => `$${w}`),
      words.map((w) => `${w}$`),
      words.map((w) => `"${w}"`),
      words.map((w) => `!${w}`),
      fc.constantFrom('?', '!?', "''", 'active, trial', '!act && !tri'),
    );
    await fc.assert(
      fc.asyncProperty(expression, async (value) => {
        let compiled;
        try {
          compiled = compileFilters([{ id: 'status', value }], [COLUMN], {
            now: new Date(),
            timeZone: 'UTC',
            username: null,
          });
        } catch (error) {
          // Combinations the language refuses ('"sus""') are not filters.
          if (error instanceof FilterSyntaxError) return;
          throw error;
        }
        const statement: ListStatement = {
          source: SOURCE,
          scope: NO_SCOPE,
          sort: [{ id: 'id', desc: false }],
          filter: (first) => compiled.toSql(first),
        };
        const narrowed = await narrowFewValues(testDb.db, statement, compiled.filters);
        expect(await ids(narrowed)).toEqual(await ids(statement));
      }),
      { numRuns: 80 },
    );
  });
});

describe('a few-values filter on a character(18) key', () => {
  const KEY_SOURCE: ListSource = {
    from: 'few_key_probe f',
    select: 'f.id',
    columns: { id: 'f.id', k: 'f.k', n: 'f.n' },
    uniqueKey: ['f.id'],
    fewValues: { k: distinctValueGroups({ table: 'few_key_probe', alias: 'f', column: 'k' }) },
  };
  const KEY: FilterColumn = { id: 'k', kind: 'text', sql: 'f.k' };
  // Two of the six keys: 13 333 rows, more than are counted exactly.
  const compiled = compileFilters(
    [{ id: 'k', value: "'K00000000000000001', 'K00000000000000002'" }],
    [KEY],
    { now: new Date(), timeZone: 'UTC', username: null },
  );
  const statement = (desc: boolean): ListStatement => ({
    source: KEY_SOURCE,
    scope: NO_SCOPE,
    sort: [{ id: 'n', desc }],
    filter: (first) => compiled.toSql(first),
    filteredColumns: ['k'],
  });

  it("is answered by the key's index", async () => {
    const narrowed = await narrowFewValues(testDb.db, statement(false), compiled.filters);
    const builder = new SqlBuilder();
    const where = narrowed.scope(builder);
    expect(where).toContain('= ANY(');
    const plan = await testDb.db.withConnection(async (client) => {
      await client.exec('SET enable_seqscan = off');
      try {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT 1 FROM few_key_probe f WHERE ${where}`,
          builder.params,
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await client.exec('RESET enable_seqscan');
      }
    });
    // Compared as text, the index could only be read whole, the keys tested one by one.
    expect(plan).toMatch(/Index Cond: \(k = ANY/);
    expect(plan).not.toContain('Seq Scan');
  });

  it('asks for an empty key only when some row has one', async () => {
    // "not containing …1" matches an empty key, but no row of the table has one.
    const notOne = compileFilters([{ id: 'k', value: '!00001' }], [KEY], {
      now: new Date(),
      timeZone: 'UTC',
      username: null,
    });
    const plain: ListStatement = { ...statement(false), filter: (f) => notOne.toSql(f) };
    const narrowed = await narrowFewValues(testDb.db, plain, notOne.filters);
    const where = narrowed.scope(new SqlBuilder());
    expect(where).toContain('= ANY(');
    expect(where).not.toContain('IS NULL');
    const read = await queryListPage<{ id: number }>(testDb.db, narrowed, 3, 25);
    const expected = await testDb.db.query<{ id: number }>(
      `SELECT id FROM few_key_probe WHERE k <> 'K00000000000000001' ORDER BY n, id LIMIT 25 OFFSET 50`,
    );
    expect(read!.rows).toEqual(expected.rows);
    // Once a row has an empty key, the filter asks for it.
    await testDb.db.exec(`INSERT INTO few_key_probe VALUES (40001, NULL, -1)`);
    try {
      const withEmpty = await narrowFewValues(testDb.db, plain, notOne.filters);
      expect(withEmpty.scope(new SqlBuilder())).toContain('IS NULL');
    } finally {
      await testDb.db.exec('DELETE FROM few_key_probe WHERE id = 40001');
    }
  });

  it('is walked as a filter where no index pairs the key with the sort, with the same pages', async () => {
    for (const desc of [false, true]) {
      const plain = statement(desc);
      const narrowed = await narrowFewValues(testDb.db, plain, compiled.filters);
      for (const page of [1, 40, 300]) {
        const { client: noting, statements } = notingClient(testDb.db);
        const read = await queryListPage<{ id: number }>(noting, narrowed, page, 25);
        const way = desc ? 'DESC' : 'ASC';
        const expected = await testDb.db.query<{ id: number }>(
          `SELECT id FROM few_key_probe WHERE k IN ('K00000000000000001', 'K00000000000000002')
           ORDER BY n ${way}, id ${way} LIMIT 25 OFFSET ${(page - 1) * 25}`,
        );
        expect(expected.rows).toHaveLength(25);
        expect(read!.rows).toEqual(expected.rows);
        // The bounded walk tests the filter on each row it reads, outside its limit.
        if (page === 1) expect(statements.some((text) => text.includes(') AS matches'))).toBe(true);
      }
    }
  });
});

describe('"is blank" on a joined record', () => {
  // Rows name an account that has a name, an empty name, no account row at all, or none.
  const SOURCE_JOINED: ListSource = {
    from: 'keyed_probe r LEFT JOIN keyed_account a ON a.aid = r.aid',
    select: 'r.id',
    columns: { id: 'r.id', account: 'a.name' },
    uniqueKey: ['r.id'],
    keyedFilters: {
      account: {
        ref: 'r.aid',
        groups: `SELECT a.aid AS k, a.name AS v FROM keyed_account a
          UNION ALL SELECT u.aid, NULL FROM keyed_unknown u`,
        keys: { table: 'keyed_probe', column: 'aid' },
      },
    },
  };
  const ACCOUNT: FilterColumn = { id: 'account', kind: 'text', sql: 'a.name' };

  beforeAll(async () => {
    await testDb.db.exec(`
      CREATE TABLE keyed_account (aid int PRIMARY KEY, name text);
      INSERT INTO keyed_account VALUES (1, 'Acme'), (2, ''), (3, NULL), (4, 'Globex');
      CREATE TABLE keyed_unknown (aid int PRIMARY KEY);
      INSERT INTO keyed_unknown VALUES (9);
      CREATE TABLE keyed_probe (id int PRIMARY KEY, aid int);
      CREATE INDEX keyed_probe_aid_idx ON keyed_probe (aid, id);
      INSERT INTO keyed_probe SELECT i, (ARRAY[1, 2, 3, 4, 9, NULL])[1 + i % 6] FROM generate_series(1, 60) i;`);
  });

  async function pageOf(value: string) {
    const compiled = compileFilters([{ id: 'account', value }], [ACCOUNT], {
      now: new Date(),
      timeZone: 'UTC',
      username: null,
    });
    const plain: ListStatement = {
      source: SOURCE_JOINED,
      scope: NO_SCOPE,
      sort: [{ id: 'id', desc: false }],
      filter: (first) => compiled.toSql(first),
      filteredColumns: ['account'],
    };
    const decided = await narrowFewValues(testDb.db, plain, compiled.filters);
    const sql = decided.filter(1).text;
    const rows = async (statement: ListStatement) =>
      (await queryListPage<{ id: number }>(testDb.db, statement, 1, 100))!.rows.map((r) => r.id);
    return { sql, decided: await rows(decided), plain: await rows(plain) };
  }

  it('is decided on the accounts, with the rows the join selects', async () => {
    const blank = await pageOf('!?');
    expect(blank.sql).toContain('r.aid IN (SELECT keyed.k');
    expect(blank.sql).toContain('r.aid IS NULL');
    // Empty name, no name, unknown account, no account: four rows in six.
    expect(blank.decided).toHaveLength(40);
    expect(blank.decided).toEqual(blank.plain);
    // Other filters keep the join.
    const named = await pageOf('?');
    expect(named.sql).not.toContain('keyed');
    expect(named.decided).toEqual(named.plain);
  });
});

describe("a joined record's filter in a bounded walk", () => {
  // 20 000 rows over 2 000 accounts: 'Rare' in the name of one account in ten, 'Common' in one
  // in two; n spreads the rows over the index a walk by n reads.
  const SOURCE_WALKED: ListSource = {
    from: 'walk_probe r LEFT JOIN walk_account a ON a.aid = r.aid',
    parts: { base: 'walk_probe r', joins: [leftJoin('walk_account', 'a', 'a.aid = r.aid')] },
    select: 'r.id',
    columns: { id: 'r.id', n: 'r.n', account: 'a.name' },
    uniqueKey: ['r.id'],
    keyedFilters: {
      account: {
        ref: 'r.aid',
        groups: 'SELECT known.aid AS k, known.name AS v FROM walk_account known',
        keys: { table: 'walk_probe', column: 'aid' },
      },
    },
  };
  const ACCOUNT: FilterColumn = { id: 'account', kind: 'text', sql: 'a.name' };

  beforeAll(async () => {
    await testDb.db.exec(`
      CREATE TABLE walk_account (aid int PRIMARY KEY, name text);
      INSERT INTO walk_account SELECT i, CASE WHEN i % 10 = 0 THEN 'Rare ' || i
        WHEN i % 2 = 0 THEN 'Common ' || i ELSE 'Other ' || i END FROM generate_series(1, 2000) i;
      CREATE TABLE walk_probe (id int PRIMARY KEY, aid int, n int);
      INSERT INTO walk_probe SELECT i, 1 + (i * 7) % 2000, (i * 7919) % 20000 FROM generate_series(1, 20000) i;
      CREATE INDEX walk_probe_n_idx ON walk_probe (n, id);
      CREATE INDEX walk_probe_aid_idx ON walk_probe (aid, id);
      -- Statistics of the names as a filter tests them, as the account name's trigram index gives.
      CREATE INDEX walk_account_lower_idx ON walk_account (lower(name));
      ANALYZE walk_account;
      ANALYZE walk_probe;`);
  });

  /** The page, the statement that walked for it, and the same page as one ORDER BY of the join. */
  async function walkedPage(value: string, page: number) {
    const compiled = compileFilters([{ id: 'account', value }], [ACCOUNT], {
      now: new Date(),
      timeZone: 'UTC',
      username: null,
    });
    const plain: ListStatement = {
      source: SOURCE_WALKED,
      scope: NO_SCOPE,
      sort: [{ id: 'n', desc: false }],
      filter: (first) => compiled.toSql(first),
      filteredColumns: ['account'],
      // Walked: not counted by a read of all the matches (filter-first.ts).
      countingReadUpTo: 0,
    };
    const decided = await narrowFewValues(testDb.db, plain, compiled.filters);
    const { client: noting, statements } = notingClient(testDb.db);
    const read = await queryListPage<{ id: number }>(noting, decided, page, 25);
    const pattern = compiled.toSql(1).params[0];
    const expected = await testDb.db.query<{ id: number }>(
      `SELECT r.id FROM walk_probe r LEFT JOIN walk_account a ON a.aid = r.aid
       WHERE a.name IS NOT NULL AND lower(a.name) LIKE $1 ORDER BY r.n, r.id LIMIT 25 OFFSET $2`,
      [pattern, (page - 1) * 25],
    );
    const walk = statements.find((text) => text.includes(') AS matches'));
    return { rows: read!.rows, expected: expected.rows, walk };
  }

  it('tests a rare value through the set of its keys, a common one through the join', async () => {
    const rare = await walkedPage('rare', 1);
    expect(rare.rows).toHaveLength(25);
    expect(rare.rows).toEqual(rare.expected);
    // The walk, expected to read some 250 rows, tests the 200 keys of the rare accounts.
    expect(rare.walk).toContain('r.aid IN (SELECT keyed.k');
    expect(rare.walk).not.toContain('LEFT JOIN walk_account');
    // Some 50 rows to walk, 1 000 keys to hash: each walked row's account is looked up.
    const common = await walkedPage('common', 1);
    expect(common.rows).toEqual(common.expected);
    expect(common.walk).toBeDefined();
    expect(common.walk).not.toContain('keyed');
    // Deeper pages, read either way, are the same slices.
    for (const page of [2, 7]) {
      const deeper = await walkedPage('rare', page);
      expect(deeper.rows).toEqual(deeper.expected);
    }
  });
});
