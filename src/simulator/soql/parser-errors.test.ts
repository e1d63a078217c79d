import { describe, expect, it } from 'vitest';
import { parseSoql, SoqlError } from './index';

function parseError(text: string): SoqlError {
  try {
    parseSoql(text);
  } catch (error) {
    if (error instanceof SoqlError) return error;
    throw error;
  }
  throw new Error(`expected ${text} to be rejected`);
}

describe('parseSoql: syntax errors (MALFORMED_QUERY)', () => {
  it.each([
    ['SELECT Id FROM Account WHERE', 29, 'unexpected token: <EOF>'],
    ['SELECT FROM Account', 8, 'unexpected token: FROM'],
    ['SELECT Id, FROM Account', 12, 'unexpected token: FROM'],
    ['SELECT Id Account', 11, 'unexpected token: Account'],
    ['SELECT * FROM Account', 8, 'unexpected token: *'],
    [
      "SELECT Id FROM Account WHERE Name = 'x' OR Name = 'y' AND Id = 'z'",
      55,
      'unexpected token: AND',
    ],
    ['SELECT Id FROM Account WHERE Name = ', 37, 'unexpected token: <EOF>'],
    ['SELECT Id FROM Account WHERE Name IN ()', 39, 'unexpected token: )'],
    ['SELECT Id FROM Account WHERE Name = Acme', 37, 'unexpected token: Acme'],
    [
      'SELECT Id FROM Account WHERE Name < null',
      35,
      'null can only be compared with = or !=, not <',
    ],
    ['SELECT Id FROM Account LIMIT -1', 30, 'unexpected token: -1'],
    ['SELECT Id FROM Account LIMIT 1.5', 30, 'unexpected token: 1.5'],
    ['SELECT Id FROM Account OFFSET 5 LIMIT 1', 33, 'unexpected token: LIMIT'],
    [
      'SELECT Id FROM Account LIMIT 99999999999',
      30,
      'LIMIT must be an integer from 0 to 2147483647',
    ],
    [
      "SELECT Id FROM Account WHERE Name = 'open",
      37,
      "unterminated string literal: missing closing '",
    ],
    [
      "SELECT Id FROM Account WHERE Name = 'a\\qb'",
      39,
      "Invalid string literal 'a\\q'. Illegal character sequence '\\q' in string literal.",
    ],
    ['SELECT Id FROM Account WHERE d = 2024-02-30', 34, 'invalid date: 2024-02-30'],
    [
      'SELECT Id FROM Account WHERE d = 2024-01-01T10:00:00',
      34,
      'invalid dateTime: 2024-01-01T10:00:00 (expected YYYY-MM-DDThh:mm:ss[.SSS] followed by Z or ±hh:mm)',
    ],
    [
      'SELECT Id FROM Account WHERE d = LAST_N_DAYS',
      45,
      'date literal LAST_N_DAYS needs a number, as in LAST_N_DAYS:7',
    ],
    ['SELECT Id FROM Account WHERE NOT NOT a = 1', 34, 'unexpected token: NOT'],
    ['SELECT Id, COUNT() FROM Account', 12, 'COUNT() must be the only item in the SELECT list'],
    [
      'SELECT COUNT() FROM Account ORDER BY Name',
      38,
      'Ordered field must be grouped or aggregated: Name',
    ],
    [
      'SELECT Id FROM Account WHERE Id IN (SELECT Id, Name FROM Contact)',
      37,
      'a semi-join subquery must select exactly one Id or reference field',
    ],
    ['SELECT Id FROM Account )', 24, 'unexpected token: )'],
  ])('%s', (text, column, message) => {
    const error = parseError(text);
    expect(error.errorCode).toBe('MALFORMED_QUERY');
    const lines = text.split('\n');
    expect(error.message).toBe(
      `\n${lines[0]}\n${' '.repeat(column - 1)}^\nERROR at Row:1:Column:${column}\n${message}`,
    );
  });

  it('reports the row and line of a multi-line query', () => {
    expect(parseError('SELECT Id\nFROM Account\nWHERE Name = Acme').message).toBe(
      '\nWHERE Name = Acme\n             ^\nERROR at Row:3:Column:14\nunexpected token: Acme',
    );
  });

  it('rejects statements longer than 100,000 characters', () => {
    const error = parseError(`SELECT Id FROM Account WHERE Name = '${'x'.repeat(100_000)}'`);
    expect(error.message).toBe('SOQL statements cannot be longer than 100,000 characters.');
  });

  it('rejects nesting deeper than it can safely recurse', () => {
    const text = `SELECT Id FROM A WHERE ${'('.repeat(5000)}a = 1${')'.repeat(5000)}`;
    expect(parseError(text).message).toMatch(/query is nested too deeply$/);
  });
});

