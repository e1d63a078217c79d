// The case folding table must match PostgreSQL's lower() (here PGlite, PostgreSQL 18 with a
// C.UTF-8 ctype) on every code point, or browser and server lists would disagree.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldCase, isFoldedCodePoint } from './casefold';

let db: PGlite;

beforeAll(async () => {
  db = new PGlite();
  await db.waitReady;
}, 60_000);

afterAll(async () => {
  await db.close();
});

describe('case folding', () => {
  it('folds exactly the code points lower() changes, to the same text', async () => {
    const { rows } = await db.query<{ cp: number; lowered: string }>(
      `SELECT g AS cp, lower(chr(g)) AS lowered FROM generate_series(1, 1114111) g
       WHERE (g < 55296 OR g > 57343) AND lower(chr(g)) <> chr(g)`,
    );
    const changedByPostgres = new Set<number>();
    for (const { cp, lowered } of rows) {
      changedByPostgres.add(cp);
      expect(foldCase(String.fromCodePoint(cp)), `U+${cp.toString(16)}`).toBe(lowered);
    }
    for (let cp = 1; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (isFoldedCodePoint(cp) !== changedByPostgres.has(cp))
        expect.fail(`U+${cp.toString(16)} folds differently`);
    }
  }, 60_000);

  it('folds whole strings like lower(), without final-sigma or locale rules', async () => {
    const samples = [
      'ΑΣ ΟΔΟΣ',
      'İSTANBUL',
      'Straẞe',
      'ǅemal',
      'ÀÉÎÕÜ',
      'Ⓐ circled',
      'ЖУК',
      '日本 😀 e\u0301',
    ];
    const { rows } = await db.query<{ lowered: string }>(
      `SELECT lower(s) AS lowered FROM unnest($1::text[]) WITH ORDINALITY AS u(s, n) ORDER BY n`,
      [samples],
    );
    expect(rows.map((r) => r.lowered)).toEqual(samples.map(foldCase));
  });
});
