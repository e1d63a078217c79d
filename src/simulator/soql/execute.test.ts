import { describe, expect, it } from 'vitest';
import { executeSoql, openSoqlCursor } from './index';
import type { SoqlSource } from './source';
import { column, createTestSource, ids, runQuery, testContext, testRecords } from './test-source';

const url = (type: string, id: string) => `/services/data/v62.0/sobjects/${type}/${id}`;

describe('executeSoql: result shape', () => {
  it('returns selected fields only, canonical names, in select order, with nested relationships', () => {
    const result = runQuery(
      "select NAME, sflma__account__r.name, SFLMA__PACKAGE_VERSION__R.sfLma__Version_ID__c, id, sfLma__Account__r.INDUSTRY, sfLma__Seats__c from SFLMA__LICENSE__C where Name IN ('L-0003', 'L-0004', 'L-0001')",
    );
    expect(result.objectName).toBe('sfLma__License__c');
    expect(result.isCount).toBe(false);
    expect(result.totalSize).toBe(3);
    const [first, third, fourth] = result.rows;
    expect(first).toEqual({
      attributes: { type: 'sfLma__License__c', url: url('sfLma__License__c', ids.license(1)) },
      Name: 'L-0001',
      sfLma__Account__r: {
        attributes: { type: 'Account', url: url('Account', ids.account(1)) },
        Name: 'Acme Corp',
        Industry: 'Technology',
      },
      sfLma__Package_Version__r: {
        attributes: {
          type: 'sfLma__Package_Version__c',
          url: url('sfLma__Package_Version__c', ids.version(1)),
        },
        sfLma__Version_ID__c: '04t000000000001',
      },
      Id: ids.license(1),
      sfLma__Seats__c: 10,
    });
    expect(Object.keys(first ?? {})).toEqual([
      'attributes',
      'Name',
      'sfLma__Account__r',
      'sfLma__Package_Version__r',
      'Id',
      'sfLma__Seats__c',
    ]);
    // No parent → null relationship; absent value → null.
    expect(third).toMatchObject({ Name: 'L-0003', sfLma__Account__r: null });
    expect(fourth).toMatchObject({
      Name: 'L-0004',
      sfLma__Package_Version__r: null,
      sfLma__Seats__c: null,
    });
  });

  it('follows two relationship levels', () => {
    const result = runQuery(
      "SELECT sfLma__Account__r.Owner.Name FROM sfLma__License__c WHERE sfLma__Account__r.Owner.Name = 'ada'",
    );
    expect(result.rows.map((row) => row['sfLma__Account__r'])).toEqual([
      {
        attributes: { type: 'Account', url: url('Account', ids.account(1)) },
        Owner: { attributes: { type: 'User', url: url('User', ids.user(1)) }, Name: 'Ada' },
      },
      {
        attributes: { type: 'Account', url: url('Account', ids.account(1)) },
        Owner: { attributes: { type: 'User', url: url('User', ids.user(1)) }, Name: 'Ada' },
      },
    ]);
  });

  it('answers COUNT() with a count and no rows', () => {
    const active = "SELECT COUNT() FROM sfLma__License__c WHERE sfLma__Status__c = 'Active'";
    expect(runQuery(active)).toEqual({
      objectName: 'sfLma__License__c',
      totalSize: 3,
      isCount: true,
      rows: [],
    });
    expect(runQuery(`${active} LIMIT 2`).totalSize).toBe(2);
    expect(runQuery(`${active} LIMIT 5 OFFSET 2`).totalSize).toBe(1);
    expect(runQuery('select count() from Account').totalSize).toBe(5);
  });

  it('applies LIMIT and OFFSET in source order without ORDER BY', () => {
    const names = (clauses: string) => column(`SELECT Name FROM sfLma__License__c ${clauses}`);
    expect(names('LIMIT 2')).toEqual(['L-0001', 'L-0002']);
    expect(names('LIMIT 2 OFFSET 3')).toEqual(['L-0004', 'L-0005']);
    expect(names('OFFSET 4')).toEqual(['L-0005']);
    expect(names('OFFSET 9')).toEqual([]);
    expect(names('LIMIT 0')).toEqual([]);
    expect(runQuery('SELECT Name FROM sfLma__License__c LIMIT 0').totalSize).toBe(0);
  });

  it('pages rows on demand through a cursor', () => {
    const cursor = openSoqlCursor('SELECT Name FROM Account', createTestSource(), testContext);
    expect(cursor.totalSize).toBe(5);
    expect(cursor.rows(1, 3).map((row) => row['Name'])).toEqual(['Globex', '100% Natural_Foods']);
    expect(cursor.rows(4).map((row) => row['Name'])).toEqual(['acme labs']);
    expect(cursor.rows()).toHaveLength(5);
  });
});

