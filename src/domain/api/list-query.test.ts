import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromNearerEnd,
  MAX_LIST_DEPTH,
  PAGE_SIZES,
  pageWindow,
  TOO_DEEP_MESSAGE,
} from './list-query';

const pageSize = fc.constantFrom(...PAGE_SIZES);
const total = fc.oneof(
  fc.integer({ min: 0, max: 3 * MAX_LIST_DEPTH }),
  fc.integer({ min: 0, max: 2_000_000 }),
);

/** The rows [first, end) a window covers, counted from the start of a list of `total` rows. */
function rowsOf(window: NonNullable<ReturnType<typeof pageWindow>>, total: number) {
  return window.from === 'start'
    ? { first: window.offset, end: window.offset + window.limit }
    : { first: total - window.offset - window.limit, end: total - window.offset };
}

describe('pageWindow', () => {
  it('reads at most MAX_LIST_DEPTH rows from one end, and exactly the rows of the page', () => {
    fc.assert(
      fc.property(total, pageSize, fc.integer({ min: 1, max: 1_000_000 }), (n, size, page) => {
        const window = pageWindow(page, size, n);
        if (!window) return;
        expect(window.offset + window.limit).toBeLessThanOrEqual(MAX_LIST_DEPTH);
        if (window.limit === 0) {
          // An empty page past the end, never more than the cap beyond it.
          expect((page - 1) * size).toBeGreaterThanOrEqual(n);
          expect(page * size - n).toBeLessThanOrEqual(MAX_LIST_DEPTH);
          return;
        }
        const { first, end } = rowsOf(window, n);
        expect(first).toBe((page - 1) * size);
        if (window.from === 'end') expect(end).toBe(Math.min(page * size, n));
        else expect(end).toBe(page * size);
      }),
      { numRuns: 5000 },
    );
  });

  it('serves every page within the cap of either end, the first and the last always', () => {
    fc.assert(
      fc.property(total, pageSize, (n, size) => {
        const last = Math.max(1, Math.ceil(n / size));
        expect(pageWindow(1, size, n)).toBeDefined();
        expect(pageWindow(last, size, n)).toBeDefined();
        expect(pageWindow(last - 1 > 0 ? last - 1 : 1, size, n)).toBeDefined();
        // One page past the end (the pager after the list shrank) is an empty page.
        expect(pageWindow(last + 1, size, n)).toBeDefined();
      }),
    );
  });

  it('refuses exactly the pages whose far edge lies deeper than the cap from both ends', () => {
    fc.assert(
      fc.property(total, pageSize, fc.integer({ min: 1, max: 1_000_000 }), (n, size, page) => {
        // How far the far edge of the page lies from each end of the list.
        const fromStart = page * size;
        const start = (page - 1) * size;
        const fromEnd = start < n ? n - start : page * size - n;
        const refused = pageWindow(page, size, n) === undefined;
        expect(refused).toBe(fromStart > MAX_LIST_DEPTH && fromEnd > MAX_LIST_DEPTH);
      }),
      { numRuns: 5000 },
    );
  });

  it('serves the last page of a million-row list and refuses its middle', () => {
    expect(pageWindow(40_000, 25, 1_000_000)).toEqual({ from: 'end', offset: 0, limit: 25 });
    expect(pageWindow(39_999, 25, 1_000_000)).toEqual({ from: 'end', offset: 25, limit: 25 });
    expect(pageWindow(400, 25, 1_000_000)).toEqual({ from: 'start', offset: 9975, limit: 25 });
    expect(pageWindow(401, 25, 1_000_000)).toBeUndefined();
    expect(pageWindow(20_000, 25, 1_000_000)).toBeUndefined();
    expect(pageWindow(1_000_000, 25, 5000)).toBeUndefined();
    // 1 000 001 rows in pages of 15: the last page holds the one row left over.
    expect(pageWindow(66_667, 15, 1_000_001)).toEqual({ from: 'end', offset: 0, limit: 11 });
    expect(TOO_DEEP_MESSAGE).toBe(
      'page: pages are read at most 10,000 rows deep from either end of the list (page × pageSize); add a filter or sort the other way to reach these rows',
    );
  });
});

describe('fromNearerEnd', () => {
  it('covers the same rows of an exactly counted list, never deeper from its end', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 * MAX_LIST_DEPTH }),
        pageSize,
        fc.integer({ min: 1, max: 2_000 }),
        (n, size, page) => {
          const window = pageWindow(page, size, n);
          if (!window || window.limit === 0) return;
          const nearer = fromNearerEnd(window, n);
          const clip = ({ first, end }: { first: number; end: number }) => ({
            first,
            end: Math.min(end, n),
          });
          expect(clip(rowsOf(nearer, n))).toEqual(clip(rowsOf(window, n)));
          expect(nearer.offset).toBeLessThanOrEqual(window.offset);
          if (nearer !== window) expect(nearer.offset).toBeLessThan(window.offset);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('reads the second half of a counted list from its end', () => {
    expect(fromNearerEnd({ from: 'start', offset: 9825, limit: 25 }, 9833)).toEqual({
      from: 'end',
      offset: 0,
      limit: 8,
    });
    expect(fromNearerEnd({ from: 'start', offset: 7000, limit: 25 }, 10_000)).toEqual({
      from: 'end',
      offset: 2975,
      limit: 25,
    });
    const early = { from: 'start', offset: 975, limit: 25 } as const;
    expect(fromNearerEnd(early, 10_000)).toBe(early);
  });
});
