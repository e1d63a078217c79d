// Record ids: the case-safe suffix, 15 ↔ 18 conversion, and id spaces that encode an index.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonical15, caseSafeSuffix, IdSpace, isIdLike, to18 } from './ids';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const id15 = fc.string({ unit: fc.constantFrom(...BASE62), minLength: 15, maxLength: 15 });

describe('ids', () => {
  it('computes Salesforce’s documented suffix', () => {
    expect(caseSafeSuffix('001D000000IqhSL')).toBe('IAZ');
    expect(to18('001D000000IqhSL')).toBe('001D000000IqhSLIAZ');
  });

  it('round-trips 15 → 18 → 15, and reads an 18-character id case-insensitively', () => {
    fc.assert(
      fc.property(id15, (id) => {
        const long = to18(id) ?? '';
        expect(long).toHaveLength(18);
        expect(canonical15(long)).toBe(id);
        expect(canonical15(long.toLowerCase())).toBe(id);
        expect(canonical15(long.toUpperCase())).toBe(id);
      }),
    );
  });

  it('rejects what is not an id', () => {
    for (const bad of ['', 'abc', '001D000000IqhSL!', '001D000000IqhSLIA', '001D000000IqhSLIA9']) {
      expect(isIdLike(bad) && canonical15(bad) !== undefined).toBe(false);
    }
  });

  it('encodes and decodes indexes in an id space', () => {
    const space = new IdSpace('a0L', 'Ka', 340_000);
    fc.assert(
      fc.property(fc.nat({ max: 5_000_000 }), (index) => {
        const id = space.id18(index);
        expect(id.startsWith('a0LKa0')).toBe(true);
        expect(space.indexOf(id)).toBe(index);
        expect(space.indexOf(id.slice(0, 15))).toBe(index);
      }),
    );
    expect(space.indexOf('001Ka000000ZZZZZZZ')).toBe(-1);
  });
});
