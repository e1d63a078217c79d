import { describe, expect, it } from 'vitest';
import { JOB_START, secondsAfterStart } from '../testing/adminJobFixtures';
import { describeInterval, jobDuration, resultOffset } from './jobTimes';

describe('jobDuration', () => {
  it('shows seconds up to and including 100 s, minutes above (docs/product.md "Constants and limits")', () => {
    expect(jobDuration({ startTime: JOB_START, modifiedDate: secondsAfterStart(100) })).toBe(
      '100 seconds',
    );
    expect(jobDuration({ startTime: JOB_START, modifiedDate: secondsAfterStart(101) })).toBe(
      '1.7 minutes',
    );
  });

  it('is empty for a job that has not started', () => {
    expect(jobDuration({ startTime: null, modifiedDate: secondsAfterStart(5) })).toBe('');
  });
});

describe('describeInterval', () => {
  it.each([
    [60 * 60_000, 'hour'],
    [5 * 60_000, '5 minutes'],
    [90 * 60_000, '90 minutes'],
    [2 * 86_400_000, '2 days'],
    [45_000, '45 seconds'],
    [1_000, 'second'],
  ])('%i ms reads "%s"', (ms, words) => {
    expect(describeInterval(ms)).toBe(words);
  });
});

describe('resultOffset', () => {
  it('counts mm:ss from the job start, past an hour in minutes', () => {
    expect(resultOffset(JOB_START, secondsAfterStart(65))).toBe('01:05');
    expect(resultOffset(JOB_START, secondsAfterStart(3 * 3600 + 7))).toBe('180:07');
  });

  it('never goes negative and is empty without a start', () => {
    expect(resultOffset(JOB_START, secondsAfterStart(-3))).toBe('00:00');
    expect(resultOffset(null, secondsAfterStart(10))).toBe('');
  });
});
