// Array literals built for set-based writes read back as the very values they were built from,
// on PGlite and on PostgreSQL, whatever characters the text holds.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { arrayLiteral } from './bulk';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

const readBack = async (literal: string, type: string) =>
  (
    await testDb.db.query<{ v: unknown }>(`SELECT unnest($1::text::${type}[]) AS v`, [literal])
  ).rows.map((row) => row.v);

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
