import { describe, expect, it } from 'vitest';
import { DATE_LITERAL_NAMES, dateLiteralArity, dateLiteralRange } from './date-literals';
import { column, createTestSource, ids, testNow } from './test-source';

/** [start, end) of a literal as UTC days. */
function rangeOf(literal: string, now = testNow): [string, string] {
  const [name = '', n] = literal.split(':');
  const { startMs, endMs } = dateLiteralRange(
    { kind: 'dateLiteral', name, n: n === undefined ? null : Number(n) },
    now,
  );
  return [new Date(startMs).toISOString().slice(0, 10), new Date(endMs).toISOString().slice(0, 10)];
}

describe('date literal ranges (now = Saturday 2024-06-01 12:00 UTC; weeks start on Sunday)', () => {
  it.each<[string, string, string]>([
    ['TODAY', '2024-06-01', '2024-06-02'],
    ['YESTERDAY', '2024-05-31', '2024-06-01'],
    ['TOMORROW', '2024-06-02', '2024-06-03'],
    ['THIS_WEEK', '2024-05-26', '2024-06-02'],
    ['LAST_WEEK', '2024-05-19', '2024-05-26'],
    ['NEXT_WEEK', '2024-06-02', '2024-06-09'],
    ['THIS_MONTH', '2024-06-01', '2024-07-01'],
    ['LAST_MONTH', '2024-05-01', '2024-06-01'],
    ['NEXT_MONTH', '2024-07-01', '2024-08-01'],
    ['THIS_QUARTER', '2024-04-01', '2024-07-01'],
    ['LAST_QUARTER', '2024-01-01', '2024-04-01'],
    ['NEXT_QUARTER', '2024-07-01', '2024-10-01'],
    ['THIS_YEAR', '2024-01-01', '2025-01-01'],
    ['LAST_YEAR', '2023-01-01', '2024-01-01'],
    ['NEXT_YEAR', '2025-01-01', '2026-01-01'],
    ['THIS_FISCAL_QUARTER', '2024-04-01', '2024-07-01'],
    ['LAST_FISCAL_YEAR', '2023-01-01', '2024-01-01'],
    ['LAST_90_DAYS', '2024-03-03', '2024-06-02'],
    ['NEXT_90_DAYS', '2024-06-02', '2024-08-31'],
    ['LAST_N_DAYS:0', '2024-06-01', '2024-06-02'],
    ['LAST_N_DAYS:7', '2024-05-25', '2024-06-02'],
    ['NEXT_N_DAYS:7', '2024-06-02', '2024-06-09'],
    ['N_DAYS_AGO:3', '2024-05-29', '2024-05-30'],
    ['LAST_N_WEEKS:2', '2024-05-12', '2024-05-26'],
    ['NEXT_N_WEEKS:2', '2024-06-02', '2024-06-16'],
    ['N_WEEKS_AGO:1', '2024-05-19', '2024-05-26'],
    ['LAST_N_MONTHS:3', '2024-03-01', '2024-06-01'],
    ['NEXT_N_MONTHS:2', '2024-07-01', '2024-09-01'],
    ['N_MONTHS_AGO:1', '2024-05-01', '2024-06-01'],
    ['LAST_N_QUARTERS:2', '2023-10-01', '2024-04-01'],
    ['NEXT_N_QUARTERS:1', '2024-07-01', '2024-10-01'],
    ['N_QUARTERS_AGO:4', '2023-04-01', '2023-07-01'],
    ['LAST_N_YEARS:2', '2022-01-01', '2024-01-01'],
    ['NEXT_N_YEARS:1', '2025-01-01', '2026-01-01'],
    ['N_YEARS_AGO:10', '2014-01-01', '2015-01-01'],
    ['LAST_N_FISCAL_QUARTERS:1', '2024-01-01', '2024-04-01'],
    ['NEXT_N_FISCAL_YEARS:2', '2025-01-01', '2027-01-01'],
    ['N_FISCAL_YEARS_AGO:1', '2023-01-01', '2024-01-01'],
  ])('%s = [%s, %s)', (literal, start, end) => {
    expect(rangeOf(literal)).toEqual([start, end]);
  });

  it('crosses year boundaries and starts THIS_WEEK on the current day when it is a Sunday', () => {
    const newYear = new Date('2024-01-01T00:00:00Z');
    expect(rangeOf('LAST_MONTH', newYear)).toEqual(['2023-12-01', '2024-01-01']);
    expect(rangeOf('YESTERDAY', newYear)).toEqual(['2023-12-31', '2024-01-01']);
    expect(rangeOf('LAST_QUARTER', newYear)).toEqual(['2023-10-01', '2024-01-01']);
    const sunday = new Date('2024-06-02T23:59:59Z');
    expect(rangeOf('THIS_WEEK', sunday)).toEqual(['2024-06-02', '2024-06-09']);
  });

  it('knows which literals take :n', () => {
    expect(DATE_LITERAL_NAMES).toContain('LAST_N_DAYS');
    expect(dateLiteralArity('last_n_days')).toBe('withN');
    expect(dateLiteralArity('Today')).toBe('fixed');
    expect(dateLiteralArity('SOMEDAY')).toBeUndefined();
  });
});

