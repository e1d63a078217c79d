// SOQL LIKE: `%` matches any run of characters, `_` exactly one, `\%` and `\_` the literal
// characters; matching is case-insensitive. A small wildcard matcher instead of a RegExp
// keeps the worst case at O(pattern × value): a pattern like '%a%a%a%b' compiled to a
// backtracking regex can take exponential time on a long value.

type PatternPart = { readonly kind: 'any' } | { readonly kind: 'one' } | string;

const ANY = { kind: 'any' } as const;
const ONE = { kind: 'one' } as const;

function compilePattern(pattern: string): PatternPart[] {
  const parts: PatternPart[] = [];
  const lower = pattern.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const char = lower[i] as string;
    const next = lower[i + 1];
    if (char === '\\' && (next === '%' || next === '_')) {
      parts.push(next);
      i++;
    } else if (char === '%') {
      // Consecutive `%` mean the same as one.
      if (parts[parts.length - 1] !== ANY) parts.push(ANY);
    } else if (char === '_') {
      parts.push(ONE);
    } else {
      parts.push(char);
    }
  }
  return parts;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Length in UTF-16 units of the character at `index`, so `_` consumes a whole code point. */
function charLength(value: string, index: number): number {
  const next = value.charCodeAt(index + 1);
  return isHighSurrogate(value.charCodeAt(index)) && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
}

function matches(parts: readonly PatternPart[], value: string): boolean {
  let part = 0;
  let position = 0;
  // Where the last `%` was and where its current attempt started, to retry one step later.
  let starPart = -1;
  let starPosition = 0;
  while (position < value.length) {
    const current = parts[part];
    if (current === ONE) {
      part++;
      position += charLength(value, position);
    } else if (typeof current === 'string' && value[position] === current) {
      part++;
      position++;
    } else if (current === ANY) {
      starPart = part++;
      starPosition = position;
    } else if (starPart !== -1) {
      part = starPart + 1;
      starPosition += charLength(value, starPosition);
      position = starPosition;
    } else {
      return false;
    }
  }
  while (parts[part] === ANY) part++;
  return part === parts.length;
}

/** A case-insensitive matcher for a LIKE pattern as decoded by the lexer (`\%` kept). */
export function compileLike(pattern: string): (value: string) => boolean {
  const parts = compilePattern(pattern);
  return (value) => matches(parts, value.toLowerCase());
}
