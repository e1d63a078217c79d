import { describe, expect, it } from 'vitest';
import type { SoqlCondition, SoqlLiteral, SoqlQuery } from './ast';
import { formatSoql, parseSoql } from './index';

const field = (...path: string[]) => ({ kind: 'field' as const, path });
const str = (value: string): SoqlLiteral => ({ kind: 'string', value });
const num = (text: string): SoqlLiteral => ({ kind: 'number', text, value: Number(text) });
const compare = (
  path: string,
  operator: '=' | '!=' | '<' | '<=' | '>' | '>=' | 'LIKE',
  value: SoqlLiteral,
): SoqlCondition => ({ kind: 'compare', field: field(...path.split('.')), operator, value });

function whereOf(text: string): SoqlCondition | null {
  return parseSoql(text).where;
}

describe('parseSoql: clauses', () => {
  it('parses a field list with relationship paths, FROM, ORDER BY, LIMIT and OFFSET', () => {
    const query = parseSoql(
      'SELECT Id, sfLma__Package_Version__r.sfLma__Version_ID__c, sfLma__Account__r.Name FROM sfLma__License__c ORDER BY Name DESC NULLS LAST, Id LIMIT 10 OFFSET 20',
    );
    expect(query).toEqual<SoqlQuery>({
      select: {
        kind: 'fields',
        fields: [
          field('Id'),
          field('sfLma__Package_Version__r', 'sfLma__Version_ID__c'),
          field('sfLma__Account__r', 'Name'),
        ],
      },
      from: 'sfLma__License__c',
      where: null,
      orderBy: [
        { field: field('Name'), direction: 'DESC', nulls: 'LAST' },
        { field: field('Id'), direction: 'ASC', nulls: 'FIRST' },
      ],
      limit: 10,
      offset: 20,
    });
  });

  it('parses COUNT()', () => {
    expect(parseSoql('SELECT COUNT() FROM Account').select).toEqual({ kind: 'count' });
  });

  it('treats keywords case-insensitively and keeps names as written', () => {
    const query = parseSoql(
      "select id, NAME from account where name = 'x' order by NAME asc nulls first limit 1",
    );
    expect(query.select).toEqual({ kind: 'fields', fields: [field('id'), field('NAME')] });
    expect(query.from).toBe('account');
    expect(query.orderBy).toEqual([{ field: field('NAME'), direction: 'ASC', nulls: 'FIRST' }]);
  });

  it('accepts whitespace of any kind, including newlines', () => {
    expect(parseSoql('SELECT\n\tId\r\nFROM   Account\n')).toEqual(
      parseSoql('SELECT Id FROM Account'),
    );
  });

  it('accepts ORDER as an object name (Order is a standard object)', () => {
    expect(parseSoql('SELECT Id FROM Order ORDER BY Id').from).toBe('Order');
  });
});

