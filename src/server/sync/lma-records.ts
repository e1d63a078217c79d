// The LMA's records (sfLma__License__c, sfLma__Package__c, sfLma__Package_Version__c, Account):
// the fields read, their schema, and how each becomes a row. Ids are canonicalised to 18
// characters here, once, so every join downstream compares like with like.
import { z } from 'zod';
import { KEY_PREFIXES } from '../../domain/ids';
import { versionSegments, versionSortKey } from '../../domain/versions';
import type { AccountRow } from '../db/repositories/accounts';
import type { LicenseRow } from '../db/repositories/licenses';
import type { PackageRow, PackageVersionRow } from '../db/repositories/packages';
import { dateAsTimestamp, dateTimeMs, id18, wholeNumber } from './record-values';

const text = z.string().nullish();
const stamped = { Id: z.string(), SystemModstamp: z.string() };

export const LICENSE_SELECT = `SELECT Id, Name, SystemModstamp, sfLma__Subscriber_Org_ID__c,
  sfLma__Org_Instance__c, sfLma__License_Type__c, sfLma__Subscriber_Org_Is_Sandbox__c,
  sfLma__Status__c, sfLma__Install_Date__c, sfLma__Expiration__c, sfLma__Used_Licenses__c,
  sfLma__Package__c, sfLma__Package_Version__r.sfLma__Version_ID__c, sfLma__Account__c,
  sfLma__Org_Edition__c FROM sfLma__License__c`;

export const licenseRecord = z.object({
  ...stamped,
  Name: text,
  sfLma__Subscriber_Org_ID__c: text,
  sfLma__Org_Instance__c: text,
  sfLma__License_Type__c: text,
  sfLma__Subscriber_Org_Is_Sandbox__c: z.boolean().nullish(),
  sfLma__Status__c: text,
  sfLma__Install_Date__c: text,
  sfLma__Expiration__c: text,
  sfLma__Used_Licenses__c: z.number().nullish(),
  sfLma__Package__c: text,
  sfLma__Package_Version__r: z.object({ sfLma__Version_ID__c: text }).nullish(),
  sfLma__Account__c: text,
  sfLma__Org_Edition__c: text,
});
export type LicenseRecord = z.infer<typeof licenseRecord>;

export function toLicenseRow(r: LicenseRecord): LicenseRow {
  return {
    sfid: id18(r.Id) ?? r.Id,
    name: r.Name ?? null,
    orgId: id18(r.sfLma__Subscriber_Org_ID__c, KEY_PREFIXES.organization),
    accountId: id18(r.sfLma__Account__c),
    instance: r.sfLma__Org_Instance__c ?? null,
    type: r.sfLma__License_Type__c ?? null,
    isSandbox: r.sfLma__Subscriber_Org_Is_Sandbox__c ?? false,
    status: r.sfLma__Status__c ?? null,
    edition: r.sfLma__Org_Edition__c ?? null,
    installDate: dateAsTimestamp(r.sfLma__Install_Date__c),
    expiration: r.sfLma__Expiration__c ?? null,
    usedLicenseCount: wholeNumber(r.sfLma__Used_Licenses__c),
    packageId: id18(r.sfLma__Package__c),
    versionId: id18(r.sfLma__Package_Version__r?.sfLma__Version_ID__c, KEY_PREFIXES.packageVersion),
    modifiedDate: r.SystemModstamp,
  };
}

export const PACKAGE_SELECT = `SELECT Id, Name, Status__c, sfLma__Developer_Org_ID__c,
  sfLma__Package_ID__c, DependencyTier__c, SystemModstamp FROM sfLma__Package__c`;

export const packageRecord = z.object({
  ...stamped,
  Name: z.string(),
  Status__c: text,
  sfLma__Developer_Org_ID__c: text,
  sfLma__Package_ID__c: text,
  DependencyTier__c: z.number().nullish(),
});
export type PackageRecord = z.infer<typeof packageRecord>;

export function toPackageRow(r: PackageRecord): PackageRow {
  return {
    sfid: id18(r.Id) ?? r.Id,
    name: r.Name,
    status: r.Status__c ?? null,
    packageOrgId: id18(r.sfLma__Developer_Org_ID__c, KEY_PREFIXES.organization),
    packageId: id18(r.sfLma__Package_ID__c, KEY_PREFIXES.metadataPackage),
    dependencyTier: wholeNumber(r.DependencyTier__c),
    modifiedDate: r.SystemModstamp,
  };
}

export const VERSION_SELECT = `SELECT Id, Name, sfLma__Version_Number__c, sfLma__Package__c,
  sfLma__Release_Date__c, Status__c, sfLma__Version_ID__c, CreatedDate, SystemModstamp
  FROM sfLma__Package_Version__c`;
export const VERSION_WHERE = 'sfLma__Version_Number__c != null';

export const versionRecord = z.object({
  ...stamped,
  Name: text,
  sfLma__Version_Number__c: text,
  sfLma__Package__c: text,
  sfLma__Release_Date__c: text,
  Status__c: text,
  sfLma__Version_ID__c: text,
  CreatedDate: text,
});
export type VersionRecord = z.infer<typeof versionRecord>;

const RELEASE_STATUSES: ReadonlySet<string> = new Set([
  'Verified',
  'Pre-Release',
  'Preview',
  'Limited',
]);

/** The row of a version, or why it cannot be stored. */
export function toVersionRow(r: VersionRecord): PackageVersionRow | { skip: string } {
  const versionId = id18(r.sfLma__Version_ID__c, KEY_PREFIXES.packageVersion);
  const packageId = id18(r.sfLma__Package__c);
  const number = r.sfLma__Version_Number__c?.trim() ?? '';
  const segments = versionSegments(number);
  if (!versionId) return { skip: `${r.Name ?? r.Id}: no valid 04t version id` };
  if (!packageId) return { skip: `${r.Name ?? r.Id}: no package` };
  if (!segments) return { skip: `${r.Name ?? r.Id}: version number '${number}' is not dotted` };
  const createdMs = r.CreatedDate ? dateTimeMs(r.CreatedDate) : Number.NaN;
  return {
    sfid: id18(r.Id) ?? r.Id,
    versionId,
    packageId,
    name: r.Name ?? null,
    versionNumber: number,
    versionSort: versionSortKey(number, Number.isNaN(createdMs) ? undefined : createdMs),
    majorVersion: Number(segments[0]),
    status: r.Status__c && RELEASE_STATUSES.has(r.Status__c) ? r.Status__c : null,
    releaseDate: dateAsTimestamp(r.sfLma__Release_Date__c),
    createdDate: r.CreatedDate ?? null,
    modifiedDate: r.SystemModstamp,
  };
}

/** Accounts that licenses of this org point at (customers, not every Account of the org). */
export const ACCOUNT_SELECT = 'SELECT Id, Name, SystemModstamp FROM Account';
export const ACCOUNT_WHERE = 'Id IN (SELECT sfLma__Account__c FROM sfLma__License__c)';

export const accountRecord = z.object({ ...stamped, Name: z.string() });
export type AccountRecord = z.infer<typeof accountRecord>;

export function toAccountRow(r: AccountRecord): AccountRow {
  return { accountId: id18(r.Id) ?? r.Id, accountName: r.Name, modifiedDate: r.SystemModstamp };
}
