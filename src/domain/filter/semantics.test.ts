// What filters mean, column kind by column kind, through the browser back end. The SQL back end
// is held to the same answers by the equivalence property in sql-equivalence.test.ts.
import { describe, expect, it } from 'vitest';
import { JOB_STATUSES } from '../statuses';
import { versionSortKey } from '../versions';
import type { FilterColumn } from './columns';
import { FilterSyntaxError } from './errors';
import { compileFilter, compileFilters, describeFilterError } from './index';
import { select, syntaxError, testContext as context } from './testing/filter-test-helpers';

describe('text columns', () => {
  const values = [
    'Acme Corp',
    'acme',
    'Globex Corporation',
    'GÉNÉRALE',
    'Société Générale',
    '',
    null,
    '50% off_sale',
    'C:\\temp',
    'ΑΣ',
    'İstanbul',
    'ops@acme.com',
    "O'Brien",
  ];

  it.each<[string, (string | null)[]]>([
    ['acme', ['Acme Corp', 'acme', 'ops@acme.com']],
    ['ACME', ['Acme Corp', 'acme', 'ops@acme.com']],
    ["'acme corp'", ['Acme Corp']],
    ['$acme', ['Acme Corp', 'acme']],
    ['corp$', ['Acme Corp']],
    ['"acme"', ['acme']],
    ['$acme$', ['acme']],
    ['générale', ['GÉNÉRALE', 'Société Générale']],
    ['acme, globex', ['Acme Corp', 'acme', 'Globex Corporation', 'ops@acme.com']],
    ['acme globex', ['Acme Corp', 'acme', 'Globex Corporation', 'ops@acme.com']],
    ['acme || globex', ['Acme Corp', 'acme', 'Globex Corporation', 'ops@acme.com']],
    ['acme && corp', ['Acme Corp']],
    ['(acme || globex) && !corp', ['acme', 'ops@acme.com']],
    [
      '!acme',
      [
        'Globex Corporation',
        'GÉNÉRALE',
        'Société Générale',
        '',
        null,
        '50% off_sale',
        'C:\\temp',
        'ΑΣ',
        'İstanbul',
        "O'Brien",
      ],
    ],
    ['?', values.filter((v) => v !== null && v !== '')],
    ['!?', ['', null]],
    ['""', ['', null]],
    ["''", values],
    ['50%', ['50% off_sale']],
    ['%', ['50% off_sale']],
    ['f_s', ['50% off_sale']],
    ['_', ['50% off_sale']],
    ['c:\\', ['C:\\temp']],
    ['ασ', ['ΑΣ']],
    ['ας', []],
    ['istanbul', ['İstanbul']],
    ['#ME', ['ops@acme.com']],
    ['!#ME', values.filter((v) => v !== 'ops@acme.com')],
    ["o'brien", ["O'Brien"]],
    ['> m', ['Société Générale', 'ΑΣ', 'ops@acme.com', "O'Brien"]],
    ['<= acme', ['acme', '50% off_sale']],
    ['# ACME', ['acme']],
  ])('%j', (input, expected) => {
    expect(select('text', input, values)).toEqual(expected);
  });

  it('needs a user for #ME', () => {
    expect(() =>
      compileFilter('#ME', { id: 'c', kind: 'text' }, { ...context, username: null }),
    ).toThrow('#ME needs a signed-in user');
  });

  it.each([
    ['#TODAY', '#TODAY works only on date columns; this is a text column'],
    ['#FOO', 'Unknown macro #FOO'],
  ])('refuses %j', (input, reason) => {
    expect(syntaxError('text', input).reason).toBe(reason);
  });
});

describe('number columns', () => {
  const values = [0, 1, 2, 10, 2.5, -3, null, 100, 0.1 + 0.2, '7', 10n];

  it.each<[string, unknown[]]>([
    ['2', [2]],
    ['# 2', [2]],
    ['> 2', [10, 2.5, 100, '7', 10n]],
    ['>= 2 && < 10', [2, 2.5, '7']],
    ['<= 0', [0, -3]],
    ['-3', [-3]],
    ['1 2', [1, 2]],
    ['1,2', [1, 2]],
    ['1e2', [100]],
    ['0.30000000000000004', [0.1 + 0.2]],
    ['!2', values.filter((v) => v !== 2)],
    ['?', values.filter((v) => v !== null)],
    ['!?', [null]],
  ])('%j', (input, expected) => {
    expect(select('number', input, values)).toEqual(expected);
  });

  it.each([
    ['abc', "'abc' is not a number (this is a number column)"],
    ['$1', '$ works only on text; this is a number column'],
    ['1$', '$ works only on text; this is a number column'],
    ['#NOW', '#NOW works only on date columns; this is a number column'],
    ['Infinity', "'Infinity' is not a number (this is a number column)"],
  ])('refuses %j', (input, reason) => {
    expect(syntaxError('number', input).reason).toBe(reason);
  });
});

