import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walkLimit } from './walk-limit';

describe('walkLimit', () => {
  it('grows with the depth between 2 000 and 20 000 rows while the matches are few', () => {
    expect(walkLimit(25, 7_000)).toBe(2_000);
    expect(walkLimit(500, 7_000)).toBe(10_000);
    expect(walkLimit(1_000, 7_000)).toBe(20_000);
    expect(walkLimit(4_000, 7_000)).toBe(20_000);
  });

  it('reads up to a quarter of many matches, at most 100 000 rows', () => {
    // The licenses by version with "modified <= a date": 26 000 rows before the first match.
    expect(walkLimit(1_000, 550_000)).toBe(100_000);
    expect(walkLimit(25, 200_000)).toBe(50_000);
    // The audit log by outcome, "details contain eth": 11 700 rows before the first match.
    expect(walkLimit(25, 55_000)).toBe(13_750);
    expect(walkLimit(25, 5_000_000)).toBe(100_000);
  });

  it('reaches twice the rows an even spread of the matches puts before the page, up to the matches', () => {
    // Licenses by license org with "status starts with Sus": 36 800 matches, 27 000 rows to page 40.
    expect(walkLimit(1_000, 36_800, 27_000)).toBe(36_800);
    expect(walkLimit(1_000, 100_000, 27_000)).toBe(54_000);
    // A quarter of the matches is more than an even spread needs here.
    expect(walkLimit(25, 100_000, 600)).toBe(25_000);
  });

  it('never shrinks as the page deepens or the matches grow', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (depth, deeper, matches, more) => {
          const limit = walkLimit(depth, matches);
          expect(walkLimit(depth + deeper, matches)).toBeGreaterThanOrEqual(limit);
          expect(walkLimit(depth, matches + more)).toBeGreaterThanOrEqual(limit);
          expect(limit).toBeGreaterThanOrEqual(2_000);
          expect(limit).toBeLessThanOrEqual(100_000);
        },
      ),
    );
  });
});