describe('executeSoql: WHERE by field type', () => {
  it.each<[string, string[]]>([
    // Text compares case-insensitively; != and NOT IN include nulls, as in SOQL.
    ["Name = 'ACME CORP'", ['Acme Corp']],
    ["Industry = 'technology'", ['Acme Corp', 'acme labs']],
    ["Industry != 'Energy'", ['Acme Corp', '100% Natural_Foods', 'acme labs']],
    ["Industry IN ('energy', null)", ['Globex', '100% Natural_Foods', "O'Brien \\ Sons"]],
    ["Industry NOT IN ('Energy')", ['Acme Corp', '100% Natural_Foods', 'acme labs']],
    ['Industry = null', ['100% Natural_Foods']],
    ['Industry != null', ['Acme Corp', 'Globex', "O'Brien \\ Sons", 'acme labs']],
    ["Name < 'b'", ['Acme Corp', '100% Natural_Foods', 'acme labs']],
    ["Name >= 'globex'", ['Globex', "O'Brien \\ Sons"]],
    ["Name = 'O\\'Brien \\\\ Sons'", ["O'Brien \\ Sons"]],
    ["Description = ''", []],
    // Numbers (currency, int), including negative and decimal literals.
    ['AnnualRevenue > 0', ['Acme Corp', 'Globex']],
    ['AnnualRevenue < -5.5', ["O'Brien \\ Sons"]],
    ['AnnualRevenue = 250000.50', ['Globex']],
    ['AnnualRevenue = null', ['100% Natural_Foods', 'acme labs']],
    ['AnnualRevenue != 1000000', ['Globex', '100% Natural_Foods', "O'Brien \\ Sons", 'acme labs']],
    ['NumberOfEmployees IN (0, 5)', ['Globex', '100% Natural_Foods']],
    ['NumberOfEmployees <= 7', ['Globex', '100% Natural_Foods', 'acme labs']],
    ['NOT AnnualRevenue > 0', ['100% Natural_Foods', "O'Brien \\ Sons", 'acme labs']],
    // Booleans.
    ['IsPartner = true', ['Acme Corp', "O'Brien \\ Sons"]],
    ['IsPartner != TRUE', ['Globex', '100% Natural_Foods', 'acme labs']],
    ['IsPartner IN (false)', ['Globex', '100% Natural_Foods', 'acme labs']],
    // Ids: 15- and 18-character forms are the same record; ordering works for paging by Id.
    [`Id = '${ids.account(1)}'`, ['Acme Corp']],
    [`Id = '${ids.account(1).slice(0, 15)}'`, ['Acme Corp']],
    [`Id = '${ids.account(1).slice(0, 15)}aaa'`, ['Acme Corp']],
    [
      `Id IN ('${ids.account(2)}', '${ids.account(3).slice(0, 15)}', 'bogus')`,
      ['Globex', '100% Natural_Foods'],
    ],
    [`Id > '${ids.account(3)}'`, ["O'Brien \\ Sons", 'acme labs']],
    [`Id != '${ids.account(1)}'`, ['Globex', '100% Natural_Foods', "O'Brien \\ Sons", 'acme labs']],
    ["Id = 'bogus'", []],
    [`OwnerId = '${ids.user(1)}'`, ['Acme Corp']],
    ['OwnerId = null', ['Globex', '100% Natural_Foods', "O'Brien \\ Sons", 'acme labs']],
    // Logic.
    ["(Industry = 'Energy' OR IsPartner = true) AND NOT Name LIKE 'O%'", ['Acme Corp', 'Globex']],
    ["NOT (Industry = 'Energy' OR Industry = null)", ['Acme Corp', 'acme labs']],
    ["Industry = 'Energy' AND IsPartner = true AND NumberOfEmployees > 10", ["O'Brien \\ Sons"]],
    [
      "Industry = 'Energy' OR Industry = 'Technology' OR Name LIKE '100%'",
      ['Acme Corp', 'Globex', '100% Natural_Foods', "O'Brien \\ Sons", 'acme labs'],
    ],
  ])('Account WHERE %s', (condition, expected) => {
    expect(column(`SELECT Name FROM Account WHERE ${condition}`)).toEqual(expected);
  });

  it('reads relationship paths in WHERE; a missing parent reads as null', () => {
    const licenses = (condition: string) =>
      column(`SELECT Name FROM sfLma__License__c WHERE ${condition}`);
    expect(licenses("sfLma__Account__r.Name = 'acme corp'")).toEqual(['L-0001', 'L-0004']);
    expect(licenses('sfLma__Account__r.Name = null')).toEqual(['L-0003']);
    expect(licenses("sfLma__Account__r.Name != 'Acme Corp'")).toEqual([
      'L-0002',
      'L-0003',
      'L-0005',
    ]);
    expect(
      licenses("sfLma__Package_Version__r.sfLma__Version_ID__c IN ('04t000000000002')"),
    ).toEqual(['L-0002', 'L-0003']);
    expect(licenses('sfLma__Account__r.IsPartner = true AND sfLma__Seats__c > 0')).toEqual([
      'L-0001',
    ]);
  });
});

