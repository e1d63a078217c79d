// Objects every simulated org has: its Organization row, users, profiles and the permission objects
// the product reads to decide whether a user is read-only.
import { KEY_PREFIX } from '../../data/prefixes';
import { defineObject, field, ref } from '../schema';

export const EDITIONS = [
  'Enterprise Edition',
  'Unlimited Edition',
  'Professional Edition',
  'Performance Edition',
  'Developer Edition',
  'Partner Developer Edition',
] as const;

export const Organization = defineObject(
  'Organization',
  {
    label: 'Organization',
    labelPlural: 'Organizations',
    keyPrefix: KEY_PREFIX.Organization,
    createable: false,
    updateable: false,
    deletable: false,
  },
  [
    field('Name', 'string', { access: 'r', length: 80 }),
    field('Division', 'string', { access: 'r', length: 80 }),
    field('NamespacePrefix', 'string', { access: 'r', length: 15 }),
    field('InstanceName', 'string', { access: 'r', length: 5 }),
    field('OrganizationType', 'picklist', { access: 'r', picklist: EDITIONS, label: 'Edition' }),
    field('IsSandbox', 'boolean', { access: 'r' }),
    // Null outside trial orgs; the sf CLI reads it when it signs in to an org.
    field('TrialExpirationDate', 'datetime', { access: 'r' }),
    field('Country', 'string', { access: 'r', length: 80 }),
    field('PrimaryContact', 'string', { access: 'r', length: 80 }),
    field('LanguageLocaleKey', 'picklist', { access: 'r', picklist: ['en_US'] }),
    field('TimeZoneSidKey', 'picklist', { access: 'r', picklist: ['America/Los_Angeles'] }),
  ],
);

export const Profile = defineObject(
  'Profile',
  {
    label: 'Profile',
    labelPlural: 'Profiles',
    keyPrefix: KEY_PREFIX.Profile,
    createable: false,
    updateable: false,
    deletable: false,
  },
  [
    field('Name', 'string', { access: 'r' }),
    field('UserType', 'picklist', { access: 'r', picklist: ['Standard'] }),
  ],
);

export const User = defineObject(
  'User',
  {
    label: 'User',
    labelPlural: 'Users',
    keyPrefix: KEY_PREFIX.User,
    createable: false,
    updateable: false,
    deletable: false,
  },
  [
    field('Username', 'string', { access: 'r', length: 80 }),
    field('Name', 'string', { access: 'r', label: 'Full Name', length: 121 }),
    field('FirstName', 'string', { access: 'r', length: 40 }),
    field('LastName', 'string', { access: 'r', length: 80 }),
    field('Email', 'string', { access: 'r', length: 128 }),
    field('Alias', 'string', { access: 'r', length: 8 }),
    field('IsActive', 'boolean', { access: 'r', label: 'Active' }),
    ref('ProfileId', 'Profile', { access: 'r', label: 'Profile ID' }),
    field('UserType', 'picklist', { access: 'r', picklist: ['Standard'] }),
    field('TimeZoneSidKey', 'picklist', {
      access: 'r',
      picklist: ['America/Los_Angeles', 'Europe/Paris'],
    }),
    field('LocaleSidKey', 'picklist', { access: 'r', picklist: ['en_US'] }),
    field('LanguageLocaleKey', 'picklist', { access: 'r', picklist: ['en_US'] }),
    field('LastLoginDate', 'datetime', { access: 'r' }),
  ],
);

export const PermissionSet = defineObject(
  'PermissionSet',
  {
    label: 'Permission Set',
    labelPlural: 'Permission Sets',
    keyPrefix: KEY_PREFIX.PermissionSet,
  },
  [
    field('Name', 'string', { required: true, length: 80 }),
    field('Label', 'string', { required: true, length: 80 }),
    field('IsOwnedByProfile', 'boolean', { access: 'r' }),
    ref('ProfileId', 'Profile', { access: 'r', label: 'Profile ID' }),
    field('PermissionsModifyAllData', 'boolean', { label: 'Modify All Data' }),
    field('PermissionsViewAllData', 'boolean', { label: 'View All Data' }),
    field('PermissionsApiEnabled', 'boolean', { label: 'API Enabled' }),
  ],
);

export const PermissionSetAssignment = defineObject(
  'PermissionSetAssignment',
  {
    label: 'Permission Set Assignment',
    labelPlural: 'Permission Set Assignments',
    keyPrefix: KEY_PREFIX.PermissionSetAssignment,
    updateable: false,
  },
  [
    ref('AssigneeId', 'User', { access: 'c', required: true, label: 'Assignee ID' }),
    ref('PermissionSetId', 'PermissionSet', {
      access: 'c',
      required: true,
      label: 'Permission Set ID',
    }),
  ],
);

export const ObjectPermissions = defineObject(
  'ObjectPermissions',
  {
    label: 'Object Permissions',
    labelPlural: 'Object Permissions',
    keyPrefix: KEY_PREFIX.ObjectPermissions,
  },
  [
    ref('ParentId', 'PermissionSet', { access: 'c', required: true, relationshipName: 'Parent' }),
    field('SobjectType', 'picklist', { access: 'c', required: true, label: 'Sobject Type Name' }),
    field('PermissionsRead', 'boolean', { label: 'Read' }),
    field('PermissionsCreate', 'boolean', { label: 'Create' }),
    field('PermissionsEdit', 'boolean', { label: 'Edit' }),
    field('PermissionsDelete', 'boolean', { label: 'Delete' }),
    field('PermissionsViewAllRecords', 'boolean', { label: 'View All' }),
    field('PermissionsModifyAllRecords', 'boolean', { label: 'Modify All' }),
  ],
);

export const COMMON_OBJECTS = [
  Organization,
  Profile,
  User,
  PermissionSet,
  PermissionSetAssignment,
  ObjectPermissions,
];
