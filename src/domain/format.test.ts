import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInZone } from './time';
import {
  DATE_TIME_FORMAT,
  countNoun,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDuration,
  formatPercent,
  numberWord,
  pluralSuffix,
  pluralize,
  secondsBetween,
  toEpochMs,
} from './format';

describe('numberWord', () => {
  it.each([
    [0, 'zero'],
    [1, 'one'],
    [2, 'two'],
    [7, 'seven'],
    [10, 'ten'],
    [11, '10+'],
    [19, '10+'],
    [57, '50+'],
    [99, '90+'],
    [100, '100+'],
    [150, '100+'],
    [999, '900+'],
    [1000, '1000+'],
    [2345, '2000+'],
    [1e6, '1000000+'],
  ])('%d → %s', (n, word) => {
    expect(numberWord(n)).toBe(word);
  });

  it('counts arrays, sets and maps, including empty ones', () => {
    expect(numberWord([])).toBe('zero');
    expect(numberWord(['a', 'b', 'c'])).toBe('three');
    expect(numberWord(new Set([1, 2]))).toBe('two');
    expect(numberWord(new Map())).toBe('zero');
  });

  it('shows numbers that are not counts as digits', () => {
    expect(numberWord(-3)).toBe('-3');
    expect(numberWord(2.5)).toBe('2.5');
  });
});

describe('plurals', () => {
  it.each([
    [0, 's'],
    [1, ''],
    [2, 's'],
    [100, 's'],
  ])('suffix for %d is %j', (n, suffix) => {
    expect(pluralSuffix(n)).toBe(suffix);
  });

  it('pluralises nouns and counts', () => {
    expect(pluralize(1, 'org')).toBe('org');
    expect(pluralize(0, 'org')).toBe('orgs');
    expect(pluralize([1, 2], 'child', 'children')).toBe('children');
    expect(countNoun(1, 'failure')).toBe('1 failure');
    expect(countNoun(2, 'failure')).toBe('2 failures');
    expect(pluralSuffix(new Set(), 'es')).toBe('es');
  });
});

describe('formatPercent', () => {
  it('shows one decimal at most and no trailing .0', () => {
    expect(formatPercent(7 / 1.2)).toBe('5.8 %');
    expect(formatPercent(2)).toBe('2 %');
    expect(formatPercent(1.96)).toBe('2 %');
    expect(formatPercent(0.04)).toBe('0 %');
    expect(formatPercent(100)).toBe('100 %');
  });
});

describe('formatDuration', () => {
  it.each<[number | null | undefined, string]>([
    [0, '0 seconds'],
    [1, '1 second'],
    [59, '59 seconds'],
    [99.6, '100 seconds'],
    [100, '100 seconds'],
    [100.4, '100 seconds'],
    [101, '1.7 minutes'],
    [120, '2 minutes'],
    [150, '2.5 minutes'],
    [3600, '60 minutes'],
    [-5, '0 seconds'],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
  ])('%s s → %j', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('measures the time between two instants', () => {
    expect(secondsBetween('2024-01-01T00:00:00Z', '2024-01-01T00:01:40Z')).toBe(100);
    expect(secondsBetween(null, new Date())).toBeNull();
  });
});

describe('dates', () => {
  const instant = '2024-05-01T19:05:00Z';

  it.each([
    ['UTC', '2024-05-01 07:05 pm'],
    ['America/Los_Angeles', '2024-05-01 12:05 pm'],
    ['Europe/Berlin', '2024-05-01 09:05 pm'],
    ['Asia/Kathmandu', '2024-05-02 12:50 am'],
  ])('formats in %s as %s', (zone, text) => {
    expect(formatDateTime(instant, zone)).toBe(text);
  });

  it('formats dates and accepts Date and epoch input', () => {
    expect(formatDate(new Date(instant), 'Asia/Tokyo')).toBe('2024-05-02');
    expect(formatDateTime(Date.parse(instant), 'UTC')).toBe('2024-05-01 07:05 pm');
  });

  it('shows nothing for missing or invalid dates', () => {
    expect(formatDateTime(null, 'UTC')).toBe('');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
    expect(toEpochMs(undefined)).toBeNull();
  });
});

describe('formatCurrency', () => {
  it.each<[number | null, string]>([
    [0, '$0.00'],
    [1234.5, '$1,234.50'],
    [-20, '-$20.00'],
    [null, ''],
  ])('%s → %s', (amount, text) => {
    expect(formatCurrency(amount)).toBe(text);
  });
});

describe('formatDateTime fast path', () => {
  it('writes exactly what the dayjs pattern writes, in any zone', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/Los_Angeles',
      'Asia/Kolkata',
      'Pacific/Chatham',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1000, 0, 2), max: Date.UTC(9999, 11, 30) }),
        fc.constantFrom(...zones),
        (ms, zone) => formatDateTime(ms, zone) === formatInZone(ms, zone, DATE_TIME_FORMAT),
      ),
      { numRuns: 2000 },
    );
  });
});