describe('date and datetime filters', () => {
  const licenses = (condition: string) =>
    column(`SELECT Name FROM sfLma__License__c WHERE ${condition}`);

  it.each<[string, string[]]>([
    // Relative literals on a datetime field.
    ['LastModifiedDate = TODAY', ['L-0002', 'L-0004']],
    ['LastModifiedDate = YESTERDAY', ['L-0001']],
    ['LastModifiedDate < THIS_YEAR', ['L-0005']],
    ['LastModifiedDate >= LAST_N_DAYS:1', ['L-0001', 'L-0002', 'L-0004']],
    ['LastModifiedDate > LAST_MONTH', ['L-0002', 'L-0004']],
    ['LastModifiedDate <= LAST_MONTH', ['L-0001', 'L-0003', 'L-0005']],
    ['LastModifiedDate != THIS_MONTH', ['L-0001', 'L-0003', 'L-0005']],
    ['LastModifiedDate IN (YESTERDAY, LAST_YEAR)', ['L-0001', 'L-0005']],
    // A date-only literal against a datetime field means the whole UTC day.
    ['LastModifiedDate = 2024-06-01', ['L-0002', 'L-0004']],
    ['LastModifiedDate <= 2024-05-31', ['L-0001', 'L-0003', 'L-0005']],
    ['LastModifiedDate > 2024-05-31', ['L-0002', 'L-0004']],
    ['LastModifiedDate < 2024-05-31', ['L-0003', 'L-0005']],
    // Datetime literals, with offsets and milliseconds.
    ['LastModifiedDate >= 2024-06-01T00:00:00Z', ['L-0002', 'L-0004']],
    ['LastModifiedDate > 2024-06-01T00:00:00Z', ['L-0002']],
    ['LastModifiedDate = 2024-06-01T00:00:00.000Z', ['L-0004']],
    ['LastModifiedDate = 2024-06-01T02:00:00+02:00', ['L-0004']],
    ['LastModifiedDate < 2023-12-31T23:59:59.001Z', ['L-0005']],
    ['LastModifiedDate > 2023-12-31T15:59:59-08:00', ['L-0001', 'L-0002', 'L-0003', 'L-0004']],
    ['LastModifiedDate IN (2024-06-01T08:00:00Z, 2024-05-31)', ['L-0001', 'L-0002']],
    // Date fields; null dates match != and nothing else.
    ['sfLma__Expiration__c = 2024-06-30', ['L-0001']],
    ['sfLma__Expiration__c < 2024-06-01', ['L-0004', 'L-0005']],
    ['sfLma__Expiration__c != 2024-06-30', ['L-0002', 'L-0003', 'L-0004', 'L-0005']],
    ['sfLma__Expiration__c = null', ['L-0002']],
    ['sfLma__Expiration__c = THIS_MONTH', ['L-0001']],
    ['sfLma__Expiration__c = LAST_N_DAYS:1', ['L-0004']],
    ['sfLma__Expiration__c > TODAY', ['L-0001', 'L-0003']],
    ['sfLma__Expiration__c = NEXT_N_DAYS:30', ['L-0001']],
    ['sfLma__Expiration__c < LAST_N_YEARS:100000000', []],
    ['sfLma__Expiration__c > NEXT_N_YEARS:100000000', []],
  ])('%s', (condition, expected) => {
    expect(licenses(condition)).toEqual(expected);
  });

  it('reads stored dates and datetimes in other ISO shapes', () => {
    const source = createTestSource({
      records: {
        Account: [
          { Id: ids.account(1), Name: 'zulu', CreatedDate: '2024-06-01T08:00:00Z' },
          { Id: ids.account(2), Name: 'no millis', CreatedDate: '2024-06-01T08:00:00+0000' },
          { Id: ids.account(3), Name: 'offset', CreatedDate: '2024-06-01T01:00:00-07:00' },
          {
            Id: ids.account(4),
            Name: 'date object',
            CreatedDate: new Date('2024-06-01T08:00:00Z'),
          },
          { Id: ids.account(5), Name: 'day only', CreatedDate: '2024-06-01' },
          { Id: ids.account(6), Name: 'garbage', CreatedDate: 'yesterday-ish' },
        ],
        sfLma__License__c: [
          {
            Id: ids.license(1),
            Name: 'datetime as date',
            sfLma__Expiration__c: '2024-06-01T23:00:00.000+0000',
          },
        ],
      },
    });
    expect(
      column('SELECT Name FROM Account WHERE CreatedDate = 2024-06-01T08:00:00Z', 'Name', source),
    ).toEqual(['zulu', 'no millis', 'offset', 'date object']);
    expect(
      column('SELECT Name FROM Account WHERE CreatedDate = TODAY', 'Name', source),
    ).toHaveLength(5);
    expect(column('SELECT Name FROM Account WHERE CreatedDate = null', 'Name', source)).toEqual([
      'garbage',
    ]);
    expect(
      column(
        'SELECT Name FROM sfLma__License__c WHERE sfLma__Expiration__c = TODAY',
        'Name',
        source,
      ),
    ).toEqual(['datetime as date']);
  });
});
