// The browser and the server must list the same rows: for random rows and random filters, the
// JavaScript predicate and the compiled SQL (run on PGlite, i.e. PostgreSQL 18) select exactly
// the same rows.
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterSyntaxError } from './errors';
import { compileFilter } from './index';
import { comparator, nullable, quote, scenario, type Row } from './testing/filter-arbitraries';

fc.configureGlobal({
  seed: process.env.FC_SEED === 'random' ? Date.now() : Number(process.env.FC_SEED ?? 4242),
  numRuns: Number(process.env.FC_RUNS ?? 150),
});

let db: PGlite;

beforeAll(async () => {
  db = new PGlite();
  await db.exec(`
    CREATE TABLE t (
      id integer PRIMARY KEY,
      txt text, enm text, num_i integer, num_f double precision,
      ts timestamptz, dt date, flag boolean, ver text
    )`);
}, 60_000);

afterAll(async () => {
  await db.close();
});

async function insert(rows: readonly Row[]): Promise<void> {
  await db.exec('DELETE FROM t');
  if (rows.length === 0) return;
  const columns = ['txt', 'enm', 'num_i', 'num_f', 'ts', 'dt', 'flag', 'ver'] as const;
  const params: unknown[] = [];
  const tuples = rows.map((r, index) => {
    params.push(index);
    for (const c of columns) params.push(c === 'ts' ? (r.ts?.toISOString() ?? null) : r[c]);
    const base = index * (columns.length + 1);
    return `(${Array.from({ length: columns.length + 1 }, (_, i) => `$${base + i + 1}`).join(', ')})`;
  });
  await db.query(`INSERT INTO t (id, ${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
}

describe('JavaScript predicate and compiled SQL', () => {
  it('property: order text comparisons by code point, as the "C" collation does', async () => {
    // A small alphabet makes the tricky pairs (BMP above the surrogates vs astral) meet often.
    const tricky = fc.string({
      unit: fc.constantFrom('a', 'Z', 'é', '\ufffd', '\ue000', '😀', '𐐀', 'ａ'),
      maxLength: 4,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(nullable(tricky), { maxLength: 12 }),
        comparator,
        tricky,
        async (values, op, literal) => {
          await insert(
            values.map((txt) => ({
              txt,
              enm: null,
              num_i: null,
              num_f: null,
              ts: null,
              dt: null,
              flag: null,
              ver: null,
            })),
          );
          const compiled = compileFilter(
            `${op} ${quote(literal)}`,
            { id: 'txt', kind: 'text', sql: 't.txt' },
            { now: 0, timeZone: 'UTC' },
          );
          const { text: where, params } = compiled.toSql();
          const result = await db.query<{ id: number }>(
            `SELECT id FROM t WHERE ${where} ORDER BY id`,
            params,
          );
          expect(result.rows.map((r) => r.id)).toEqual(
            values.flatMap((v, i) => (compiled.matches(v) ? [i] : [])),
          );
        },
      ),
    );
  }, 60_000);

  it('property: select exactly the same rows', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ context: ctx, rows, filters }) => {
        await insert(rows);
        for (const { kind, column, input } of filters) {
          let compiled;
          try {
            compiled = compileFilter(input, { id: column, kind, sql: `t.${column}` }, ctx);
          } catch (error) {
            if (error instanceof FilterSyntaxError) continue;
            throw error;
          }
          const expected = rows.flatMap((r, index) => (compiled.matches(r[column]) ? [index] : []));
          const { text: where, params } = compiled.toSql(1);
          const result = await db.query<{ id: number }>(
            `SELECT id FROM t WHERE ${where} ORDER BY id`,
            params,
          );
          expect(
            result.rows.map((r) => r.id),
            `${kind} ${JSON.stringify(input)} → ${where} ${JSON.stringify(params)}`,
          ).toEqual(expected);
          compared++;
        }
      }),
    );
    // Most generated filters must be valid, or the property proves little.
    expect(compared).toBeGreaterThan(Number(process.env.FC_RUNS ?? 150));
  }, 120_000);
});
