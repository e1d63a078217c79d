// Case-insensitive text matching that the browser and the database agree on. The SQL side uses
// lower() (index-friendly, no collation tricks); PostgreSQL's lower() applies the C library's
// one-to-one lowercase mapping per code point, which differs from JavaScript's toLowerCase():
// JavaScript maps 'İ' to two code points, lowercases a final 'Σ' to 'ς', and knows case pairs
// newer than the C library's tables (circled letters, Unicode 14+ letters). So JavaScript folds
// exactly the code points listed here — the ones PostgreSQL's lower() changes — one at a time.
// The list is checked against every code point of PGlite's lower() in casefold.test.ts; a
// PostgreSQL server whose C library knows more pairs (glibc lowercases circled letters) differs
// only on those rare characters.

/** Uppercase code points lower() changes, as [first, last, step] triples. */
// prettier-ignore
const FOLDED_RANGES = [
  0x0041, 0x005a, 1, 0x00c0, 0x00d6, 1, 0x00d8, 0x00de, 1, 0x0100, 0x0136, 2, 0x0139, 0x0147, 2,
  0x014a, 0x0178, 2, 0x0179, 0x017d, 2, 0x0181, 0x0182, 1, 0x0184, 0x0186, 2, 0x0187, 0x0189, 2,
  0x018a, 0x018b, 1, 0x018e, 0x0191, 1, 0x0193, 0x0194, 1, 0x0196, 0x0198, 1, 0x019c, 0x019d, 1,
  0x019f, 0x01a0, 1, 0x01a2, 0x01a6, 2, 0x01a7, 0x01a9, 2, 0x01ac, 0x01ae, 2, 0x01af, 0x01b1, 2,
  0x01b2, 0x01b3, 1, 0x01b5, 0x01b7, 2, 0x01b8, 0x01b8, 1, 0x01bc, 0x01bc, 1, 0x01c4, 0x01c5, 1,
  0x01c7, 0x01c8, 1, 0x01ca, 0x01cb, 1, 0x01cd, 0x01db, 2, 0x01de, 0x01ee, 2, 0x01f1, 0x01f2, 1,
  0x01f4, 0x01f6, 2, 0x01f7, 0x01f8, 1, 0x01fa, 0x0232, 2, 0x023a, 0x023b, 1, 0x023d, 0x023e, 1,
  0x0241, 0x0243, 2, 0x0244, 0x0246, 1, 0x0248, 0x024e, 2, 0x0370, 0x0372, 2, 0x0376, 0x0376, 1,
  0x037f, 0x037f, 1, 0x0386, 0x0388, 2, 0x0389, 0x038a, 1, 0x038c, 0x038e, 2, 0x038f, 0x0391, 2,
  0x0392, 0x03a1, 1, 0x03a3, 0x03ab, 1, 0x03cf, 0x03cf, 1, 0x03d8, 0x03ee, 2, 0x03f4, 0x03f4, 1,
  0x03f7, 0x03f9, 2, 0x03fa, 0x03fa, 1, 0x03fd, 0x042f, 1, 0x0460, 0x0480, 2, 0x048a, 0x04c0, 2,
  0x04c1, 0x04cd, 2, 0x04d0, 0x052e, 2, 0x0531, 0x0556, 1, 0x10a0, 0x10c5, 1, 0x10c7, 0x10c7, 1,
  0x10cd, 0x10cd, 1, 0x13a0, 0x13f5, 1, 0x1c90, 0x1cba, 1, 0x1cbd, 0x1cbf, 1, 0x1e00, 0x1e94, 2,
  0x1e9e, 0x1efe, 2, 0x1f08, 0x1f0f, 1, 0x1f18, 0x1f1d, 1, 0x1f28, 0x1f2f, 1, 0x1f38, 0x1f3f, 1,
  0x1f48, 0x1f4d, 1, 0x1f59, 0x1f5f, 2, 0x1f68, 0x1f6f, 1, 0x1f88, 0x1f8f, 1, 0x1f98, 0x1f9f, 1,
  0x1fa8, 0x1faf, 1, 0x1fb8, 0x1fbc, 1, 0x1fc8, 0x1fcc, 1, 0x1fd8, 0x1fdb, 1, 0x1fe8, 0x1fec, 1,
  0x1ff8, 0x1ffc, 1, 0x2126, 0x2126, 1, 0x212a, 0x212b, 1, 0x2132, 0x2132, 1, 0x2160, 0x216f, 1,
  0x2183, 0x2183, 1, 0x2c00, 0x2c2e, 1, 0x2c60, 0x2c62, 2, 0x2c63, 0x2c64, 1, 0x2c67, 0x2c6d, 2,
  0x2c6e, 0x2c70, 1, 0x2c72, 0x2c72, 1, 0x2c75, 0x2c75, 1, 0x2c7e, 0x2c80, 1, 0x2c82, 0x2ce2, 2,
  0x2ceb, 0x2ced, 2, 0x2cf2, 0x2cf2, 1, 0xa640, 0xa66c, 2, 0xa680, 0xa69a, 2, 0xa722, 0xa72e, 2,
  0xa732, 0xa76e, 2, 0xa779, 0xa77d, 2, 0xa77e, 0xa786, 2, 0xa78b, 0xa78d, 2, 0xa790, 0xa792, 2,
  0xa796, 0xa7aa, 2, 0xa7ab, 0xa7ae, 1, 0xa7b0, 0xa7b4, 1, 0xa7b6, 0xa7be, 2, 0xa7c2, 0xa7c4, 2,
  0xa7c5, 0xa7c6, 1, 0xff21, 0xff3a, 1, 0x10400, 0x10427, 1, 0x104b0, 0x104d3, 1,
  0x10c80, 0x10cb2, 1, 0x118a0, 0x118bf, 1, 0x16e40, 0x16e5f, 1, 0x1e900, 0x1e921, 1,
];

const DOTTED_CAPITAL_I = 0x130;
// eslint-disable-next-line no-control-regex -- the ASCII range includes control characters
const ASCII_ONLY = /^[\u0000-\u007f]*$/;

/** Whether lower() changes this code point. */
export function isFoldedCodePoint(codePoint: number): boolean {
  if (codePoint === DOTTED_CAPITAL_I) return true;
  let lo = 0;
  let hi = FOLDED_RANGES.length / 3 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const first = FOLDED_RANGES[mid * 3] ?? 0;
    const last = FOLDED_RANGES[mid * 3 + 1] ?? 0;
    if (codePoint < first) hi = mid - 1;
    else if (codePoint > last) lo = mid + 1;
    else return (codePoint - first) % (FOLDED_RANGES[mid * 3 + 2] ?? 1) === 0;
  }
  return false;
}

const foldedCache = new Map<number, string>();

function foldCodePoint(codePoint: number): string {
  const char = String.fromCodePoint(codePoint);
  if (!isFoldedCodePoint(codePoint)) return char;
  let folded = foldedCache.get(codePoint);
  if (folded === undefined) {
    // lower('İ') is 'i'; every other listed code point lowercases to a single code point.
    folded = codePoint === DOTTED_CAPITAL_I ? 'i' : char.toLowerCase();
    foldedCache.set(codePoint, folded);
  }
  return folded;
}

/** Lowercases text exactly as PostgreSQL's lower() does under a UTF-8 C-library locale. */
export function foldCase(text: string): string {
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  let folded = '';
  for (const char of text) folded += foldCodePoint(char.codePointAt(0) ?? 0);
  return folded;
}
