// Random rows and random filters for the equivalence properties of sql-equivalence.test.ts:
// rows cluster on the edges of every range a filter can name, and filters come in every form a
// person might type, for every column kind.
import fc from 'fast-check';
import { JOB_STATUSES } from '../../statuses';
import { addUnits, formatCalendarDate, startOfUnit } from '../../time';
import { versionSortKey } from '../../versions';
import type { ColumnKind, FilterContext } from '../columns';

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
export const nullable = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
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

export interface Row {
  readonly txt: string | null;
  readonly enm: string | null;
  readonly num_i: number | null;
  readonly num_f: number | null;
  readonly ts: Date | null;
  readonly dt: string | null;
  readonly flag: boolean | null;
  readonly ver: string | null;
}

export interface Scenario extends FilterContext {
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

export const quote = (value: string): string => `'${value.split("'").join("''")}'`;
export const comparator = fc.constantFrom('<', '<=', '>', '>=', '#');
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

export const scenario = fc
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
