// The packaging org's objects: the package, its uploaded versions, who installed it, and the push
// upgrade API (Object Reference: MetadataPackage, MetadataPackageVersion, PackageSubscriber,
// PackagePushRequest, PackagePushJob, PackagePushError).
import { KEY_PREFIX } from '../../data/prefixes';
import { defineObject, field, ref } from '../schema';

/** API values of PackagePushRequest.Status and PackagePushJob.Status. */
export const PUSH_STATUSES = [
  'Created',
  'Pending',
  'InProgress',
  'Succeeded',
  'Failed',
  'Canceled',
] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

export const PUSH_ERROR_TYPES = [
  'ApexTestFailure',
  'DeployError',
  'FeatureMissing',
  'IneligibleUpgrade',
  'LimitExceeded',
  'LockingFailure',
  'PACError',
  'UnclassifiedError',
] as const;
export type PushErrorType = (typeof PUSH_ERROR_TYPES)[number];

export const ORG_STATUSES = ['Active', 'Demo', 'Free', 'Inactive', 'Trial'] as const;
export type OrgStatus = (typeof ORG_STATUSES)[number];

const readOnly = { createable: false, updateable: false, deletable: false };

export const MetadataPackage = defineObject(
  'MetadataPackage',
  { label: 'Package', labelPlural: 'Packages', keyPrefix: KEY_PREFIX.MetadataPackage, ...readOnly },
  [
    field('Name', 'string', { access: 'r' }),
    field('NamespacePrefix', 'string', { access: 'r', length: 15 }),
    field('PackageCategory', 'picklist', { access: 'r', picklist: ['Package', 'Package2'] }),
  ],
);

export const MetadataPackageVersion = defineObject(
  'MetadataPackageVersion',
  {
    label: 'Package Version',
    labelPlural: 'Package Versions',
    keyPrefix: KEY_PREFIX.MetadataPackageVersion,
    ...readOnly,
  },
  [
    field('Name', 'string', { access: 'r' }),
    ref('MetadataPackageId', 'MetadataPackage', { access: 'r', label: 'Package ID' }),
    field('ReleaseState', 'picklist', { access: 'r', picklist: ['Beta', 'Released'] }),
    field('MajorVersion', 'int', { access: 'r' }),
    field('MinorVersion', 'int', { access: 'r' }),
    field('PatchVersion', 'int', { access: 'r' }),
    field('BuildNumber', 'int', { access: 'r' }),
    field('IsDeprecated', 'boolean', { access: 'r' }),
  ],
);

export const PackageSubscriber = defineObject(
  'PackageSubscriber',
  {
    label: 'Package Subscriber',
    labelPlural: 'Package Subscribers',
    keyPrefix: KEY_PREFIX.PackageSubscriber,
    ...readOnly,
  },
  [
    field('OrgName', 'string', { access: 'r' }),
    field('OrgType', 'picklist', { access: 'r', picklist: ['Production', 'Sandbox'] }),
    field('InstalledStatus', 'picklist', { access: 'r', picklist: ['i'] }),
    field('InstanceName', 'string', { access: 'r' }),
    field('OrgStatus', 'picklist', { access: 'r', picklist: ORG_STATUSES }),
    ref('MetadataPackageVersionId', 'MetadataPackageVersion', { access: 'r' }),
    ref('MetadataPackageId', 'MetadataPackage', { access: 'r' }),
    field('OrgKey', 'string', { access: 'r', length: 18 }),
    field('ParentOrg', 'string', { access: 'r', length: 18 }),
    field('CustomUpgradeType', 'picklist', {
      access: 'r',
      picklist: ['BlockedBySubscriber', 'None'],
    }),
    field('HasRestrictionEnabled', 'boolean', { access: 'r' }),
  ],
);

export const PackagePushRequest = defineObject(
  'PackagePushRequest',
  {
    label: 'Package Push Request',
    labelPlural: 'Package Push Requests',
    keyPrefix: KEY_PREFIX.PackagePushRequest,
    deletable: false,
  },
  [
    ref('PackageVersionId', 'MetadataPackageVersion', {
      required: true,
      relationshipName: 'PackageVersion',
    }),
    field('ScheduledStartTime', 'datetime'),
    field('Status', 'picklist', { picklist: PUSH_STATUSES }),
    field('StartTime', 'datetime', { access: 'r' }),
    field('EndTime', 'datetime', { access: 'r' }),
    field('DurationSeconds', 'int', { access: 'r' }),
    // A push that migrates 1GP subscribers to a 2GP package; the sf CLI selects and filters on it.
    field('IsMigration', 'boolean', { access: 'c' }),
  ],
);

export const PackagePushJob = defineObject(
  'PackagePushJob',
  {
    label: 'Package Push Job',
    labelPlural: 'Package Push Jobs',
    keyPrefix: KEY_PREFIX.PackagePushJob,
    updateable: false,
    deletable: false,
  },
  [
    ref('PackagePushRequestId', 'PackagePushRequest', { access: 'c', required: true }),
    field('SubscriberOrganizationKey', 'string', { access: 'c', required: true, length: 18 }),
    field('Status', 'picklist', { access: 'r', picklist: PUSH_STATUSES }),
    field('StartTime', 'datetime', { access: 'r' }),
    field('EndTime', 'datetime', { access: 'r' }),
    field('DurationSeconds', 'int', { access: 'r' }),
  ],
);

export const PackagePushError = defineObject(
  'PackagePushError',
  {
    label: 'Package Push Error',
    labelPlural: 'Package Push Errors',
    keyPrefix: KEY_PREFIX.PackagePushError,
    ...readOnly,
  },
  [
    ref('PackagePushJobId', 'PackagePushJob', { access: 'r' }),
    field('ErrorSeverity', 'picklist', { access: 'r', picklist: ['Error', 'Warning'] }),
    field('ErrorType', 'picklist', { access: 'r', picklist: PUSH_ERROR_TYPES }),
    field('ErrorTitle', 'string', { access: 'r' }),
    field('ErrorMessage', 'string', { access: 'r' }),
    field('ErrorDetails', 'textarea', { access: 'r', length: 32768 }),
  ],
);

/**
 * Dev Hub's scratch org signups. The packaging orgs have Dev Hub enabled (the sf CLI's push-upgrade
 * commands take a --target-dev-hub and check for one by querying this object); none are created.
 */
export const ScratchOrgInfo = defineObject(
  'ScratchOrgInfo',
  {
    label: 'Scratch Org Info',
    labelPlural: 'Scratch Org Infos',
    keyPrefix: KEY_PREFIX.ScratchOrgInfo,
    ...readOnly,
  },
  [
    field('OrgName', 'string', { access: 'r' }),
    field('Edition', 'picklist', { access: 'r', picklist: ['Developer', 'Enterprise'] }),
    field('Status', 'picklist', { access: 'r', picklist: ['New', 'Active', 'Deleted', 'Error'] }),
    field('SignupUsername', 'string', { access: 'r', length: 80 }),
    field('ScratchOrg', 'string', { access: 'r', length: 15 }),
    field('ExpirationDate', 'date', { access: 'r' }),
  ],
);

export const PACKAGING_OBJECTS = [
  MetadataPackage,
  MetadataPackageVersion,
  PackageSubscriber,
  PackagePushRequest,
  PackagePushJob,
  PackagePushError,
  ScratchOrgInfo,
];
