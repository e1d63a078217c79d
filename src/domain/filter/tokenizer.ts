// Splits a filter expression into tokens. Operators are recognised only where a token starts,
// so "AT&T", "C#", "O'Brien" and "what?" are plain words; quotes open a string only at the start
// of a token, and a quote inside a string is written twice ('it''s').
import { FilterSyntaxError } from './errors';

/** Longest filter expression accepted; longer input is refused rather than parsed. */
export const MAX_FILTER_LENGTH = 2000;

/** How a value was written: a bare word, 'single-quoted' or "double-quoted". */
export type QuoteStyle = 'none' | 'single' | 'double';

/** Ordering comparators. */
export type OrderComparator = '<' | '<=' | '>' | '>=';

interface Span {
  readonly start: number;
  readonly end: number;
}

/** A value: its text without quotes and anchors, and whether $ anchored its start or end. */
export interface ValueToken extends Span {
  readonly type: 'value';
  readonly text: string;
  readonly quote: QuoteStyle;
  readonly anchorStart: boolean;
  readonly anchorEnd: boolean;
}

/** A macro like #TODAY; name is what follows '#'. */
export interface MacroToken extends Span {
  readonly type: 'macro';
  readonly name: string;
}

/** A comparison operator. */
export interface CompareToken extends Span {
  readonly type: 'compare';
  readonly comparator: OrderComparator;
}

/** Punctuation and operators without a payload. */
export interface SymbolToken extends Span {
  readonly type: 'lparen' | 'rparen' | 'comma' | 'and' | 'or' | 'not' | 'has' | 'eq' | 'eof';
}

/** A token of the filter language. */
export type Token = ValueToken | MacroToken | CompareToken | SymbolToken;

const WHITESPACE = /\s/u;
const MACRO_START = /[A-Za-z_]/;
const MACRO_CHAR = /[A-Za-z0-9_]/;

function isWhitespace(char: string): boolean {
  return WHITESPACE.test(char);
}

/** Refuses input a database cannot hold: NUL characters and unpaired UTF-16 surrogates. */
function checkCharacters(input: string): void {
  for (let i = 0; i < input.length; i++) {
    const unit = input.charCodeAt(i);
    if (unit === 0) throw new FilterSyntaxError('Unsupported character', i, i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = input.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else throw new FilterSyntaxError('Unsupported character', i, i + 1);
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      throw new FilterSyntaxError('Unsupported character', i, i + 1);
    }
  }
}

/** Turns a filter expression into tokens, ending with an 'eof' token. */
export function tokenize(input: string): Token[] {
  if (input.length > MAX_FILTER_LENGTH) {
    throw new FilterSyntaxError(
      `The filter is too long (at most ${MAX_FILTER_LENGTH} characters)`,
      MAX_FILTER_LENGTH,
      input.length,
    );
  }
  checkCharacters(input);
  const tokens: Token[] = [];
  let pos = 0;
  const symbol = (type: SymbolToken['type'], length: number): void => {
    tokens.push({ type, start: pos, end: pos + length });
    pos += length;
  };
  while (pos < input.length) {
    const char = input.charAt(pos);
    const next = input.charAt(pos + 1);
    if (isWhitespace(char)) pos++;
    else if (char === '(') symbol('lparen', 1);
    else if (char === ')') symbol('rparen', 1);
    else if (char === ',') symbol('comma', 1);
    else if (char === '&' && next === '&') symbol('and', 2);
    else if (char === '|' && next === '|') symbol('or', 2);
    else if (char === '!') symbol('not', 1);
    else if (char === '?') symbol('has', 1);
    else if (char === '<' || char === '>') {
      const comparator: OrderComparator = next === '=' ? `${char}=` : char;
      tokens.push({ type: 'compare', comparator, start: pos, end: pos + comparator.length });
      pos += comparator.length;
    } else if (char === '#') {
      if (MACRO_START.test(next)) {
        let end = pos + 1;
        while (end < input.length && MACRO_CHAR.test(input.charAt(end))) end++;
        tokens.push({ type: 'macro', name: input.slice(pos + 1, end), start: pos, end });
        pos = end;
      } else {
        symbol('eq', 1);
      }
    } else {
      const token = readValue(input, pos);
      tokens.push(token);
      pos = token.end;
    }
  }
  tokens.push({ type: 'eof', start: input.length, end: input.length });
  return tokens;
}

/** Whether a bare word ends here: whitespace, a comma, a parenthesis, && or ||. */
function endsWord(input: string, pos: number): boolean {
  const char = input.charAt(pos);
  if (char === '' || char === ',' || char === '(' || char === ')' || isWhitespace(char))
    return true;
  const pair = input.slice(pos, pos + 2);
  return pair === '&&' || pair === '||';
}

/** Reads a bare word or a quoted string, with optional $ anchors, starting at pos. */
function readValue(input: string, start: number): ValueToken {
  const anchorStart = input.charAt(start) === '$';
  const bodyStart = anchorStart ? start + 1 : start;
  const quoteChar = input.charAt(bodyStart);
  if (quoteChar === "'" || quoteChar === '"')
    return readQuoted(input, start, bodyStart, anchorStart);
  if (anchorStart && endsWord(input, bodyStart)) {
    throw new FilterSyntaxError('Expected text after $', start, start + 1);
  }
  let end = bodyStart;
  while (!endsWord(input, end)) end++;
  let text = input.slice(bodyStart, end);
  const anchorEnd = text.length > 0 && text.endsWith('$');
  if (anchorEnd) text = text.slice(0, -1);
  if (text === '') throw new FilterSyntaxError('Expected text between the $ signs', start, end);
  return { type: 'value', text, quote: 'none', anchorStart, anchorEnd, start, end };
}

function readQuoted(
  input: string,
  start: number,
  quoteAt: number,
  anchorStart: boolean,
): ValueToken {
  const quoteChar = input.charAt(quoteAt);
  let text = '';
  let pos = quoteAt + 1;
  for (;;) {
    const close = input.indexOf(quoteChar, pos);
    if (close === -1) {
      throw new FilterSyntaxError(
        `Missing closing ${quoteChar} for the text that starts here`,
        quoteAt,
        input.length,
      );
    }
    text += input.slice(pos, close);
    if (input.charAt(close + 1) === quoteChar) {
      text += quoteChar;
      pos = close + 2;
    } else {
      pos = close + 1;
      break;
    }
  }
  const anchorEnd = input.charAt(pos) === '$';
  const end = anchorEnd ? pos + 1 : pos;
  return {
    type: 'value',
    text,
    quote: quoteChar === "'" ? 'single' : 'double',
    anchorStart,
    anchorEnd,
    start,
    end,
  };
}