describe('parseSoql: SOQL outside the subset names the feature', () => {
  it.each([
    ['SELECT Industry FROM Account GROUP BY ROLLUP(Industry)', 'GROUP BY ROLLUP is not supported'],
    ['SELECT Industry FROM Account GROUP BY CUBE(Industry)', 'GROUP BY CUBE is not supported'],
    [
      "SELECT Id FROM Account WHERE MAX(Name) = 'x'",
      'The aggregate function MAX() outside the SELECT list is not supported',
    ],
    ['SELECT toLabel(Industry) FROM Account', 'The function toLabel() is not supported'],
    ['SELECT FIELDS(ALL) FROM Account LIMIT 200', 'FIELDS() is not supported'],
    [
      'SELECT Id, (SELECT Id FROM Contacts) FROM Account',
      'A subquery in the SELECT list is not supported',
    ],
    ['SELECT TYPEOF What WHEN Account THEN Name END FROM Event', 'TYPEOF is not supported'],
    ['SELECT Id FROM Account FOR UPDATE', 'FOR UPDATE is not supported'],
    ['SELECT Id FROM Account LIMIT 1 FOR VIEW', 'FOR VIEW is not supported'],
    ['SELECT Id FROM Account WITH SECURITY_ENFORCED', 'WITH SECURITY_ENFORCED is not supported'],
    ['SELECT Id FROM Account USING SCOPE Mine', 'USING SCOPE is not supported'],
    ['SELECT Id FROM Account UPDATE TRACKING', 'UPDATE TRACKING is not supported'],
    ['SELECT Id FROM Account ORDER BY Name HAVING COUNT() > 1', 'HAVING is not supported'],
    ['SELECT Id FROM Account, Contact', 'More than one object in FROM is not supported'],
    ['SELECT a.Id FROM Account a', 'An object alias in FROM is not supported'],
    [
      'SELECT Id FROM Account WHERE CALENDAR_YEAR(CreatedDate) = 2024',
      'The function CALENDAR_YEAR() is not supported',
    ],
    ["SELECT Id FROM Account WHERE Tags__c INCLUDES ('a')", 'INCLUDES is not supported'],
    ["SELECT Id FROM Account WHERE Tags__c EXCLUDES ('a')", 'EXCLUDES is not supported'],
    ['SELECT Id FROM Account WHERE Name = :name', 'A bind variable is not supported'],
    ['SELECT Id FROM Account WHERE Id IN :ids', 'A bind variable is not supported'],
    [
      'SELECT Id FROM Opportunity WHERE Amount > USD5000',
      'The currency literal USD5000 is not supported',
    ],
    [
      'SELECT Id FROM Account ORDER BY MAX(Name)',
      'The aggregate function MAX() outside the SELECT list is not supported',
    ],
    [
      'SELECT Id FROM A WHERE Id IN (SELECT B__c FROM B WHERE C__c IN (SELECT Id FROM C))',
      'Nesting of semi join sub-selects is not supported',
    ],
    [
      'SELECT Id FROM A WHERE Id IN (SELECT B__c FROM B ORDER BY B__c)',
      'ORDER BY in a semi-join subquery is not supported',
    ],
    [
      'SELECT Id FROM A WHERE Id IN (SELECT B__c FROM B LIMIT 5)',
      'LIMIT in a semi-join subquery is not supported',
    ],
  ])('%s', (text, message) => {
    const error = parseError(text);
    expect(error.errorCode).toBe('MALFORMED_QUERY');
    expect(error.message.endsWith(`\n${message}`)).toBe(true);
  });
});
