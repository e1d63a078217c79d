// Fuzz: well-typed queries over the test org run without error and give the same rows
// whether or not the source has indexes, and after a trip through the formatter.
// The seed is fixed for CI; fast-check prints seed and path on failure, and FC_SEED=<seed>
// reproduces a run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executeSoql, formatSoql, parseSoql } from './index';
import { createTestSource, ids, testContext } from './test-source';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 4242) });

const plainSource = createTestSource();
const indexedSource = createTestSource({
  indexed: [
    'sfLma__License__c.sfLma__Status__c',
    'sfLma__License__c.sfLma__Account__c',
    'sfLma__License__c.Name',
    'Account.Name',
  ],
});

type Kind = 'text' | 'number' | 'boolean' | 'date' | 'datetime' | 'id';
const LICENSE_FIELDS: readonly (readonly [string, Kind])[] = [
  ['Id', 'id'],
  ['Name', 'text'],
  ['sfLma__Status__c', 'text'],
  ['sfLma__Subscriber_Org_ID__c', 'text'],
  ['sfLma__Seats__c', 'number'],
  ['sfLma__Used_Licenses__c', 'number'],
  ['sfLma__Is_Sandbox__c', 'boolean'],
  ['sfLma__Expiration__c', 'date'],
  ['LastModifiedDate', 'datetime'],
  ['sfLma__Account__c', 'id'],
  ['sfLma__Package_Version__c', 'id'],
  ['sfLma__Account__r.Name', 'text'],
  ['sfLma__Account__r.Owner.Name', 'text'],
  ['sfLma__Account__r.IsPartner', 'boolean'],
  ['sfLma__Account__r.AnnualRevenue', 'number'],
  ['sfLma__Account__r.CreatedDate', 'datetime'],
  ['sfLma__Package_Version__r.sfLma__Version_ID__c', 'text'],
];

const quoted = (values: string[]) => values.map((value) => `'${value}'`);
const LITERALS: Readonly<Record<Kind, readonly string[]>> = {
  text: quoted([
    'Active',
    'active',
    'Trial',
    'L-0001',
    'L-0003',
    'Acme Corp',
    'acme corp',
    'Globex',
    'Ada',
    '04t000000000002',
    '00D000000000001AAA',
    'x',
    '',
  ]),
  number: ['-3', '0', '10', '25.5', '30', '250000.5', '-10', '1000000'],
  boolean: ['true', 'false'],
  date: [
    '2023-12-31',
    '2024-05-31',
    '2024-06-01',
    '2024-06-30',
    '2025-01-01',
    'TODAY',
    'THIS_MONTH',
    'LAST_N_DAYS:1',
    'NEXT_N_MONTHS:12',
    'LAST_YEAR',
  ],
  datetime: [
    '2024-06-01T00:00:00Z',
    '2024-06-01T08:00:00.000+00:00',
    '2024-05-31T12:00:00+02:00',
    '2024-05-31',
    '2024-01-15',
    'TODAY',
    'YESTERDAY',
    'LAST_N_DAYS:2',
    'THIS_YEAR',
    'LAST_90_DAYS',
  ],
  id: quoted([
    ids.license(1),
    ids.license(4),
    ids.account(1),
    ids.account(1).slice(0, 15),
    `${ids.account(3).slice(0, 15)}aaa`,
    ids.account(2),
    ids.version(2),
    'bogus',
  ]),
};
const OPERATORS: Readonly<Record<Kind, readonly string[]>> = {
  text: ['=', '!=', '<', '>=', 'LIKE'],
  number: ['=', '!=', '<', '<=', '>', '>='],
  boolean: ['=', '!='],
  date: ['=', '!=', '<', '<=', '>', '>='],
  datetime: ['=', '!=', '<', '<=', '>', '>='],
  id: ['=', '!=', '<', '>'],
};
const LIKE_PATTERNS = quoted(['a%', '%e%', 'L-000_', '%', '_', '%\\%%', 'ACME%']);

const typedComparison = fc.constantFrom(...LICENSE_FIELDS).chain(([field, kind]) =>
  fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...OPERATORS[kind]),
        fc.constantFrom(...LITERALS[kind]),
        fc.constantFrom(...LIKE_PATTERNS),
      )
      .map(
        ([operator, value, pattern]) =>
          `${field} ${operator} ${operator === 'LIKE' ? pattern : value}`,
      ),
    fc.constantFrom(`${field} = null`, `${field} != null`),
    fc
      .tuple(
        fc.constantFrom('IN', 'NOT IN'),
        fc.subarray([...LITERALS[kind], 'null'], { minLength: 1 }),
      )
      .map(([operator, values]) => `${field} ${operator} (${values.join(', ')})`),
  ),
);
const typedSemiJoin = fc
  .tuple(
    fc.constantFrom('IN', 'NOT IN'),
    fc.constantFrom(
      "Industry = 'energy'",
      'IsPartner = true',
      "Name LIKE 'a%'",
      'AnnualRevenue > 0',
    ),
  )
  .map(
    ([operator, where]) => `sfLma__Account__c ${operator} (SELECT Id FROM Account WHERE ${where})`,
  );

const { typedCondition } = fc.letrec<{ typedCondition: string }>((tie) => ({
  typedCondition: fc.oneof(
    { depthSize: 'small' },
    typedComparison,
    typedSemiJoin,
    tie('typedCondition').map((inner) => `NOT (${inner})`),
    fc
      .tuple(
        fc.constantFrom(' AND ', ' OR '),
        fc.array(tie('typedCondition'), { minLength: 2, maxLength: 3 }),
      )
      .map(([joiner, operands]) => operands.map((operand) => `(${operand})`).join(joiner)),
  ),
}));

const typedQuery = fc
  .tuple(typedCondition, fc.option(fc.nat({ max: 6 })), fc.option(fc.nat({ max: 3 })))
  .map(
    ([where, limit, offset]) =>
      `SELECT Id, sfLma__Account__r.Name FROM sfLma__License__c WHERE ${where} ORDER BY Id` +
      (limit === null ? '' : ` LIMIT ${limit}`) +
      (offset === null ? '' : ` OFFSET ${offset}`),
  );

describe('fuzz: well-typed queries over the test org', () => {
  it('run without error, and give the same rows with or without an index and once formatted', () => {
    let nonEmpty = 0;
    fc.assert(
      fc.property(typedQuery, (text) => {
        const expected = executeSoql(text, plainSource, testContext);
        expect(executeSoql(text, indexedSource, testContext)).toEqual(expected);
        expect(executeSoql(formatSoql(parseSoql(text)), plainSource, testContext)).toEqual(
          expected,
        );
        if (expected.totalSize > 0) nonEmpty++;
      }),
      { numRuns: 1500 },
    );
    // Guard against a vacuous property: many generated filters must select something.
    expect(nonEmpty).toBeGreaterThan(300);
  });
});