describe('yes/no columns', () => {
  const values = [true, false, null];

  it.each<[string, (boolean | null)[]]>([
    ['t', [true]],
    ['y', [true]],
    ['Yes', [true]],
    ['TRUE', [true]],
    ['f', [false, null]],
    ['n', [false, null]],
    ['no', [false, null]],
    ['!t', [false, null]],
    ['# y', [true]],
    ['?', [true, false]],
    ['!?', [null]],
    ['t, f', [true, false, null]],
  ])('%j', (input, expected) => {
    expect(select('boolean', input, values)).toEqual(expected);
  });

  it.each([
    ['maybe', "'maybe' is not yes or no (use t, y, f or n on this column)"],
    ['> t', '> does not apply to a yes/no column'],
    ['$t', '$ works only on text; this is a yes/no column'],
  ])('refuses %j', (input, reason) => {
    expect(syntaxError('boolean', input).reason).toBe(reason);
  });
});

describe('version columns', () => {
  const key = (v: string): string => versionSortKey(v, 1700000000000);
  const values = [
    key('1.2'),
    key('1.2.5'),
    key('1.20'),
    key('1.10'),
    key('2.0'),
    key('1.9.1'),
    null,
    '',
  ];

  it.each<[string, (string | null)[]]>([
    ['1.2', [key('1.2'), key('1.2.5')]],
    ['$1.2', [key('1.2'), key('1.2.5')]],
    ['"1.2"', [key('1.2')]],
    ['#1.2', [key('1.2')]],
    ['#1.2.0', [key('1.2')]],
    ['> 1.2', [key('1.2.5'), key('1.20'), key('1.10'), key('2.0'), key('1.9.1')]],
    ['> 1.9', [key('1.20'), key('1.10'), key('2.0'), key('1.9.1')]],
    ['< 1.10', [key('1.2'), key('1.2.5'), key('1.9.1')]],
    ['5$', [key('1.2.5')]],
    ['?', values.filter((v) => v !== null && v !== '')],
    ['!?', [null, '']],
  ])('%j', (input, expected) => {
    expect(select('version', input, values)).toEqual(expected);
  });

  it('also reads dotted version numbers held in the browser', () => {
    expect(select('version', '> 1.9', ['1.10', '1.2', '1.9.1'])).toEqual(['1.10', '1.9.1']);
  });

  it('refuses text that is not a version', () => {
    expect(syntaxError('version', '1.x').reason).toBe(
      "'1.x' is not a version number like 1.2.3 (this is a version column)",
    );
  });
});

describe('status (enum) columns', () => {
  const statuses = { values: JOB_STATUSES, label: 'Status' };

  it.each<[string, string[]]>([
    ['fail', ['Failed']],
    ['"failed"', ['Failed']],
    ['in', ['Pending', 'InProgress', 'Invalid', 'Ineligible']],
    ['$in', ['InProgress', 'Invalid', 'Ineligible']],
    ['ed$', ['Created', 'Succeeded', 'Failed', 'Canceled']],
    ['!ed$', ['Pending', 'InProgress', 'Invalid', 'Ineligible']],
  ])('%j', (input, expected) => {
    expect(select('enum', input, JOB_STATUSES, statuses)).toEqual(expected);
  });

  it('refuses values that match no status, and comparisons', () => {
    expect(syntaxError('enum', 'faild', statuses).reason).toBe(
      "No Status matches 'faild'; use one of: Created, Pending, InProgress, Succeeded, Failed, Canceled, Invalid, Ineligible",
    );
    expect(syntaxError('enum', '> a', statuses).reason).toBe(
      'Use a status name, not >, on this column',
    );
  });

  it('accepts any text when the column does not list its values', () => {
    expect(select('enum', 'faild', JOB_STATUSES)).toEqual([]);
  });
});

describe('filters of several columns', () => {
  const columns: FilterColumn[] = [
    { id: 'name', kind: 'text', sql: 'o.name', label: 'Name' },
    { id: 'jobs', kind: 'number', sql: 'u.job_count', field: 'job_count', label: 'Jobs' },
  ];
  const rows = [
    { name: 'Acme', job_count: 5 },
    { name: 'Acme West', job_count: 50 },
    { name: 'Globex', job_count: 50 },
  ];

  it('requires every column filter to match and skips blank ones', () => {
    const set = compileFilters(
      [
        { id: 'name', value: 'acme' },
        { id: 'jobs', value: '> 10' },
        { id: 'name', value: '   ' },
      ],
      columns,
      context,
    );
    expect(rows.filter((row) => set.matchesRow(row))).toEqual([
      { name: 'Acme West', job_count: 50 },
    ]);
    expect(set.toSql(2)).toEqual({
      text: "(((o.name) IS NOT NULL AND lower((o.name)::text) LIKE $2::text ESCAPE E'\\\\') AND ((u.job_count) IS NOT NULL AND (u.job_count) > $3::numeric))",
      params: ['%acme%', '10'],
    });
    expect(compileFilters([], columns, context).toSql()).toEqual({ text: 'TRUE', params: [] });
  });

  it('names the column of an error', () => {
    let caught: unknown;
    try {
      compileFilters([{ id: 'jobs', value: 'many' }], columns, context);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(FilterSyntaxError);
    expect(caught).toMatchObject({ columnId: 'jobs', position: 0 });
    expect(describeFilterError(caught as FilterSyntaxError, columns)).toBe(
      "Jobs: 'many' is not a number (this is a number column) at 0",
    );
    expect(() => compileFilters([{ id: 'nope', value: 'x' }], columns, context)).toThrow(
      "This list has no column 'nope' to filter",
    );
  });
});
