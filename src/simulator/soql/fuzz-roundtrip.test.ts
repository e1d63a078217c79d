// Fuzz: generated valid queries (random names, literals, casing, parentheses) parse, and
// parseSoql(formatSoql(parseSoql(text))) deep-equals parseSoql(text).
// The seed is fixed for CI; fast-check prints seed and path on failure, and FC_SEED=<seed>
// reproduces a run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATE_LITERAL_NAMES } from './date-literals';
import { formatSoql, parseSoql } from './index';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 4242) });

const KEYWORDS = new Set([
  ...'AND ASC DESC EXCLUDES FIRST FROM GROUP HAVING IN INCLUDES LAST LIKE LIMIT NOT NULL NULLS OR SELECT WHERE WITH TRUE FALSE TYPEOF ORDER BY OFFSET FOR UPDATE USING ALL'.split(
    ' ',
  ),
  ...DATE_LITERAL_NAMES,
]);
const identifier = fc
  .stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,12}$/)
  .filter((name) => !KEYWORDS.has(name.toUpperCase()));
const fieldPath = fc
  .array(identifier, { minLength: 1, maxLength: 3 })
  .map((path) => path.join('.'));

/** A keyword in random case. */
const keyword = (word: string) =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) =>
      [...word].map((char, i) => (upper[i] ? char.toUpperCase() : char.toLowerCase())).join(''),
    );

const ESCAPES = ["\\'", '\\"', '\\\\', '\\n', '\\t', '\\r', '\\b', '\\f', '\\%', '\\_'];
const stringLiteral = fc
  .array(
    fc.oneof(
      fc
        .string({ unit: 'binary', minLength: 1, maxLength: 1 })
        .filter((c) => c !== "'" && c !== '\\'),
      fc.constantFrom(...ESCAPES),
    ),
    { maxLength: 12 },
  )
  .map((parts) => `'${parts.join('')}'`);
const numberLiteral = fc.stringMatching(/^-?\d{1,9}(\.\d{1,4})?$/);
const day = fc
  .date({
    min: new Date('0001-01-01T00:00:00Z'),
    max: new Date('9999-12-30T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));
const datetimeLiteral = fc
  .tuple(
    day,
    fc.stringMatching(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?$/),
    fc.constantFrom('Z', 'z', '+00:00', '-08:00', '+0530', '-1200'),
  )
  .map(([date, time, zone]) => `${date}T${time}${zone}`);
const dateLiteral = fc.oneof(
  fc.constantFrom(
    ...DATE_LITERAL_NAMES.filter((name) => !name.includes('_N_') && !name.startsWith('N_')),
  ),
  fc
    .tuple(
      fc.constantFrom(
        ...DATE_LITERAL_NAMES.filter((name) => name.includes('_N_') || name.startsWith('N_')),
      ),
      fc.nat({ max: 5000 }),
    )
    .map(([name, n]) => `${name.toLowerCase()}:${n}`),
);
const nonNullLiteral = fc.oneof(
  stringLiteral,
  numberLiteral,
  day,
  datetimeLiteral,
  dateLiteral,
  keyword('true'),
  keyword('false'),
);
const literal = fc.oneof(nonNullLiteral, keyword('null'));

const comparison = fc.oneof(
  fc.tuple(fieldPath, fc.constantFrom('=', '!=', '<>'), literal).map((parts) => parts.join(' ')),
  fc
    .tuple(fieldPath, fc.constantFrom('<', '<=', '>', '>='), nonNullLiteral)
    .map((parts) => parts.join(' ')),
  fc.tuple(fieldPath, keyword('LIKE'), stringLiteral).map((parts) => parts.join(' ')),
  fc
    .tuple(
      fieldPath,
      fc.constantFrom('IN', 'not in', 'NOT IN'),
      fc.array(literal, { minLength: 1, maxLength: 4 }),
    )
    .map(([field, operator, values]) => `${field} ${operator} (${values.join(', ')})`),
);

const semiJoin = fc
  .tuple(fieldPath, fc.constantFrom('IN', 'NOT IN'), fieldPath, identifier, fc.option(comparison))
  .map(
    ([field, operator, selected, object, where]) =>
      `${field} ${operator} (SELECT ${selected} FROM ${object}${where === null ? '' : ` WHERE ${where}`})`,
  );

const { condition } = fc.letrec<{ condition: string; operand: string }>((tie) => ({
  condition: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    comparison,
    semiJoin,
    tie('operand').map((operand) => `NOT ${operand}`),
    fc
      .tuple(fc.constantFrom('AND', 'or'), fc.array(tie('operand'), { minLength: 2, maxLength: 4 }))
      .map(([joiner, operands]) => operands.join(` ${joiner} `)),
  ),
  // Anything but a bare AND/OR chain may stand as an operand; wrapping in parentheses always can.
  operand: fc.oneof(
    comparison,
    tie('condition').map((inner) => `(${inner})`),
    tie('condition').map((inner) => `((${inner}))`),
  ),
}));

const orderKey = fc
  .tuple(
    fieldPath,
    fc.constantFrom('', ' ASC', ' desc'),
    fc.constantFrom('', ' NULLS FIRST', ' nulls last'),
  )
  .map((parts) => parts.join(''));

const validQuery = fc
  .record({
    count: fc.boolean(),
    fields: fc.uniqueArray(fieldPath, {
      minLength: 1,
      maxLength: 5,
      selector: (f) => f.toLowerCase(),
    }),
    object: identifier,
    where: fc.option(condition),
    orderBy: fc.option(fc.array(orderKey, { minLength: 1, maxLength: 3 })),
    limit: fc.option(fc.nat({ max: 100_000 })),
    offset: fc.option(fc.nat({ max: 2000 })),
  })
  .map((q) => {
    let text = `${q.count ? 'select count()' : `SELECT ${q.fields.join(', ')}`} from ${q.object}`;
    if (q.where !== null) text += ` where ${q.where}`;
    if (q.orderBy !== null && !q.count) text += ` ORDER BY ${q.orderBy.join(', ')}`;
    if (q.limit !== null) text += ` limit ${q.limit}`;
    if (q.offset !== null) text += ` OFFSET ${q.offset}`;
    return text;
  });

describe('fuzz: valid queries round-trip through formatSoql', () => {
  it('parseSoql(formatSoql(parseSoql(text))) deep-equals parseSoql(text)', () => {
    fc.assert(
      fc.property(validQuery, (text) => {
        const query = parseSoql(text);
        const canonical = formatSoql(query);
        expect(parseSoql(canonical)).toEqual(query);
        expect(formatSoql(parseSoql(canonical))).toBe(canonical);
      }),
      { numRuns: 1500 },
    );
  });
});
