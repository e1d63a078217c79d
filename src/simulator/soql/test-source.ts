// Test support: a small in-memory org (accounts, package versions, licenses related to both,
// and the permission objects of the "can this user edit package versions" query) behind a
// SoqlSource, with an optional exact-match index that counts its uses.

import { executeSoql } from './execute';
import type { SoqlObjectSchema, SoqlRecord, SoqlResult, SoqlSource } from './source';

/** An 18-character Id: 3-character key prefix, 12-digit number, 'AAA' checksum. */
export function sfId(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(12, '0')}AAA`;
}

export const ids = {
  account: (n: number) => sfId('001', n),
  version: (n: number) => sfId('a0B', n),
  license: (n: number) => sfId('a0A', n),
  user: (n: number) => sfId('005', n),
  permissionSet: (n: number) => sfId('0PS', n),
  assignment: (n: number) => sfId('0Pa', n),
  objectPermission: (n: number) => sfId('110', n),
};

const reference = (name: string, referenceTo: string, relationshipName: string) =>
  ({ name, type: 'reference', referenceTo, relationshipName }) as const;

export const testSchemas: readonly SoqlObjectSchema[] = [
  {
    name: 'Account',
    fields: [
      { name: 'Id', type: 'id' },
      { name: 'Name', type: 'string' },
      { name: 'Industry', type: 'picklist' },
      { name: 'Description', type: 'textarea' },
      { name: 'AnnualRevenue', type: 'currency' },
      { name: 'NumberOfEmployees', type: 'int' },
      { name: 'IsPartner', type: 'boolean' },
      { name: 'CreatedDate', type: 'datetime' },
      reference('OwnerId', 'User', 'Owner'),
    ],
  },
  {
    name: 'sfLma__Package_Version__c',
    fields: [
      { name: 'Id', type: 'id' },
      { name: 'Name', type: 'string' },
      { name: 'sfLma__Version_ID__c', type: 'string' },
    ],
  },
  {
    name: 'sfLma__License__c',
    fields: [
      { name: 'Id', type: 'id' },
      { name: 'Name', type: 'string' },
      { name: 'sfLma__Status__c', type: 'picklist' },
      { name: 'sfLma__Seats__c', type: 'double' },
      { name: 'sfLma__Used_Licenses__c', type: 'percent' },
      { name: 'sfLma__Expiration__c', type: 'date' },
      { name: 'sfLma__Is_Sandbox__c', type: 'boolean' },
      { name: 'sfLma__Subscriber_Org_ID__c', type: 'string' },
      { name: 'LastModifiedDate', type: 'datetime' },
      reference('sfLma__Account__c', 'Account', 'sfLma__Account__r'),
      reference(
        'sfLma__Package_Version__c',
        'sfLma__Package_Version__c',
        'sfLma__Package_Version__r',
      ),
    ],
  },
  {
    name: 'User',
    fields: [
      { name: 'Id', type: 'id' },
      { name: 'Name', type: 'string' },
    ],
  },
  {
    name: 'PermissionSet',
    fields: [
      { name: 'Id', type: 'id' },
      { name: 'Name', type: 'string' },
    ],
  },
  {
    name: 'PermissionSetAssignment',
    fields: [
      { name: 'Id', type: 'id' },
      reference('PermissionSetId', 'PermissionSet', 'PermissionSet'),
      reference('AssigneeId', 'User', 'Assignee'),
    ],
  },
  {
    name: 'ObjectPermissions',
    fields: [
      { name: 'Id', type: 'id' },
      reference('ParentId', 'PermissionSet', 'Parent'),
      { name: 'SobjectType', type: 'picklist' },
      { name: 'PermissionsEdit', type: 'boolean' },
      { name: 'PermissionsRead', type: 'boolean' },
    ],
  },
];

const account = (n: number, fields: Record<string, unknown>) => ({ Id: ids.account(n), ...fields });
const license = (n: number, fields: Record<string, unknown>) => ({
  Id: ids.license(n),
  Name: `L-${String(n).padStart(4, '0')}`,
  ...fields,
});

export const testRecords: Readonly<Record<string, readonly SoqlRecord[]>> = {
  Account: [
    account(1, {
      Name: 'Acme Corp',
      Industry: 'Technology',
      AnnualRevenue: 1_000_000,
      NumberOfEmployees: 50,
      IsPartner: true,
      CreatedDate: '2024-01-15T09:30:00.000+0000',
      OwnerId: ids.user(1),
    }),
    account(2, {
      Name: 'Globex',
      Industry: 'Energy',
      AnnualRevenue: 250_000.5,
      NumberOfEmployees: 5,
      IsPartner: false,
      CreatedDate: '2023-12-31T23:59:59.999+0000',
    }),
    account(3, {
      Name: '100% Natural_Foods',
      Industry: null,
      NumberOfEmployees: 0,
      IsPartner: false,
      CreatedDate: '2024-03-01T00:00:00.000+0000',
    }),
    account(4, {
      Name: "O'Brien \\ Sons",
      Industry: 'Energy',
      AnnualRevenue: -10,
      NumberOfEmployees: 12,
      IsPartner: true,
      CreatedDate: '2024-06-01T11:59:59.000+0000',
    }),
    account(5, {
      Name: 'acme labs',
      Industry: 'technology',
      NumberOfEmployees: 7,
      IsPartner: false,
      CreatedDate: '2024-05-31T23:00:00.000+0000',
    }),
  ],
  sfLma__Package_Version__c: [
    { Id: ids.version(1), Name: '1.0', sfLma__Version_ID__c: '04t000000000001' },
    { Id: ids.version(2), Name: '2.0', sfLma__Version_ID__c: '04t000000000002' },
  ],
  sfLma__License__c: [
    license(1, {
      sfLma__Status__c: 'Active',
      sfLma__Seats__c: 10,
      sfLma__Expiration__c: '2024-06-30',
      sfLma__Is_Sandbox__c: false,
      sfLma__Subscriber_Org_ID__c: '00D000000000001AAA',
      LastModifiedDate: '2024-05-31T10:00:00.000+0000',
      sfLma__Account__c: ids.account(1),
      sfLma__Package_Version__c: ids.version(1),
    }),
    license(2, {
      sfLma__Status__c: 'Suspended',
      sfLma__Seats__c: 0,
      sfLma__Expiration__c: null,
      sfLma__Is_Sandbox__c: true,
      sfLma__Subscriber_Org_ID__c: '00D000000000002AAA',
      LastModifiedDate: '2024-06-01T08:00:00.000+0000',
      sfLma__Account__c: ids.account(2),
      sfLma__Package_Version__c: ids.version(2),
    }),
    license(3, {
      sfLma__Status__c: 'Active',
      sfLma__Seats__c: 25.5,
      sfLma__Expiration__c: '2025-01-01',
      sfLma__Is_Sandbox__c: false,
      sfLma__Subscriber_Org_ID__c: '00D000000000003AAA',
      LastModifiedDate: '2024-04-15T12:00:00.000+0000',
      sfLma__Account__c: null,
      sfLma__Package_Version__c: ids.version(2),
    }),
    license(4, {
      sfLma__Status__c: 'Trial',
      sfLma__Expiration__c: '2024-05-31',
      sfLma__Is_Sandbox__c: false,
      sfLma__Subscriber_Org_ID__c: '00D000000000004AAA',
      LastModifiedDate: '2024-06-01T00:00:00.000+0000',
      sfLma__Account__c: ids.account(1),
    }),
    license(5, {
      sfLma__Status__c: 'Active',
      sfLma__Seats__c: -3,
      sfLma__Expiration__c: '2023-12-31',
      sfLma__Is_Sandbox__c: true,
      sfLma__Subscriber_Org_ID__c: '00D000000000005AAA',
      LastModifiedDate: '2023-12-31T23:59:59.000+0000',
      sfLma__Account__c: ids.account(3),
      sfLma__Package_Version__c: ids.version(1),
    }),
  ],
  User: [
    { Id: ids.user(1), Name: 'Ada' },
    { Id: ids.user(2), Name: 'Grace' },
  ],
  PermissionSet: [1, 2, 3].map((n) => ({ Id: ids.permissionSet(n), Name: `PS${n}` })),
  PermissionSetAssignment: [
    [1, 1, 1],
    [2, 2, 1],
    [3, 3, 2],
  ].map(([n, set, user]) => ({
    Id: ids.assignment(n ?? 0),
    PermissionSetId: ids.permissionSet(set ?? 0),
    AssigneeId: ids.user(user ?? 0),
  })),
  ObjectPermissions: [
    [1, 1, 'sfLma__Package_Version__c', true],
    [2, 2, 'sfLma__Package_Version__c', false],
    [3, 3, 'sfLma__Package_Version__c', true],
    [4, 1, 'Account', true],
  ].map(([n, set, type, edit]) => ({
    Id: ids.objectPermission(Number(n)),
    ParentId: ids.permissionSet(Number(set)),
    SobjectType: type,
    PermissionsEdit: edit,
    PermissionsRead: true,
  })),
};

export interface TestSource extends SoqlSource {
  /** Calls of `lookup` that an index answered, as 'Object.Field'. */
  readonly indexHits: string[];
}

/** A source over `records`; with `indexed`, an exact-match index on the listed fields. */
export function createTestSource(
  options: {
    indexed?: readonly string[];
    records?: Readonly<Record<string, readonly SoqlRecord[]>>;
  } = {},
): TestSource {
  const records = options.records ?? testRecords;
  const indexed = new Set(options.indexed ?? []);
  const indexHits: string[] = [];
  const recordsOf = (objectName: string) => records[objectName] ?? [];
  return {
    indexHits,
    schema: (objectName) =>
      testSchemas.find((schema) => schema.name.toLowerCase() === objectName.toLowerCase()),
    records: recordsOf,
    byId: (objectName, id) => recordsOf(objectName).find((record) => record['Id'] === id),
    lookup: (objectName, field, values) => {
      if (!indexed.has(`${objectName}.${field}`)) return undefined;
      indexHits.push(`${objectName}.${field}`);
      return recordsOf(objectName).filter((record) => values.includes(record[field] as string));
    },
  };
}

/** Saturday 2024-06-01, noon UTC. */
export const testNow = new Date('2024-06-01T12:00:00Z');
export const testContext = { now: testNow, apiVersion: '62.0' };

/** Runs `text` against the test org (or `source`) at `testNow`. */
export function runQuery(text: string, source: SoqlSource = createTestSource()): SoqlResult {
  return executeSoql(text, source, testContext);
}

/** The `field` values of the result rows, in order. */
export function column(text: string, field = 'Name', source?: SoqlSource): unknown[] {
  return runQuery(text, source).rows.map((row) => row[field]);
}
