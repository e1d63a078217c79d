import { describe, expect, it } from 'vitest';
import { executeSoql } from './index';
import type { SoqlRecord } from './source';
import { column, createTestSource, testContext } from './test-source';

describe('ORDER BY', () => {
  it.each<[string, string, string[]]>([
    // Text sorts case-insensitively; nulls come first by default, whatever the direction.
    [
      'Account',
      'Industry, Name',
      ['100% Natural_Foods', 'Globex', "O'Brien \\ Sons", 'Acme Corp', 'acme labs'],
    ],
    [
      'Account',
      'Industry DESC NULLS LAST, Name DESC',
      ['acme labs', 'Acme Corp', "O'Brien \\ Sons", 'Globex', '100% Natural_Foods'],
    ],
    [
      'Account',
      'Industry DESC, Name',
      ['100% Natural_Foods', 'Acme Corp', 'acme labs', 'Globex', "O'Brien \\ Sons"],
    ],
    [
      'Account',
      'IsPartner, Name',
      ['100% Natural_Foods', 'acme labs', 'Globex', 'Acme Corp', "O'Brien \\ Sons"],
    ],
    [
      'Account',
      'CreatedDate DESC',
      ["O'Brien \\ Sons", 'acme labs', '100% Natural_Foods', 'Acme Corp', 'Globex'],
    ],
    ['sfLma__License__c', 'sfLma__Seats__c', ['L-0004', 'L-0005', 'L-0002', 'L-0001', 'L-0003']],
    [
      'sfLma__License__c',
      'sfLma__Seats__c ASC NULLS LAST',
      ['L-0005', 'L-0002', 'L-0001', 'L-0003', 'L-0004'],
    ],
    [
      'sfLma__License__c',
      'sfLma__Seats__c DESC NULLS FIRST',
      ['L-0004', 'L-0003', 'L-0001', 'L-0002', 'L-0005'],
    ],
    [
      'sfLma__License__c',
      'sfLma__Expiration__c',
      ['L-0002', 'L-0005', 'L-0004', 'L-0001', 'L-0003'],
    ],
    [
      'sfLma__License__c',
      'LastModifiedDate DESC',
      ['L-0002', 'L-0004', 'L-0001', 'L-0003', 'L-0005'],
    ],
    // Relationship keys; ties broken by the next key.
    [
      'sfLma__License__c',
      'sfLma__Account__r.Name, Name DESC',
      ['L-0003', 'L-0005', 'L-0004', 'L-0001', 'L-0002'],
    ],
    // Equal keys keep the source's order.
    [
      'sfLma__License__c',
      'sfLma__Is_Sandbox__c',
      ['L-0001', 'L-0003', 'L-0004', 'L-0002', 'L-0005'],
    ],
  ])('%s ORDER BY %s', (object, orderBy, expected) => {
    expect(column(`SELECT Name FROM ${object} ORDER BY ${orderBy}`)).toEqual(expected);
  });

  it('applies OFFSET and LIMIT after sorting', () => {
    expect(column('SELECT Name FROM Account ORDER BY Name LIMIT 2 OFFSET 1')).toEqual([
      'Acme Corp',
      'acme labs',
    ]);
    expect(
      column('SELECT Name FROM Account WHERE IsPartner = false ORDER BY Name DESC LIMIT 1'),
    ).toEqual(['Globex']);
  });

  it('gives the same order through the bounded heap (small LIMIT) as through a full sort', () => {
    const records: SoqlRecord[] = Array.from({ length: 500 }, (_, i) => ({
      Id: `001${String(i).padStart(12, '0')}AAA`,
      Name: `N${(i * 7919) % 97}`,
      NumberOfEmployees: i % 5 === 0 ? null : (i * 31) % 23,
    }));
    const source = createTestSource({ records: { Account: records } });
    const ids = (text: string) =>
      executeSoql(text, source, testContext).rows.map((row) => row['Id']);
    for (const orderBy of [
      'NumberOfEmployees, Name DESC',
      'NumberOfEmployees DESC NULLS LAST',
      'Name, NumberOfEmployees NULLS LAST',
    ]) {
      const all = ids(`SELECT Id FROM Account ORDER BY ${orderBy}`);
      expect(ids(`SELECT Id FROM Account ORDER BY ${orderBy} LIMIT 10`)).toEqual(all.slice(0, 10));
      expect(ids(`SELECT Id FROM Account ORDER BY ${orderBy} LIMIT 7 OFFSET 30`)).toEqual(
        all.slice(30, 37),
      );
    }
  });
});
