// Fuzz: arbitrary text, token soups and mutated queries never make the engine throw
// anything but a SoqlError; whatever parses also survives the formatter round-trip.
// The seed is fixed for CI; fast-check prints seed and path on failure, and FC_SEED=<seed>
// reproduces a run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executeSoql, formatSoql, parseSoql, SoqlError } from './index';
import type { SoqlSource } from './source';
import { createTestSource, ids, testContext } from './test-source';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 4242) });

/** Runs `action`; anything thrown other than a SoqlError fails the property. */
function onlySoqlErrors(action: () => unknown): void {
  try {
    action();
  } catch (error) {
    if (!(error instanceof SoqlError)) throw error;
  }
}

const plainSource = createTestSource();
const indexedSource = createTestSource({
  indexed: [
    'sfLma__License__c.sfLma__Status__c',
    'sfLma__License__c.sfLma__Account__c',
    'sfLma__License__c.Name',
    'Account.Name',
  ],
});

/** Parses, executes, and checks the formatter round-trip for any text that parses. */
function exercise(text: string, source: SoqlSource = plainSource): void {
  onlySoqlErrors(() => {
    const query = parseSoql(text);
    const canonical = formatSoql(query);
    expect(parseSoql(canonical)).toEqual(query);
    executeSoql(text, source, testContext);
  });
}

const TOKENS = [
  ...'SELECT FROM WHERE AND OR NOT IN LIKE ORDER BY ASC DESC NULLS FIRST LAST LIMIT OFFSET GROUP HAVING WITH FOR UPDATE USING TYPEOF COUNT FIELDS SUM INCLUDES null true FALSE'.split(
    ' ',
  ),
  ...'( ) , . : = != <> < <= > >= * ; - " \\ @'.split(' '),
  ...'Id Name Industry IsPartner AnnualRevenue NumberOfEmployees CreatedDate OwnerId Owner Account sfLma__License__c sfLma__Account__r sfLma__Account__c sfLma__Status__c sfLma__Seats__c sfLma__Expiration__c LastModifiedDate PermissionSetAssignment ObjectPermissions ParentId PermissionSetId AssigneeId Foo__c'.split(
    ' ',
  ),
  "'x'",
  "'Acme%'",
  "'it\\'s'",
  "'\\%'",
  "'bad\\q'",
  "'open",
  "''",
  `'${ids.account(1)}'`,
  '0',
  '-1',
  '2.5',
  '99999999999',
  '2024-01-31',
  '2024-02-30',
  '2024-01-31T10:00:00Z',
  '2024-01-31T10:00:00.123+05:30',
  '2024-01-31T10:00:00',
  'TODAY',
  'LAST_N_DAYS',
  'LAST_N_DAYS:3',
  'THIS_MONTH',
  'N_DAYS_AGO:2',
  ':name',
];

const tokenSoup = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.constantFrom(...TOKENS), { maxLength: 30 }),
    fc.constantFrom(' ', '  ', '\n', '\t'),
  )
  .map(([selectFirst, tokens, space]) =>
    (selectFirst ? ['SELECT', ...tokens] : tokens).join(space),
  );

describe('fuzz: nothing but SoqlError ever escapes', () => {
  it('arbitrary strings, including lone surrogates and control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => exercise(text)),
      {
        numRuns: 2000,
      },
    );
  });

  it('arbitrary token soups', () => {
    fc.assert(
      fc.property(tokenSoup, (text) => exercise(text)),
      { numRuns: 4000 },
    );
  });

  it('mutations of a valid query (one character dropped, doubled or replaced)', () => {
    const base =
      "SELECT Id, sfLma__Account__r.Name FROM sfLma__License__c WHERE (sfLma__Status__c IN ('Active', null) OR LastModifiedDate > LAST_N_DAYS:30) AND sfLma__Account__c IN (SELECT Id FROM Account WHERE Name LIKE 'a\\%%') ORDER BY Name DESC NULLS LAST LIMIT 5 OFFSET 1";
    const mutation = fc.tuple(
      fc.nat({ max: base.length - 1 }),
      fc.constantFrom('drop', 'double', 'replace'),
      fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(mutation, ([at, kind, char]) => {
        const mutated =
          kind === 'drop'
            ? base.slice(0, at) + base.slice(at + 1)
            : kind === 'double'
              ? base.slice(0, at + 1) + base.slice(at)
              : base.slice(0, at) + char + base.slice(at + 1);
        exercise(mutated, indexedSource);
      }),
      { numRuns: 3000 },
    );
  });
});
