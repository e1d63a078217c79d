// Aggregate queries as the REST API answers them: AggregateResult rows, exprN names for unaliased
// functions (numbered among unaliased ones only), one row without GROUP BY even when nothing matched.
import { describe, expect, it } from 'vitest';
import { SoqlError } from './index';
import { runQuery, testRecords } from './test-source';

const aggregate = (fields: Record<string, unknown>) => ({
  attributes: { type: 'AggregateResult' },
  ...fields,
});

function queryError(text: string): SoqlError {
  try {
    runQuery(text);
  } catch (error) {
    if (error instanceof SoqlError) return error;
    throw error;
  }
  throw new Error(`expected ${text} to be rejected`);
}

describe('aggregate functions', () => {
  it('counts, sums and ranges every match into one row without GROUP BY', () => {
    const result = runQuery(
      'SELECT COUNT(Id), COUNT(sfLma__Seats__c) withSeats, SUM(sfLma__Seats__c), MIN(Name), MAX(sfLma__Seats__c) FROM sfLma__License__c',
    );
    expect(result.rows).toEqual([
      aggregate({ expr0: 5, withSeats: 4, expr1: 32.5, expr2: 'L-0001', expr3: 25.5 }),
    ]);
    expect(result.totalSize).toBe(1);
  });

  it('takes MIN and MAX of text case-insensitively, as filters compare it', () => {
    const names = (testRecords.Account ?? []).map((r) => String(r.Name));
    const byKey = [...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(runQuery('SELECT MIN(Name), MAX(Name) FROM Account').rows).toEqual([
      aggregate({ expr0: byKey[0], expr1: byKey[byKey.length - 1] }),
    ]);
  });

  it('answers one row with COUNT 0 when nothing matches', () => {
    expect(runQuery("SELECT COUNT(Id) FROM Account WHERE Name = 'nobody'").rows).toEqual([
      aggregate({ expr0: 0 }),
    ]);
  });

  it('groups by a field, orders the groups by it and limits the groups', () => {
    const result = runQuery(
      'SELECT sfLma__Status__c, COUNT(Id) n FROM sfLma__License__c GROUP BY sfLma__Status__c ORDER BY sfLma__Status__c LIMIT 2',
    );
    expect(result.rows).toEqual([
      aggregate({ sfLma__Status__c: 'Active', n: 3 }),
      aggregate({ sfLma__Status__c: 'Suspended', n: 1 }),
    ]);
  });

  it('groups by a relationship field and names the column by its last segment', () => {
    const result = runQuery(
      'SELECT sfLma__Account__r.Name, COUNT_DISTINCT(sfLma__Status__c) FROM sfLma__License__c WHERE sfLma__Account__c != null GROUP BY sfLma__Account__r.Name ORDER BY sfLma__Account__r.Name',
    );
    expect(result.rows.map((r) => [r.Name, r.expr0])).toEqual([
      ['100% Natural_Foods', 1],
      ['Acme Corp', 2],
      [expect.any(String), 1],
    ]);
  });

  it.each([
    ['SELECT Name, COUNT(Id) FROM Account', 'Field must be grouped or aggregated: Name'],
    [
      'SELECT Industry, COUNT(Id) FROM Account GROUP BY Industry ORDER BY Name',
      'Ordered field must be grouped or aggregated: Name',
    ],
    ['SELECT SUM(Name) FROM Account', 'field Name does not support aggregate operator SUM'],
  ])('%s → MALFORMED_QUERY', (text, message) => {
    const error = queryError(text);
    expect(error.errorCode).toBe('MALFORMED_QUERY');
    expect(error.message).toMatch(/ERROR at Row:1:Column:\d+/);
    expect(error.message.endsWith(message)).toBe(true);
  });
});
