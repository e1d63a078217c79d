// Org ids from the old console: its 15- and 18-character forms of one org are one org after the
// import, and nothing it stored makes the import throw (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseSafeSuffix } from '../../domain/ids';
import { orgIdOf } from './steps-groups';

const ALNUM = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const body = fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 12, maxLength: 12 });

describe('orgIdOf', () => {
  it('reads the 15-character id, its 18-character form and the case-lost form as one org', () => {
    fc.assert(
      fc.property(body, (rest) => {
        const id15 = `00D${rest}`;
        const id18 = id15 + caseSafeSuffix(id15);
        const expected = { id: id18 };
        expect(orgIdOf(id15)).toEqual(expected);
        expect(orgIdOf(id18)).toEqual(expected);
        expect(orgIdOf(` ${id18} `)).toEqual(expected);
        expect(orgIdOf(id18.toLowerCase())).toEqual(expected);
      }),
    );
  });

  it('gives an 18-character org id or a reason for anything else, never throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constant(null), fc.integer()), (value) => {
        const result = orgIdOf(value);
        if ('id' in result) expect(result.id).toMatch(/^00D[0-9A-Za-z]{15}$/);
        else expect(result.skip).toMatch(/^(no org id|org id does not parse \(.+\))$/);
      }),
    );
  });
});
