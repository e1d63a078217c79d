import { describe, expect, it } from 'vitest';
import { FilterSyntaxError } from './errors';
import { MAX_FILTER_LENGTH, tokenize, type Token } from './tokenizer';

/** A compact picture of the tokens: values as their text with anchors and quotes. */
function picture(tokens: Token[]): string[] {
  return tokens.map((t) => {
    switch (t.type) {
      case 'value': {
        const quote = t.quote === 'single' ? "'" : t.quote === 'double' ? '"' : '';
        return `${t.anchorStart ? '$' : ''}${quote}${t.text}${quote}${t.anchorEnd ? '$' : ''}`;
      }
      case 'macro':
        return `#${t.name}`;
      case 'compare':
        return t.comparator;
      default:
        return t.type;
    }
  });
}

describe('tokenize', () => {
  it.each<[string, string[]]>([
    ['acme', ['acme', 'eof']],
    ['  acme   corp ', ['acme', 'corp', 'eof']],
    ["'acme corp'", ["'acme corp'", 'eof']],
    ['"Acme Corp"', ['"Acme Corp"', 'eof']],
    ['$acme corp$ $x$', ['$acme', 'corp$', '$x$', 'eof']],
    ["$'a b' 'c d'$", ["$'a b'", "'c d'$", 'eof']],
    ['a,b||c&&d', ['a', 'comma', 'b', 'or', 'c', 'and', 'd', 'eof']],
    ['!(a)', ['not', 'lparen', 'a', 'rparen', 'eof']],
    ['? !?', ['has', 'not', 'has', 'eof']],
    ['<1 <=2 >3 >= 4', ['<', '1', '<=', '2', '>', '3', '>=', '4', 'eof']],
    ['#TODAY #last_3_days # 5 #5', ['#TODAY', '#last_3_days', 'eq', '5', 'eq', '5', 'eof']],
    ["AT&T C# O'Brien what? a|b x!y", ['AT&T', 'C#', "O'Brien", 'what?', 'a|b', 'x!y', 'eof']],
    ['\'it\'\'s\' "say ""hi"""', ["'it's'", '"say "hi""', 'eof']],
    ['', ['eof']],
    ['\t\n\u00a0\u3000', ['eof']],
  ])('%j', (input, expected) => {
    expect(picture(tokenize(input))).toEqual(expected);
  });

  it('keeps unicode text whole and reports UTF-16 offsets', () => {
    const tokens = tokenize('😀é ΣΑΣ 日本');
    expect(tokens.map((t) => (t.type === 'value' ? t.text : t.type))).toEqual([
      '😀é',
      'ΣΑΣ',
      '日本',
      'eof',
    ]);
    expect(tokens.map((t) => [t.start, t.end])).toEqual([
      [0, 3],
      [4, 7],
      [8, 10],
      [10, 10],
    ]);
  });

  it.each<[string, string, number]>([
    ["'abc", "Missing closing ' for the text that starts here", 0],
    ['a "b', 'Missing closing " for the text that starts here', 2],
    ['a $', 'Expected text after $', 2],
    ['$$', 'Expected text between the $ signs', 0],
    ['a\u0000b', 'Unsupported character', 1],
    ['x\ud800y', 'Unsupported character', 1],
    ['x\udc00', 'Unsupported character', 1],
  ])('refuses %j: %s at %d', (input, reason, position) => {
    const error = catchError(() => tokenize(input));
    expect(error).toBeInstanceOf(FilterSyntaxError);
    expect(error).toMatchObject({ reason, position, message: `${reason} at ${position}` });
  });

  it('refuses input longer than the limit', () => {
    expect(() => tokenize('a'.repeat(MAX_FILTER_LENGTH))).not.toThrow();
    expect(catchError(() => tokenize('a'.repeat(MAX_FILTER_LENGTH + 1)))).toMatchObject({
      position: MAX_FILTER_LENGTH,
    });
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