describe('parseSoql: WHERE', () => {
  it.each<[string, SoqlCondition]>([
    ["Name = 'Acme'", compare('Name', '=', str('Acme'))],
    ["Name != 'Acme'", compare('Name', '!=', str('Acme'))],
    ["Name <> 'Acme'", compare('Name', '!=', str('Acme'))],
    ['Seats__c < 5', compare('Seats__c', '<', num('5'))],
    ['Seats__c <= -5', compare('Seats__c', '<=', num('-5'))],
    ['Seats__c > 2.75', compare('Seats__c', '>', num('2.75'))],
    ['Seats__c >= 0', compare('Seats__c', '>=', num('0'))],
    ["Name LIKE 'Ac%'", compare('Name', 'LIKE', str('Ac%'))],
    ['Name = null', compare('Name', '=', { kind: 'null' })],
    ['Name != NULL', compare('Name', '!=', { kind: 'null' })],
    ['IsPartner = true', compare('IsPartner', '=', { kind: 'boolean', value: true })],
    ['IsPartner = FALSE', compare('IsPartner', '=', { kind: 'boolean', value: false })],
    ['CloseDate = 2024-01-31', compare('CloseDate', '=', { kind: 'date', text: '2024-01-31' })],
    [
      'CreatedDate > 2024-01-31T10:00:00Z',
      compare('CreatedDate', '>', {
        kind: 'datetime',
        text: '2024-01-31T10:00:00Z',
        epochMs: Date.UTC(2024, 0, 31, 10),
      }),
    ],
    [
      'CreatedDate > 2024-01-31T10:00:00.250+02:30',
      compare('CreatedDate', '>', {
        kind: 'datetime',
        text: '2024-01-31T10:00:00.250+02:30',
        epochMs: Date.UTC(2024, 0, 31, 7, 30, 0, 250),
      }),
    ],
    [
      'CreatedDate < 2024-01-31t10:00:00-0800',
      compare('CreatedDate', '<', {
        kind: 'datetime',
        text: '2024-01-31T10:00:00-0800',
        epochMs: Date.UTC(2024, 0, 31, 18),
      }),
    ],
    [
      'CreatedDate = today',
      compare('CreatedDate', '=', { kind: 'dateLiteral', name: 'TODAY', n: null }),
    ],
    [
      'CreatedDate = LAST_N_DAYS:30',
      compare('CreatedDate', '=', { kind: 'dateLiteral', name: 'LAST_N_DAYS', n: 30 }),
    ],
    ["sfLma__Account__r.Name = 'x'", compare('sfLma__Account__r.Name', '=', str('x'))],
    [
      "Name IN ('a', 'b')",
      { kind: 'in', field: field('Name'), negated: false, values: [str('a'), str('b')] },
    ],
    [
      'Seats__c NOT IN (1, null)',
      { kind: 'in', field: field('Seats__c'), negated: true, values: [num('1'), { kind: 'null' }] },
    ],
  ])('%s', (condition, expected) => {
    expect(whereOf(`SELECT Id FROM Account WHERE ${condition}`)).toEqual(expected);
  });

  it('parses AND, OR, NOT and parentheses into a tree', () => {
    expect(
      whereOf('SELECT Id FROM A WHERE a = 1 AND (b = 2 OR NOT c = 3) AND NOT (d = 4 AND e = 5)'),
    ).toEqual({
      kind: 'and',
      operands: [
        compare('a', '=', num('1')),
        {
          kind: 'or',
          operands: [
            compare('b', '=', num('2')),
            { kind: 'not', operand: compare('c', '=', num('3')) },
          ],
        },
        {
          kind: 'not',
          operand: {
            kind: 'and',
            operands: [compare('d', '=', num('4')), compare('e', '=', num('5'))],
          },
        },
      ],
    });
  });

  it('drops redundant parentheses', () => {
    expect(whereOf('SELECT Id FROM A WHERE ((a = 1))')).toEqual(compare('a', '=', num('1')));
  });

  it('parses the permission semi-join', () => {
    const where = whereOf(
      "SELECT Id FROM ObjectPermissions WHERE ParentId IN (SELECT PermissionSetId FROM PermissionSetAssignment WHERE AssigneeId = '005000000000001AAA') AND PermissionsEdit = true AND SobjectType = 'sfLma__Package_Version__c'",
    );
    expect(where).toEqual({
      kind: 'and',
      operands: [
        {
          kind: 'semiJoin',
          field: field('ParentId'),
          negated: false,
          query: {
            select: { kind: 'fields', fields: [field('PermissionSetId')] },
            from: 'PermissionSetAssignment',
            where: compare('AssigneeId', '=', str('005000000000001AAA')),
            orderBy: [],
            limit: null,
            offset: null,
          },
        },
        compare('PermissionsEdit', '=', { kind: 'boolean', value: true }),
        compare('SobjectType', '=', str('sfLma__Package_Version__c')),
      ],
    });
  });

  it('parses NOT IN with a subquery as an anti-join', () => {
    const where = whereOf(
      'SELECT Id FROM Account WHERE Id NOT IN (SELECT sfLma__Account__c FROM sfLma__License__c)',
    );
    expect(where).toMatchObject({ kind: 'semiJoin', negated: true });
  });
});

describe('parseSoql: string literals', () => {
  it.each([
    ["'plain'", 'plain'],
    ["'it\\'s'", "it's"],
    ["'back\\\\slash'", 'back\\slash'],
    ["'line\\nbreak\\ttab\\rcr\\bb\\ff'", 'line\nbreak\ttab\rcr\bb\ff'],
    ['\'say \\"hi\\"\'', 'say "hi"'],
    // \% and \_ keep their backslash: only LIKE gives them meaning.
    ["'100\\%'", '100\\%'],
    ["'a\\_b'", 'a\\_b'],
    ["''", ''],
    ["'unicode ✓ 𝄞'", 'unicode ✓ 𝄞'],
  ])('%s decodes to the right value', (literal, value) => {
    expect(whereOf(`SELECT Id FROM A WHERE Name = ${literal}`)).toEqual(
      compare('Name', '=', str(value)),
    );
  });
});

describe('formatSoql', () => {
  it.each([
    [
      "select id,name from account where name<>'x' and (a=1 or b<=2) order by name desc",
      "SELECT id, name FROM account WHERE name != 'x' AND (a = 1 OR b <= 2) ORDER BY name DESC NULLS FIRST",
    ],
    [
      'SELECT COUNT() FROM Account LIMIT 5 OFFSET 1',
      'SELECT COUNT() FROM Account LIMIT 5 OFFSET 1',
    ],
    [
      "SELECT Id FROM A WHERE NOT (a = 1 OR b = 2) AND NOT c IN ('x','y')",
      "SELECT Id FROM A WHERE NOT (a = 1 OR b = 2) AND NOT c IN ('x', 'y')",
    ],
    [
      "SELECT Id FROM A WHERE Name = 'O\\'Brien \\\\ \\n' AND d = last_n_days:7",
      "SELECT Id FROM A WHERE Name = 'O\\'Brien \\\\ \\n' AND d = LAST_N_DAYS:7",
    ],
    [
      'SELECT Id FROM A WHERE Id IN (SELECT B__c FROM B WHERE c = true)',
      'SELECT Id FROM A WHERE Id IN (SELECT B__c FROM B WHERE c = true)',
    ],
  ])('%s', (text, canonical) => {
    expect(formatSoql(parseSoql(text))).toBe(canonical);
    expect(parseSoql(canonical)).toEqual(parseSoql(text));
  });
});
