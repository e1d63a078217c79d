// Key prefixes (the first three characters of a record id).
// Standard objects: Salesforce Help article 000385203 "Look up an object by its record ID prefix" and
// the public prefix tables derived from it (e.g. walling/sfid prefixes.json), where the push objects
// appear under their internal names PushUpgradeRequest (0DV), PushUpgradeJob (0DX) and
// PushUpgradeJobError (0DY). The PackagePushRequest object reference confirms "starting with 0DV";
// MetadataPackage ids start with 033 and MetadataPackageVersion (package version) ids with 04t.
// PackageSubscriber's prefix is in none of the sources we checked; 0Hb is our choice (unverified).
// Custom objects get a per-org prefix (a00…a0z); the LMA's three objects use a0J, a0K and a0L here.

export const KEY_PREFIX = {
  Account: '001',
  User: '005',
  Organization: '00D',
  Profile: '00e',
  PermissionSet: '0PS',
  PermissionSetAssignment: '0Pa',
  ObjectPermissions: '110',
  MetadataPackage: '033',
  MetadataPackageVersion: '04t',
  PackageSubscriber: '0Hb',
  PackagePushRequest: '0DV',
  PackagePushJob: '0DX',
  PackagePushError: '0DY',
  ScratchOrgInfo: '2SR',
  /** Bulk API jobs (AsyncApiJob): ingest and query jobs alike. */
  BulkJob: '750',
  sfLma__Package__c: 'a0J',
  sfLma__Package_Version__c: 'a0K',
  sfLma__License__c: 'a0L',
  /** Query locators (cursor ids) look like record ids with this prefix: 01gD0000002HU6KIAW-2000. */
  QueryLocator: '01g',
} as const;

export type KeyPrefixedObject = keyof typeof KEY_PREFIX;