describe('executeSoql: semi-joins', () => {
  const permissionQuery = (userId: string) =>
    `SELECT Id FROM ObjectPermissions WHERE ParentId IN (SELECT PermissionSetId FROM PermissionSetAssignment WHERE AssigneeId = '${userId}') AND PermissionsEdit = true AND SobjectType = 'sfLma__Package_Version__c'`;

  it('answers the permission query', () => {
    expect(column(permissionQuery(ids.user(1)), 'Id')).toEqual([ids.objectPermission(1)]);
    expect(column(permissionQuery(ids.user(2)), 'Id')).toEqual([ids.objectPermission(3)]);
    expect(column(permissionQuery(ids.user(1).slice(0, 15)), 'Id')).toEqual([
      ids.objectPermission(1),
    ]);
    expect(column(permissionQuery(ids.user(9)), 'Id')).toEqual([]);
  });

  it('supports IN and NOT IN subqueries over reference fields', () => {
    expect(
      column(
        "SELECT Name FROM Account WHERE Id IN (SELECT sfLma__Account__c FROM sfLma__License__c WHERE sfLma__Status__c = 'Active')",
      ),
    ).toEqual(['Acme Corp', '100% Natural_Foods']);
    expect(
      column(
        'SELECT Name FROM Account WHERE Id NOT IN (SELECT sfLma__Account__c FROM sfLma__License__c)',
      ),
    ).toEqual(["O'Brien \\ Sons", 'acme labs']);
    expect(
      column(
        "SELECT Name FROM sfLma__License__c WHERE sfLma__Account__c IN (SELECT Id FROM Account WHERE IsPartner = true) AND NOT sfLma__Status__c = 'Trial'",
      ),
    ).toEqual(['L-0001']);
  });
});

