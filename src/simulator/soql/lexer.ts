// Splits SOQL text into tokens. Keywords are not distinguished here (SOQL keywords are
// case-insensitive and several, like ORDER, are also valid object names): the parser decides
// from context. Anything the grammar has no use for becomes an 'unknown' token so the parser
// can report it as "unexpected token", the way Salesforce does.

import { soqlErrorAt, SoqlError } from './errors';
import { parseDateText, parseDateTimeText } from './temporal';

/** Salesforce rejects longer statements; the cap also bounds the work a request can cause. */
export const MAX_QUERY_LENGTH = 100_000;

export type Token =
  | {
      readonly kind: 'identifier' | 'number' | 'date' | 'punctuation' | 'unknown' | 'end';
      readonly text: string;
      readonly offset: number;
    }
  | {
      readonly kind: 'string';
      readonly text: string;
      readonly offset: number;
      readonly value: string;
    }
  | {
      readonly kind: 'datetime';
      readonly text: string;
      readonly offset: number;
      readonly epochMs: number;
    };

const WHITESPACE = /\s+/y;
const IDENTIFIER = /[A-Za-z][A-Za-z0-9_]*/y;
const NUMBER = /-?\d+(?:\.\d+)?/y;
const DATE_OR_DATETIME =
  /\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?/iy;
const PUNCTUATION = /!=|<>|<=|>=|[(),.:=<>]/y;

/** What each escape after a backslash decodes to. `\%` and `\_` keep their backslash: they
 *  only mean something to LIKE, which reads them from the decoded value. */
const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  r: '\r',
  t: '\t',
  b: '\b',
  f: '\f',
  '"': '"',
  "'": "'",
  '\\': '\\',
  '%': '\\%',
  _: '\\_',
};

function matchAt(pattern: RegExp, text: string, offset: number): string | undefined {
  pattern.lastIndex = offset;
  return pattern.exec(text)?.[0];
}

function readString(text: string, start: number): Token & { kind: 'string' } {
  let value = '';
  let i = start + 1;
  while (i < text.length) {
    const char = text[i];
    if (char === "'") {
      return { kind: 'string', text: text.slice(start, i + 1), offset: start, value };
    }
    if (char === '\\') {
      const next = text[i + 1];
      const decoded = next === undefined ? undefined : ESCAPES[next];
      if (decoded === undefined) {
        const sequence = `\\${next ?? ''}`;
        throw soqlErrorAt(
          'MALFORMED_QUERY',
          text,
          i,
          `Invalid string literal '${text.slice(start + 1, i + 2)}'. Illegal character sequence '${sequence}' in string literal.`,
        );
      }
      value += decoded;
      i += 2;
    } else {
      value += char;
      i++;
    }
  }
  throw soqlErrorAt(
    'MALFORMED_QUERY',
    text,
    start,
    "unterminated string literal: missing closing '",
  );
}

function readDateOrDateTime(text: string, offset: number, literal: string): Token {
  if (literal.length === 10) {
    if (parseDateText(literal) === null) {
      throw soqlErrorAt('MALFORMED_QUERY', text, offset, `invalid date: ${literal}`);
    }
    return { kind: 'date', text: literal, offset };
  }
  const normalized = literal.toUpperCase();
  const epochMs = parseDateTimeText(normalized, true);
  if (epochMs === null) {
    throw soqlErrorAt(
      'MALFORMED_QUERY',
      text,
      offset,
      `invalid dateTime: ${literal} (expected YYYY-MM-DDThh:mm:ss[.SSS] followed by Z or ±hh:mm)`,
    );
  }
  return { kind: 'datetime', text: normalized, offset, epochMs };
}

/** Tokens of `text`, ending with one 'end' token. Throws SoqlError (MALFORMED_QUERY). */
export function tokenize(text: string): Token[] {
  if (text.length > MAX_QUERY_LENGTH) {
    throw new SoqlError(
      'MALFORMED_QUERY',
      `SOQL statements cannot be longer than ${MAX_QUERY_LENGTH.toLocaleString('en-US')} characters.`,
    );
  }
  const tokens: Token[] = [];
  let offset = 0;
  while (offset < text.length) {
    const space = matchAt(WHITESPACE, text, offset);
    if (space !== undefined) {
      offset += space.length;
      continue;
    }
    const token = readToken(text, offset);
    tokens.push(token);
    offset += token.text.length;
  }
  tokens.push({ kind: 'end', text: '<EOF>', offset: text.length });
  return tokens;
}

function readToken(text: string, offset: number): Token {
  const char = text[offset] ?? '';
  if (char === "'") return readString(text, offset);
  const dateLike = matchAt(DATE_OR_DATETIME, text, offset);
  if (dateLike !== undefined) return readDateOrDateTime(text, offset, dateLike);
  for (const [kind, pattern] of [
    ['identifier', IDENTIFIER],
    ['number', NUMBER],
    ['punctuation', PUNCTUATION],
  ] as const) {
    const matched = matchAt(pattern, text, offset);
    if (matched !== undefined) return { kind, text: matched, offset };
  }
  // One whole code point, so an astral character is reported intact.
  const codePoint = String.fromCodePoint(text.codePointAt(offset) ?? 0xfffd);
  return { kind: 'unknown', text: codePoint, offset };
}
