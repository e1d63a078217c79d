// Properties of the filter language that need no database: it fails only with its own error,
// printing and re-parsing keeps the tree, and compiled SQL holds no text from the input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printFilter, type FilterExpression } from './ast';
import { COLUMN_KINDS, type FilterContext } from './columns';
import { FilterSyntaxError } from './errors';
import { compileFilter } from './index';
import { parseFilter } from './parser';

fc.configureGlobal({
  seed: process.env.FC_SEED === 'random' ? Date.now() : Number(process.env.FC_SEED ?? 4242),
  numRuns: Number(process.env.FC_RUNS ?? 500),
});

const context: FilterContext = {
  now: new Date('2024-05-15T14:30:00Z'),
  timeZone: 'Europe/Berlin',
  username: 'ops@acme.com',
};

/** Characters that exercise every corner of the syntax, plus unicode and invalid UTF-16. */
const syntaxCharacter = fc.constantFrom(
  ...' \t\n,()!?<>=#$\'"&|._-:%\\aAzZ019TtNnFfYy',
  'TODAY',
  'LAST_3_DAYS',
  'THIS_WEEK',
  'ME',
  'NOW',
  '&&',
  '||',
  'é',
  'Σ',
  'İ',
  '😀',
  '日',
  '\u00a0',
  '\u0000',
  '\ud800',
  '\udc00',
);

const filterText = fc.oneof(
  fc.string({ unit: syntaxCharacter, maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
    maxLength: 20,
  }),
  fc.string({ maxLength: 40 }),
);

function outcome(run: () => unknown): 'ok' | 'syntax' {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (error instanceof FilterSyntaxError) {
      expect(error.position).toBeGreaterThanOrEqual(0);
      expect(error.end).toBeGreaterThanOrEqual(error.position);
      expect(error.message).toBe(`${error.reason} at ${error.position}`);
      return 'syntax';
    }
    throw error;
  }
}

describe('the parser on arbitrary input', () => {
  it('property: parsing, binding and compiling throw nothing but FilterSyntaxError', () => {
    fc.assert(
      fc.property(filterText, fc.constantFrom(...COLUMN_KINDS), (input, kind) => {
        outcome(() => parseFilter(input));
        outcome(() => {
          const filter = compileFilter(input, { id: 'c', kind, sql: 't.c' }, context);
          filter.toSql(1);
          filter.matches('x');
          filter.matches(null);
        });
      }),
    );
  });

  it('property: error positions lie inside the input', () => {
    fc.assert(
      fc.property(filterText, (input) => {
        try {
          parseFilter(input);
        } catch (error) {
          if (!(error instanceof FilterSyntaxError)) throw error;
          expect(error.position).toBeLessThanOrEqual(input.length);
          expect(error.end).toBeLessThanOrEqual(input.length);
        }
      }),
    );
  });
});

/** The tree without positions and quote styles (which carry no meaning once parsed). */
function shape(expression: FilterExpression): unknown {
  return JSON.parse(
    JSON.stringify(expression, (key, value: unknown) =>
      key === 'start' || key === 'end' || key === 'quote' ? undefined : value,
    ),
  );
}

describe('printing', () => {
  it('property: printFilter writes text that parses back to the same tree', () => {
    fc.assert(
      fc.property(filterText, (input) => {
        let tree: FilterExpression | null;
        try {
          tree = parseFilter(input);
        } catch {
          return;
        }
        if (tree === null) return;
        const reparsed = parseFilter(printFilter(tree));
        expect(reparsed && shape(reparsed)).toEqual(shape(tree));
      }),
    );
  });
});

/** The only words and symbols compiled SQL may contain besides the column expression and $n. */
const SQL_VOCABULARY =
  /^(?:\s+|\(|\)|AND|OR|NOT|TRUE|IS|NULL|LIKE|ESCAPE E'\\\\'|lower|coalesce|split_part|::text|::numeric|::timestamptz|::date|COLLATE "C"|''|'_', 1|<>|<=|>=|<|>|=|,|\$\d+)*$/;

describe('compiled SQL', () => {
  const quoted = fc
    .string({ unit: 'binary', minLength: 1, maxLength: 12 })
    .map((s) => `'${s.split("'").join("''")}'`);
  const word = fc.string({
    unit: fc.constantFrom(...'abcxyzQWE019éΣ😀;-*/'),
    minLength: 1,
    maxLength: 8,
  });
  const literal = fc.oneof(
    quoted,
    word,
    word.map((w) => `$${w}`),
    word.map((w) => `${w}$`),
    word.map((w) => `"${w}"`),
  );
  const leaf = fc.oneof(
    literal,
    fc
      .tuple(fc.constantFrom('<', '<=', '>', '>=', '#'), fc.oneof(quoted, word))
      .map(([op, v]) => `${op} ${v}`),
    fc.constantFrom('?', '!?', '#ME'),
  );
  const { expression } = fc.letrec<{ expression: string }>((tie) => ({
    expression: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc
        .tuple(tie('expression'), fc.constantFrom(' ', ', ', ' || ', ' && '), tie('expression'))
        .map(([a, op, b]) => `(${a}${op}${b})`),
      tie('expression').map((e) => `!${e}`),
    ),
  }));

  it('property: the SQL text is fixed vocabulary, the column and placeholders; user text is only in parameters', () => {
    fc.assert(
      fc.property(
        fc.oneof(expression, filterText),
        fc.constantFrom(...COLUMN_KINDS),
        (input, kind) => {
          let text: string;
          let params: string[];
          try {
            ({ text, params } = compileFilter(input, { id: 'c', kind, sql: 't.c' }, context).toSql(
              3,
            ));
          } catch (error) {
            if (error instanceof FilterSyntaxError) return;
            throw error;
          }
          expect(text.split('(t.c)').join('')).toMatch(SQL_VOCABULARY);
          const placeholders = [...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]));
          expect(placeholders).toEqual(params.map((_, i) => i + 3));
        },
      ),
    );
  });

  it('property: changing the values of a text filter changes only the parameters', () => {
    const text = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 10 })
      .filter((t) => !t.includes('\u0000'));
    const values = fc.array(text, { minLength: 1, maxLength: 4 });
    const operators = fc.array(fc.constantFrom(' || ', ' && ', ', '), {
      minLength: 3,
      maxLength: 3,
    });
    fc.assert(
      fc.property(values, values, operators, (first, second, ops) => {
        const build = (texts: string[]): string =>
          texts
            .map((t, i) => `${i > 0 ? (ops[i - 1] ?? ' ') : ''}'${t.split("'").join("''")}'`)
            .join('');
        const count = Math.min(first.length, second.length);
        const a = compileFilter(
          build(first.slice(0, count)),
          { id: 'c', kind: 'text', sql: 't.c' },
          context,
        ).toSql();
        const b = compileFilter(
          build(second.slice(0, count)),
          { id: 'c', kind: 'text', sql: 't.c' },
          context,
        ).toSql();
        expect(a.text).toBe(b.text);
        expect(a.params).toHaveLength(b.params.length);
      }),
    );
  });
});