describe('executeSoql: indexes and Id lookups', () => {
  /** The test source, counting full scans per object. */
  function countingSource(indexed: readonly string[] = []) {
    const inner = createTestSource({ indexed });
    const scans: string[] = [];
    const source: SoqlSource & { scans: string[]; indexHits: string[] } = {
      scans,
      indexHits: inner.indexHits,
      schema: (name) => inner.schema(name),
      byId: (name, id) => inner.byId(name, id),
      lookup: (name, field, values) => inner.lookup?.(name, field, values),
      records: (name) => {
        scans.push(name);
        return inner.records(name);
      },
    };
    return source;
  }

  it('fetches `Id = x` and `Id IN (…)` by Id without scanning', () => {
    const source = countingSource();
    const text = `SELECT Name FROM Account WHERE Id IN ('${ids.account(2)}', '${ids.account(4)}', '${ids.account(2)}') AND IsPartner = false`;
    expect(executeSoql(text, source, testContext).rows.map((row) => row['Name'])).toEqual([
      'Globex',
    ]);
    expect(source.scans).toEqual([]);
  });

  it('scans for a 15-character Id, which byId cannot take', () => {
    const source = countingSource();
    const text = `SELECT Name FROM Account WHERE Id = '${ids.account(2).slice(0, 15)}'`;
    expect(executeSoql(text, source, testContext).rows.map((row) => row['Name'])).toEqual([
      'Globex',
    ]);
    expect(source.scans).toEqual(['Account']);
  });

  it('uses the source index for equality and IN, and still applies the whole WHERE', () => {
    const source = countingSource([
      'sfLma__License__c.sfLma__Status__c',
      'sfLma__License__c.sfLma__Account__c',
    ]);
    const run = (text: string) =>
      executeSoql(text, source, testContext).rows.map((row) => row['Name']);
    expect(
      run(
        "SELECT Name FROM sfLma__License__c WHERE sfLma__Status__c = 'Active' AND sfLma__Seats__c > 0",
      ),
    ).toEqual(['L-0001', 'L-0003']);
    expect(
      run(
        `SELECT Name FROM sfLma__License__c WHERE sfLma__Account__c IN ('${ids.account(1)}', '${ids.account(3)}') AND sfLma__Status__c != 'Trial'`,
      ),
    ).toEqual(['L-0001', 'L-0005']);
    expect(source.indexHits).toEqual([
      'sfLma__License__c.sfLma__Status__c',
      'sfLma__License__c.sfLma__Account__c',
    ]);
    expect(source.scans).toEqual([]);
  });

  it('falls back to a scan when the source has no index for the field', () => {
    const source = countingSource();
    const text = "SELECT Name FROM sfLma__License__c WHERE sfLma__Status__c IN ('Trial')";
    expect(executeSoql(text, source, testContext).rows.map((row) => row['Name'])).toEqual([
      'L-0004',
    ]);
    expect(source.scans).toEqual(['sfLma__License__c']);
  });

  it('does not let an index change results (an OR is never narrowed)', () => {
    const source = countingSource(['sfLma__License__c.sfLma__Status__c']);
    const text =
      "SELECT Name FROM sfLma__License__c WHERE sfLma__Status__c = 'Trial' OR sfLma__Seats__c = 0";
    expect(executeSoql(text, source, testContext).rows.map((row) => row['Name'])).toEqual([
      'L-0002',
      'L-0004',
    ]);
    expect(source.indexHits).toEqual([]);
  });

  it('reads records lazily and stops at LIMIT when there is no ORDER BY', () => {
    let read = 0;
    const inner = createTestSource();
    const source: SoqlSource = {
      ...inner,
      records: function* (name) {
        for (const record of testRecords[name] ?? []) {
          read++;
          yield record;
        }
      },
    };
    executeSoql(
      'SELECT Id FROM sfLma__License__c WHERE sfLma__Seats__c >= 0 LIMIT 2',
      source,
      testContext,
    );
    expect(read).toBe(2);
  });
});
