// What filters on dates and date-times mean: macros in the caller's zone and "now", date
// literals at their precision, and comparisons with periods as a whole.
import { describe, expect, it } from 'vitest';
import { compileFilter } from './index';
import { select, syntaxError, testContext as context } from './testing/filter-test-helpers';

describe('date-time columns (New York, now 2024-05-15 10:30)', () => {
  const a = '2024-05-15T04:00:00.000Z'; // today 00:00
  const b = '2024-05-15T03:59:59.999Z'; // yesterday 23:59:59.999
  const c = '2024-05-15T14:30:00.000Z'; // now
  const d = '2024-05-16T03:59:59.999Z'; // today 23:59:59.999
  const e = '2024-05-16T04:00:00.000Z'; // tomorrow 00:00
  const f = '2024-05-01T12:00:00.000Z';
  const g = '2024-02-10T12:00:00.000Z';
  const h = '2023-12-31T12:00:00.000Z';
  const i = '2024-05-20T12:00:00.000Z';
  const values = [a, b, c, d, e, f, g, h, i, null];

  it.each<[string, (string | null)[]]>([
    ['#TODAY', [a, c, d]],
    ['> #TODAY', [e, i]],
    ['>= #TODAY', [a, c, d, e, i]],
    ['< #TODAY', [b, f, g, h]],
    ['<= #TODAY', [a, b, c, d, f, g, h]],
    ['#NOW', [c]],
    ['> #NOW', [d, e, i]],
    ['#THIS_MONTH', [a, b, c, d, e, f, i]],
    ['#THIS_WEEK', [a, b, c, d, e]],
    ['#THIS_YEAR', [a, b, c, d, e, f, g, i]],
    ['#LAST_3_DAYS', [a, b]],
    ['#NEXT_2_DAYS', [c, d, e]],
    ['#LAST_6_MONTHS', [a, b, f, g, h]],
    ['< #LAST_3_MONTHS', [h]],
    ['2024-05-01', [f]],
    ['2024-05', [a, b, c, d, e, f, i]],
    ['2023', [h]],
    ["'2024-05-15 10:30'", [c]],
    ['2024-05-15T10:30', [c]],
    ['2024-05-15T14:30:00Z', [c]],
    ['2024-05-15T10:30:00-04:00', [c]],
    ['> 2024-05-15', [e, i]],
    ['?', values.filter((v) => v !== null)],
    ['!?', [null]],
  ])('%j', (input, expected) => {
    expect(select('datetime', input, values)).toEqual(expected);
  });

  it('accepts Date objects and epoch milliseconds', () => {
    expect(
      select('datetime', '#TODAY', [new Date(c), Date.parse(c), Date.parse(b), 'garbage']),
    ).toEqual([new Date(c), Date.parse(c)]);
  });

  it('starts weeks on the day the context says', () => {
    const monday = compileFilter(
      '#THIS_WEEK',
      { id: 'd', kind: 'datetime' },
      { ...context, weekStartsOn: 1 },
    );
    expect(monday.matches('2024-05-13T12:00:00Z')).toBe(true);
    expect(monday.matches('2024-05-12T12:00:00Z')).toBe(false);
  });

  it.each([
    [
      'yesterday',
      "'yesterday' is not a date or time like 2024-05-31 or 2024-05-31T14:30 (this is a date-time column)",
    ],
    [
      '2024-02-30',
      "'2024-02-30' is not a date or time like 2024-05-31 or 2024-05-31T14:30 (this is a date-time column)",
    ],
    ['#ME', '#ME works only on text columns; this is a date-time column'],
    ['$2024', '$ works only on text; this is a date-time column'],
  ])('refuses %j', (input, reason) => {
    expect(syntaxError('datetime', input).reason).toBe(reason);
  });

  it('refuses an unknown time zone as a programming error', () => {
    expect(() =>
      compileFilter(
        '#TODAY',
        { id: 'd', kind: 'datetime' },
        { ...context, timeZone: 'Nowhere/Land' },
      ),
    ).toThrow(RangeError);
  });
});

describe('date columns (calendar dates)', () => {
  const may17 = new Date('2024-05-17T00:00:00Z');
  const values = [
    '2024-05-15',
    '2024-05-14',
    '2024-05-16',
    '2024-05-01',
    '2023-12-31',
    null,
    may17,
  ];

  it.each<[string, unknown[]]>([
    ['#TODAY', ['2024-05-15']],
    ['#NOW', ['2024-05-15']],
    ['> #TODAY', ['2024-05-16', may17]],
    ['#LAST_1_DAYS', ['2024-05-15', '2024-05-14']],
    ['#NEXT_1_DAYS', ['2024-05-15', '2024-05-16']],
    ['#THIS_WEEK', ['2024-05-15', '2024-05-14', '2024-05-16', may17]],
    ['2024-05', ['2024-05-15', '2024-05-14', '2024-05-16', '2024-05-01', may17]],
    ['> 2024-05-15', ['2024-05-16', may17]],
    ['>= 2024-05-15', ['2024-05-15', '2024-05-16', may17]],
    ['<= 2024-05-14', ['2024-05-14', '2024-05-01', '2023-12-31']],
    ['< 2024-05', ['2023-12-31']],
    ['!?', [null]],
  ])('%j', (input, expected) => {
    expect(select('date', input, values)).toEqual(expected);
  });

  it('refuses times on a date column', () => {
    expect(syntaxError('date', "'2024-05-15 10:00'").reason).toBe(
      "'2024-05-15 10:00' is not a date like 2024-05-31, 2024-05 or 2024 (this is a date column)",
    );
  });
});
