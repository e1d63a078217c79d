// Array literals built for set-based writes read back as the very values they were built from,
// on PGlite and on PostgreSQL, whatever characters the text holds; rows inserted as new fall back
// to an upsert when one exists after all.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { arrayLiteral, insertOrUpsert } from './bulk';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

const readBack = async (literal: string, type: string) =>
  (await testDb.db.query<{ v: unknown }>(`SELECT unnest($1::${type}[]) AS v`, [literal])).rows.map(
    (row) => row.v,
  );

describe('arrayLiteral', () => {
  it('keeps text exactly, quotes, backslashes, braces, NULL and blanks included', async () => {
    const values = [
      'plain',
      '"',
      '\\',
      '\\"',
      'a,b',
      '{x}',
      'NULL',
      'null',
      '',
      '  spaced  ',
      'é ü 💡',
      null,
    ];
    const literal = arrayLiteral(values, (v) => v);
    expect(await readBack(literal, 'text')).toEqual(values);
  });

  it('writes booleans, numbers and missing values', async () => {
    expect(
      await readBack(
        arrayLiteral([true, false, null], (v) => v),
        'boolean',
      ),
    ).toEqual([true, false, null]);
    expect(
      await readBack(
        arrayLiteral([3, -7, undefined], (v) => v),
        'integer',
      ),
    ).toEqual([3, -7, null]);
  });

  it('reads back any text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.string({ unit: 'grapheme' }).filter((s) => !s.includes('\0')))),
        async (values) => {
          expect(
            await readBack(
              arrayLiteral(values, (v) => v),
              'text',
            ),
          ).toEqual(values);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('insertOrUpsert', () => {
  const write = (keys: number[], value: string) =>
    testDb.db.transaction((tx) =>
      insertOrUpsert(
        tx,
        () =>
          tx.query('INSERT INTO fresh_rows_t SELECT k, $2 FROM unnest($1::int[]) AS k', [
            keys,
            value,
          ]),
        () =>
          tx.query(
            `INSERT INTO fresh_rows_t SELECT k, $2 FROM unnest($1::int[]) AS k
             ON CONFLICT (k) DO UPDATE SET v = EXCLUDED.v`,
            [keys, value],
          ),
      ),
    );
  const rows = async () =>
    (await testDb.db.query<{ k: number; v: string }>('SELECT k, v FROM fresh_rows_t ORDER BY k'))
      .rows;

  it('inserts new rows, and upserts the page when one of them exists already', async () => {
    await testDb.db.exec('CREATE TABLE fresh_rows_t (k int PRIMARY KEY, v text)');
    await write([1, 2], 'first');
    expect(await rows()).toEqual([
      { k: 1, v: 'first' },
      { k: 2, v: 'first' },
    ]);
    await write([2, 3], 'second');
    expect(await rows()).toEqual([
      { k: 1, v: 'first' },
      { k: 2, v: 'second' },
      { k: 3, v: 'second' },
    ]);
  });

  it('lets any other error through', async () => {
    await expect(
      testDb.db.transaction((tx) =>
        insertOrUpsert(
          tx,
          () => tx.query('SELECT 1 / 0'),
          () => tx.query('SELECT 1'),
        ),
      ),
    ).rejects.toThrow(/division by zero/);
  });
});
