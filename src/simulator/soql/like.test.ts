import { describe, expect, it } from 'vitest';
import { compileLike } from './like';
import { column } from './test-source';

describe('LIKE in queries', () => {
  it.each<[string, string[]]>([
    ["'acme%'", ['Acme Corp', 'acme labs']],
    ["'%CORP'", ['Acme Corp']],
    ["'%e%'", ['Acme Corp', 'Globex', "O'Brien \\ Sons", 'acme labs']],
    ["'Glob_x'", ['Globex']],
    ["'Glob_'", []],
    ["'ACME CORP'", ['Acme Corp']],
    ["'%'", ['Acme Corp', 'Globex', '100% Natural_Foods', "O'Brien \\ Sons", 'acme labs']],
    ["''", []],
    // \% and \_ match the characters themselves.
    ["'100\\% %'", ['100% Natural_Foods']],
    ["'%\\%%'", ['100% Natural_Foods']],
    ["'%\\_%'", ['100% Natural_Foods']],
    ["'%l\\_f%'", ['100% Natural_Foods']],
    ["'O\\'Brien%'", ["O'Brien \\ Sons"]],
    // A backslash before anything else is a literal backslash.
    ["'%\\\\ Sons'", ["O'Brien \\ Sons"]],
  ])('Name LIKE %s', (pattern, expected) => {
    expect(column(`SELECT Name FROM Account WHERE Name LIKE ${pattern}`)).toEqual(expected);
  });

  it('combines with NOT and relationship paths; null never matches', () => {
    expect(column("SELECT Name FROM Account WHERE NOT Name LIKE '%a%'")).toEqual([
      'Globex',
      "O'Brien \\ Sons",
    ]);
    expect(column("SELECT Name FROM Account WHERE Industry LIKE '%'")).toHaveLength(4);
    expect(
      column("SELECT Name FROM sfLma__License__c WHERE sfLma__Account__r.Name LIKE 'a%'"),
    ).toEqual(['L-0001', 'L-0004']);
  });
});

describe('compileLike', () => {
  it.each<[string, string, boolean]>([
    ['a%b%c', 'aXXbYYc', true],
    ['a%b%c', 'aXXcYYb', false],
    ['%a%a%a%a%a%a%a%a%b', 'a'.repeat(5000), false],
    ['_', '𝄞', true],
    ['__', '𝄞', false],
    ['a_c', 'a\nc', true],
    ['%%%', '', true],
    ['\\%', '%', true],
    ['\\%', 'x', false],
    ['ÉCOLE%', 'école normale', true],
  ])('%s against %s → %s', (pattern, value, expected) => {
    expect(compileLike(pattern)(value)).toBe(expected);
  });

  it('stays fast on patterns that make backtracking regexes explode', () => {
    const started = performance.now();
    compileLike(`${'%a'.repeat(50)}%b`)('a'.repeat(20_000));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
