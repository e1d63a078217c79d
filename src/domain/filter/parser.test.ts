import { describe, expect, it } from 'vitest';
import { printFilter } from './ast';
import { FilterSyntaxError } from './errors';
import { parseMacro } from './macros';
import { MAX_FILTER_DEPTH, parseFilter } from './parser';

const canonical = (input: string): string | null => {
  const tree = parseFilter(input);
  return tree === null ? null : printFilter(tree);
};

describe('parseFilter', () => {
  it.each<[string, string | null]>([
    // The forms of docs/product.md "Filter language", one by one.
    ['acme', "'acme'"],
    ["'acme corp'", "'acme corp'"],
    ['$acme', "$'acme'"],
    ['corp$', "'corp'$"],
    ['"Acme Corp"', '"Acme Corp"'],
    ['$acme$', '"acme"'],
    ['a, b', "('a' || 'b')"],
    ['a b', "('a' || 'b')"],
    ['a || b', "('a' || 'b')"],
    ['a && b', "('a' && 'b')"],
    ['!a', "!'a'"],
    ['?', '?'],
    ['!?', '!?'],
    ['< 5', "< '5'"],
    ['<=5', "<= '5'"],
    ['>5', "> '5'"],
    ['>= 5', ">= '5'"],
    ['#5', "# '5'"],
    ['# 5', "# '5'"],
    ['#ME', '# #ME'],
    ['#today', '# #TODAY'],
    ['#NOW', '# #NOW'],
    ['#THIS_WEEK', '# #THIS_WEEK'],
    ['#LAST_3_MONTHS', '# #LAST_3_MONTH'],
    ['#NEXT_2_DAYS', '# #NEXT_2_DAY'],
    ['#LAST_WEEK', '# #LAST_1_WEEK'],
    ['> #LAST_3_MONTHS', '> #LAST_3_MONTH'],
    // Precedence: && binds tighter than OR; ! binds tightest; parentheses group.
    ['a b && c', "('a' || ('b' && 'c'))"],
    ['a && b, c', "(('a' && 'b') || 'c')"],
    ['!a && b', "(!'a' && 'b')"],
    ['!(a || b) && c', "(!('a' || 'b') && 'c')"],
    ['((a))', "'a'"],
    ['(a b) && (c, d)', "(('a' || 'b') && ('c' || 'd'))"],
    ['>= 1 && < 10', "(>= '1' && < '10')"],
    ['!!a', "!!'a'"],
    // Empty input and stray commas.
    ['', null],
    ['   ', null],
    [',,', null],
    [', a ,, b ,', "('a' || 'b')"],
    ['(a,)', "'a'"],
    // Unicode stays intact.
    ['Société "ΣΑΣ" 😀', "('Société' || \"ΣΑΣ\" || '😀')"],
  ])('%j → %s', (input, expected) => {
    expect(canonical(input)).toBe(expected);
  });

  it('records where every node is', () => {
    expect(parseFilter('a && !b')).toEqual({
      type: 'and',
      start: 0,
      end: 7,
      operands: [
        {
          type: 'match',
          mode: 'contains',
          start: 0,
          end: 1,
          value: { type: 'value', text: 'a', quote: 'none', start: 0, end: 1 },
        },
        {
          type: 'not',
          start: 5,
          end: 7,
          operand: {
            type: 'match',
            mode: 'contains',
            start: 6,
            end: 7,
            value: { type: 'value', text: 'b', quote: 'none', start: 6, end: 7 },
          },
        },
      ],
    });
  });

  it.each<[string, string, number]>([
    ['(a', 'Missing ) to close this (', 0],
    ['a)', 'This ) has no matching (', 1],
    ['()', 'Expected a value inside ( )', 1],
    ['&& a', 'Expected a value before &&', 0],
    ['a &&', 'Expected a value after &&', 4],
    ['a && || b', 'Expected a value after &&', 5],
    ['a ||', 'Expected a value after ||', 4],
    ['|| a', 'Expected a value before ||', 0],
    ['!', 'Expected a value after !', 1],
    ['a !', 'Expected a value after !', 3],
    ['<', 'Expected a value after <', 1],
    ['> (a)', 'Expected a value after >', 2],
    ['#', 'Expected a value after #', 1],
    ['# ?', 'Expected a value after #', 2],
    ['> $a', 'A $ anchor cannot follow >', 2],
    ['#FOO', 'Unknown macro #FOO', 0],
    ['x #THIS_3_DAYS', 'Unknown macro #THIS_3_DAYS', 2],
    ['#LAST_DECADE', 'Unknown macro #LAST_DECADE', 0],
    ['> #LAST_5000_DAYS', 'The count in #LAST_5000_DAYS is too large (at most 1000)', 2],
  ])('refuses %j: %s at %d', (input, reason, position) => {
    let caught: unknown;
    try {
      parseFilter(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterSyntaxError);
    expect(caught).toMatchObject({ reason, position, message: `${reason} at ${position}` });
  });

  it('limits nesting instead of overflowing the stack', () => {
    expect(() =>
      parseFilter(`${'('.repeat(MAX_FILTER_DEPTH)}a${')'.repeat(MAX_FILTER_DEPTH)}`),
    ).not.toThrow();
    expect(() =>
      parseFilter(`${'('.repeat(MAX_FILTER_DEPTH + 1)}a${')'.repeat(MAX_FILTER_DEPTH + 1)}`),
    ).toThrow(FilterSyntaxError);
    expect(() => parseFilter('!'.repeat(1500) + 'a')).toThrow('nests too deeply');
  });
});

describe('parseMacro', () => {
  it.each([
    ['ME', { kind: 'me' }],
    ['today', { kind: 'today' }],
    ['THIS_QUARTER', { kind: 'period', direction: 'this', count: 1, unit: 'quarter' }],
    ['LAST_HOURS', { kind: 'period', direction: 'last', count: 1, unit: 'hour' }],
    ['NEXT_10_MINUTES', { kind: 'period', direction: 'next', count: 10, unit: 'minute' }],
    ['last_0_years', { kind: 'period', direction: 'last', count: 0, unit: 'year' }],
  ])('#%s', (name, macro) => {
    expect(parseMacro(name, 0, name.length + 1)).toEqual(macro);
  });
});
