// The License Management App's objects (namespace sfLma) as an LMA org has them, plus the two
// custom fields the product requires on sfLma__Package__c (DependencyTier__c, Status__c) and the
// release-status field on sfLma__Package_Version__c (docs/glossary.md "Packages and licenses").
import { KEY_PREFIX } from '../../data/prefixes';
import { defineObject, field, ref } from '../schema';
import { EDITIONS } from './common';

export const LICENSE_STATUSES = ['Active', 'Trial', 'Suspended', 'Expired', 'Uninstalled'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];
export const VERSION_STATUSES = ['Verified', 'Pre-Release', 'Preview', 'Limited'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

export const Account = defineObject(
  'Account',
  { label: 'Account', labelPlural: 'Accounts', keyPrefix: KEY_PREFIX.Account },
  [
    field('Name', 'string', { required: true, label: 'Account Name', length: 255 }),
    field('Type', 'picklist', {
      label: 'Account Type',
      picklist: ['Customer', 'Partner', 'Prospect', 'Other'],
    }),
    field('Industry', 'picklist', {
      picklist: ['Technology', 'Manufacturing', 'Retail', 'Healthcare', 'Finance', 'Education'],
    }),
    field('BillingCity', 'string', { length: 40 }),
    field('BillingCountry', 'string', { length: 80 }),
    field('Website', 'string', { length: 255 }),
    field('NumberOfEmployees', 'int', { label: 'Employees' }),
    ref('OwnerId', 'User', { access: 'r', label: 'Owner ID' }),
  ],
);

export const LmaPackage = defineObject(
  'sfLma__Package__c',
  { label: 'Package', labelPlural: 'Packages', keyPrefix: KEY_PREFIX.sfLma__Package__c },
  [
    field('Name', 'string', { required: true, label: 'Package Name', length: 80 }),
    field('Status__c', 'picklist', { label: 'Status', picklist: ['Active', 'Inactive'] }),
    field('DependencyTier__c', 'double', { label: 'Dependency Tier' }),
    field('sfLma__Developer_Org_ID__c', 'string', { length: 18 }),
    field('sfLma__Developer_Name__c', 'string', { length: 80 }),
    field('sfLma__Package_ID__c', 'string', { length: 18, label: 'Package ID' }),
    field('sfLma__Latest_Version__c', 'string', { length: 20 }),
    field('sfLma__Release_Date__c', 'date'),
  ],
);

export const LmaPackageVersion = defineObject(
  'sfLma__Package_Version__c',
  {
    label: 'Package Version',
    labelPlural: 'Package Versions',
    keyPrefix: KEY_PREFIX.sfLma__Package_Version__c,
  },
  [
    field('Name', 'string', { required: true, label: 'Version Name', length: 80 }),
    ref('sfLma__Package__c', 'sfLma__Package__c', { access: 'c', required: true }),
    field('sfLma__Version_Number__c', 'string', { length: 20 }),
    field('sfLma__Version_ID__c', 'string', { length: 18, label: 'Version ID' }),
    field('sfLma__Release_Date__c', 'date'),
    field('sfLma__Is_Beta__c', 'boolean', { label: 'Beta' }),
    field('Status__c', 'picklist', { label: 'Status', picklist: VERSION_STATUSES }),
  ],
);

export const LmaLicense = defineObject(
  'sfLma__License__c',
  { label: 'License', labelPlural: 'Licenses', keyPrefix: KEY_PREFIX.sfLma__License__c },
  [
    field('Name', 'string', { access: 'r', label: 'License Name', length: 80 }),
    field('sfLma__Subscriber_Org_ID__c', 'string', { length: 18 }),
    field('sfLma__Org_Instance__c', 'string', { length: 10, label: 'Instance' }),
    field('sfLma__License_Type__c', 'picklist', { picklist: ['Editable', 'Managed'] }),
    field('sfLma__Subscriber_Org_Is_Sandbox__c', 'boolean', { label: 'Sandbox' }),
    field('sfLma__Status__c', 'picklist', { label: 'License Status', picklist: LICENSE_STATUSES }),
    field('sfLma__Install_Date__c', 'date'),
    field('sfLma__Expiration__c', 'date', { label: 'Expiration Date' }),
    field('sfLma__Used_Licenses__c', 'double'),
    field('sfLma__Seats__c', 'double', { label: 'Seats' }),
    ref('sfLma__Package__c', 'sfLma__Package__c'),
    ref('sfLma__Package_Version__c', 'sfLma__Package_Version__c'),
    ref('sfLma__Account__c', 'Account'),
    field('sfLma__Org_Edition__c', 'picklist', { picklist: EDITIONS, label: 'Org Edition' }),
  ],
);

export const LMA_OBJECTS = [Account, LmaPackage, LmaPackageVersion, LmaLicense];
