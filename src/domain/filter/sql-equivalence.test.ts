// The browser and the server must list the same rows: for random rows and random filters, the
// JavaScript predicate and the compiled SQL (run on PGlite, i.e. PostgreSQL 18) select exactly
// the same rows.
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATUSES } from '../statuses';
import { addUnits, formatCalendarDate, startOfUnit } from '../time';
import { versionSortKey } from '../versions';
import type { ColumnKind, FilterContext } from './columns';
import { FilterSyntaxError } from './errors';
import { compileFilter } from './index';

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

// ---- random rows -------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/Berlin',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'America/Santiago',
];
/** "Now" candidates: an ordinary day, the two New York DST changes and a year's last millisecond. */
const NOWS = [
  '2024-05-15T14:30:00.000Z',
  '2024-03-10T07:00:00.000Z',
  '2024-11-03T05:30:00.000Z',
  '2024-12-31T23:59:59.999Z',
].map(Date.parse);
const UNITS = ['minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
const boundaryCache = new Map<string, number[]>();

/** Instants on the edges of every range a macro can produce in this context, so rows sit exactly on them. */
function boundariesOf(nowMs: number, zone: string, weekStartsOn: 0 | 1): number[] {
  const key = `${nowMs} ${zone} ${weekStartsOn}`;
  let boundaries = boundaryCache.get(key);
  if (!boundaries) {
    boundaries = [nowMs];
    for (const unit of UNITS) {
      const start = startOfUnit(nowMs, unit, zone, weekStartsOn);
      for (let n = -4; n <= 5; n++) boundaries.push(addUnits(start, n, unit, zone));
    }
    boundaryCache.set(key, boundaries);
  }
  return boundaries;
}

/**
 * Characters for text values: ASCII including LIKE wildcards and filter syntax; letters whose case
 * folding is special (É, ẞ, Σ/ς, İ/ı, titlecase ǅ, fullwidth Ａ, astral 𐐀, circled Ⓐ that lower()
 * leaves alone); a combining accent; CJK; U+FFFD, which sorts above the surrogates in UTF-16 but
 * below astral characters by code point; and an emoji.
 */
const TEXT_ALPHABET = [...'aAbBcCzZ09 ._-@%\\\'"$#!?,()&|éÉßẞΣσςİıiIЖжⒶⓐǅ\u0301日Ａａ\ufffd😀𐐀'];
/** Text with plenty of empty strings, which is where null-versus-empty rules differ. */
const text = fc.oneof(
  { arbitrary: fc.constant(''), weight: 1 },
  {
    arbitrary: fc.string({ unit: fc.constantFrom(...TEXT_ALPHABET), minLength: 1, maxLength: 8 }),
    weight: 5,
  },
);
const nullable = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
  fc.option(arbitrary, { nil: null, freq: 5 });

/** Sort keys from a few small segments (so equal numbers with and without build suffixes meet) or many. */
const version = fc
  .tuple(
    fc.oneof(
      fc.array(fc.nat({ max: 1 }), { minLength: 1, maxLength: 3 }),
      fc.array(fc.nat({ max: 12 }), { minLength: 1, maxLength: 4 }),
    ),
    fc.option(fc.constantFrom(1600000000000, 1700000000000), { nil: undefined }),
  )
  .map(([segments, created]) => versionSortKey(segments.join('.'), created));

interface Row {
  readonly txt: string | null;
  readonly enm: string | null;
  readonly num_i: number | null;
  readonly num_f: number | null;
  readonly ts: Date | null;
  readonly dt: string | null;
  readonly flag: boolean | null;
  readonly ver: string | null;
}

interface Scenario extends FilterContext {
  readonly now: Date;
  readonly weekStartsOn: 0 | 1;
}

/** Rows whose times and dates cluster around the context's "now" and the edges of its ranges. */
function rowFor(context: Scenario): fc.Arbitrary<Row> {
  const nowMs = context.now.getTime();
  const nowDay = Math.floor(nowMs / DAY_MS);
  const span = { min: nowMs - 400 * DAY_MS, max: nowMs + 400 * DAY_MS };
  return fc.record({
    txt: nullable(text),
    enm: nullable(fc.constantFrom(...JOB_STATUSES)),
    num_i: nullable(fc.integer({ min: -20, max: 20 })),
    num_f: nullable(
      fc.oneof(
        fc.constantFrom(0, 0.1, 0.3, 0.1 + 0.2, 2.5, -1.5, 1e-7, 1e15),
        fc.double({ min: -100, max: 100, noNaN: true }),
      ),
    ),
    ts: nullable(
      fc
        .oneof(
          {
            arbitrary: fc.constantFrom(
              ...boundariesOf(nowMs, context.timeZone, context.weekStartsOn),
            ),
            weight: 3,
          },
          { arbitrary: fc.integer(span), weight: 1 },
        )
        .map((ms) => new Date(ms)),
    ),
    dt: nullable(
      fc
        .oneof(
          fc.integer({ min: nowDay - 20, max: nowDay + 20 }),
          fc.integer({ min: nowDay - 800, max: nowDay + 800 }),
        )
        .map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10)),
    ),
    flag: nullable(fc.boolean()),
    ver: nullable(fc.oneof(version, fc.constant(''))),
  });
}

// ---- random filters ----------------------------------------------------------------------

