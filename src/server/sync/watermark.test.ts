// The watermark rules without Salesforce: same-second records are neither missed nor read twice,
// and the lookahead reports the last page and never leaks a rejected fetch.
import { describe, expect, it } from 'vitest';
import { withLookahead } from './lookahead';
import { WatermarkTracker } from './watermark';

const T = Date.UTC(2024, 4, 1, 10, 0, 0);

describe('WatermarkTracker', () => {
  it('reads everything without a previous mark, and queries >= the mark with one', () => {
    expect(new WatermarkTracker(undefined).condition('SystemModstamp')).toBeUndefined();
    const tracker = new WatermarkTracker({ modifiedAtMs: T, idsAtMark: ['a'] });
    expect(tracker.condition('SystemModstamp')).toBe('SystemModstamp >= 2024-05-01T10:00:00.000Z');
  });

  it('skips only the ids stored at exactly the mark', () => {
    const tracker = new WatermarkTracker({ modifiedAtMs: T, idsAtMark: ['a', 'b'] });
    expect(tracker.isNew('a', T)).toBe(false);
    expect(tracker.isNew('c', T)).toBe(true);
    expect(tracker.isNew('a', T + 1000)).toBe(true);
  });

  it('moves to the newest time and keeps every id seen at it', () => {
    const tracker = new WatermarkTracker({ modifiedAtMs: T, idsAtMark: ['a'] });
    tracker.observe('a', T);
    expect(tracker.takeChange()).toBeUndefined();
    tracker.observe('c', T);
    expect(tracker.takeChange()).toEqual({ modifiedAtMs: T, idsAtMark: ['a', 'c'] });
    tracker.observe('d', T + 1000);
    tracker.observe('e', T + 500);
    tracker.observe('f', T + 1000);
    expect(tracker.takeChange()).toEqual({ modifiedAtMs: T + 1000, idsAtMark: ['d', 'f'] });
    expect(tracker.takeChange()).toBeUndefined();
  });
});

async function* pages(values: number[], failAt?: number) {
  for (const [i, value] of values.entries()) {
    await Promise.resolve();
    if (i === failAt) throw new Error(`page ${i} failed`);
    yield value;
  }
}

describe('withLookahead', () => {
  it('marks the last page', async () => {
    const seen: [number, boolean][] = [];
    for await (const page of withLookahead(pages([1, 2, 3]))) seen.push([page.value, page.last]);
    expect(seen).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
  });

  it('passes a failure on, and a caller that stops early leaks no rejection', async () => {
    const run = async () => {
      for await (const _page of withLookahead(pages([1, 2, 3], 2))) {
        /* consume */
      }
    };
    await expect(run()).rejects.toThrow('page 2 failed');
    for await (const page of withLookahead(pages([1, 2, 3], 2))) {
      expect(page.value).toBe(1);
      break;
    }
    // The in-flight fetch of page 2 rejects after the break; the test run would fail on an
    // unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