const quote = (value: string): string => `'${value.split("'").join("''")}'`;
const comparator = fc.constantFrom('<', '<=', '>', '>=', '#');
const unit = fc.constantFrom('MINUTE', 'HOUR', 'DAY', 'DAYS', 'WEEK', 'MONTH', 'QUARTER', 'YEAR');
const timeMacro = fc.oneof(
  fc.constantFrom('#TODAY', '#NOW'),
  unit.map((u) => `#THIS_${u}`),
  fc
    .tuple(fc.constantFrom('LAST', 'NEXT'), fc.nat({ max: 4 }), unit)
    .map(([d, n, u]) => `#${d}_${n}_${u}`),
);
const dateLiteral = fc
  .tuple(
    fc.integer({ min: 2023, max: 2025 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
    fc.nat({ max: 2 }),
  )
  .map(([y, m, d, precision]) => formatCalendarDate(y, m, d).slice(0, [4, 7, 10][precision]));
const dateTimeLiteral = fc.oneof(
  dateLiteral,
  fc
    .constantFrom(...NOWS.flatMap((now) => boundariesOf(now, 'America/New_York', 0)))
    .map((ms) => new Date(ms).toISOString()),
  fc
    .tuple(
      dateLiteral.filter((d) => d.length === 10),
      fc.nat({ max: 23 }),
      fc.nat({ max: 59 }),
    )
    .map(([d, h, m]) => `${d}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
);
const versionLiteral = fc
  .oneof(
    fc.array(fc.nat({ max: 1 }), { minLength: 1, maxLength: 3 }),
    fc.array(fc.nat({ max: 12 }), { minLength: 1, maxLength: 3 }),
  )
  .map((s) => s.join('.'));

/** Values a person might type, by kind, in every written form. */
function leafFor(kind: ColumnKind): fc.Arbitrary<string> {
  const forms = (value: fc.Arbitrary<string>): fc.Arbitrary<string> =>
    fc.oneof(
      value,
      value.map(quote),
      value.map((v) => `$${quote(v)}`),
      value.map((v) => `${quote(v)}$`),
      value.map((v) => `"${v.split('"').join('""')}"`),
      fc.tuple(comparator, value).map(([op, v]) => `${op} ${quote(v)}`),
    );
  const presence = fc.constantFrom('?', '!?');
  switch (kind) {
    case 'text':
      return fc.oneof(forms(text), presence, fc.constantFrom('#ME', '!#ME', '> #ME'));
    case 'enum':
      return fc.oneof(
        forms(
          fc
            .constantFrom(...JOB_STATUSES)
            .chain((s) => fc.nat({ max: s.length - 1 }).map((i) => s.slice(i, i + 3))),
        ),
        presence,
      );
    case 'number':
      return fc.oneof(
        fc
          .tuple(
            comparator,
            fc.constantFrom(
              '0',
              '-1',
              '2',
              '2.5',
              '0.3',
              '0.30000000000000004',
              '1e15',
              '1e-7',
              '10',
              '-20',
            ),
          )
          .map(([op, v]) => `${op} ${v}`),
        fc.constantFrom('0', '1', '2.5', '-1.5'),
        presence,
      );
    case 'datetime':
      return fc.oneof(
        timeMacro,
        fc
          .tuple(comparator, fc.oneof(timeMacro, dateTimeLiteral.map(quote)))
          .map(([op, v]) => `${op} ${v}`),
        dateTimeLiteral.map(quote),
        presence,
      );
    case 'date':
      return fc.oneof(
        timeMacro,
        fc.tuple(comparator, fc.oneof(timeMacro, dateLiteral)).map(([op, v]) => `${op} ${v}`),
        dateLiteral,
        presence,
      );
    case 'boolean':
      return fc.oneof(
        fc.constantFrom('t', 'y', 'f', 'n', 'yes', 'No', 'TRUE', '# t', '# f'),
        presence,
      );
    case 'version':
      return fc.oneof(
        versionLiteral,
        versionLiteral.map((v) => `$${v}`),
        versionLiteral.map((v) => `${v}$`),
        versionLiteral.map((v) => `"${v}"`),
        fc.tuple(comparator, versionLiteral).map(([op, v]) => `${op} ${v}`),
        presence,
      );
  }
}

function expressionFor(kind: ColumnKind): fc.Arbitrary<string> {
  const { expression } = fc.letrec<{ expression: string }>((tie) => ({
    expression: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leafFor(kind),
      fc
        .tuple(tie('expression'), fc.constantFrom(' ', ', ', ' || ', ' && '), tie('expression'))
        .map(([a, op, b]) => `(${a}${op}${b})`),
      tie('expression').map((e) => `!${e}`),
    ),
  }));
  return expression;
}

const COLUMNS: Readonly<Record<ColumnKind, keyof Row>> = {
  text: 'txt',
  enum: 'enm',
  number: 'num_i',
  datetime: 'ts',
  date: 'dt',
  boolean: 'flag',
  version: 'ver',
};
const KINDS = Object.keys(COLUMNS) as ColumnKind[];

const filterCase = fc.oneof(
  ...KINDS.map((kind) =>
    expressionFor(kind).map((input) => ({ kind, column: COLUMNS[kind], input })),
  ),
  expressionFor('number').map((input) => ({
    kind: 'number' as const,
    column: 'num_f' as const,
    input,
  })),
);

const scenario = fc
  .record({
    now: fc.constantFrom(...NOWS).map((ms) => new Date(ms)),
    timeZone: fc.constantFrom(...ZONES),
    username: text,
    weekStartsOn: fc.constantFrom(0 as const, 1 as const),
  })
  .chain((context) =>
    fc.record({
      context: fc.constant(context),
      rows: fc.array(rowFor(context), { maxLength: 25 }),
      filters: fc.array(filterCase, { minLength: 1, maxLength: 8 }),
    }),
  );

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
