// Users, profiles, permission sets and their assignments for one org. The product decides who is
// read-only by querying ObjectPermissions through PermissionSetAssignment
// (docs/security.md "Who may sign in"), and the simulator enforces writes with the same rows, so
// the two can never disagree.
import { auditFields, type SimUser } from '../store/family';
import type { OrgStore } from '../store/org-store';
import type { Row } from '../store/table';

export type ProfileName = 'System Administrator' | 'Standard User' | 'Read Only';

export interface UserPlan {
  readonly username: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly profile: ProfileName;
  /** Custom permission sets (by API name) assigned on top of the profile. */
  readonly permissionSets: readonly string[];
}

export interface PermissionSetPlan {
  readonly name: string;
  readonly label: string;
  /** Object → the permissions granted on it. */
  readonly objects: Readonly<Record<string, readonly ('Read' | 'Create' | 'Edit' | 'Delete')[]>>;
}

const DEMO_PASSWORD = 'demo';

function table(store: OrgStore, name: string) {
  const t = store.table(name);
  if (!t) throw new Error(`org has no ${name} table`);
  return t;
}

/**
 * Seeds security for an org and returns its users. `readableObjects` get Read on every profile;
 * administrators get Modify All Data.
 */
export function seedSecurity(
  store: OrgStore,
  orgId15: string,
  createdMs: number,
  users: readonly UserPlan[],
  customSets: readonly PermissionSetPlan[],
  readableObjects: readonly string[],
): { users: SimUser[]; systemUserId: string } {
  const userTable = table(store, 'User');
  const systemUserId = userTable.nextId();
  const audit = auditFields(createdMs, createdMs, systemUserId, false);
  const profiles = new Map<ProfileName, Row>();
  const ownedSets = new Map<ProfileName, Row>();
  for (const name of ['System Administrator', 'Standard User', 'Read Only'] as const) {
    const profile = table(store, 'Profile').insert({ ...audit, Name: name, UserType: 'Standard' });
    profiles.set(name, profile);
    const admin = name === 'System Administrator';
    const set = table(store, 'PermissionSet').insert({
      ...audit,
      Name: `X${String(profile.Id).slice(0, 15)}`,
      Label: String(profile.Id).slice(0, 15),
      IsOwnedByProfile: true,
      ProfileId: profile.Id,
      PermissionsModifyAllData: admin,
      PermissionsViewAllData: admin,
      PermissionsApiEnabled: true,
    });
    ownedSets.set(name, set);
    for (const object of readableObjects) {
      grant(
        store,
        audit,
        set,
        object,
        admin ? ['Read', 'Create', 'Edit', 'Delete'] : ['Read'],
        admin,
      );
    }
  }
  const custom = new Map<string, Row>();
  for (const plan of customSets) {
    const set = table(store, 'PermissionSet').insert({
      ...audit,
      Name: plan.name,
      Label: plan.label,
      IsOwnedByProfile: false,
      ProfileId: null,
      PermissionsModifyAllData: false,
      PermissionsViewAllData: false,
      PermissionsApiEnabled: true,
    });
    custom.set(plan.name, set);
    for (const [object, perms] of Object.entries(plan.objects))
      grant(store, audit, set, object, perms, false);
  }
  const simUsers = users.map((plan): SimUser => {
    const profile = profiles.get(plan.profile);
    const row = userTable.insert({
      ...audit,
      Username: plan.username,
      Name: `${plan.firstName} ${plan.lastName}`,
      FirstName: plan.firstName,
      LastName: plan.lastName,
      Email: plan.username,
      Alias: (plan.firstName.charAt(0) + plan.lastName).slice(0, 8).toLowerCase(),
      IsActive: true,
      ProfileId: profile?.Id,
      UserType: 'Standard',
      TimeZoneSidKey: 'America/Los_Angeles',
      LocaleSidKey: 'en_US',
      LanguageLocaleKey: 'en_US',
      LastLoginDate: null,
    });
    const sets = [ownedSets.get(plan.profile), ...plan.permissionSets.map((n) => custom.get(n))];
    for (const set of sets) {
      if (set)
        table(store, 'PermissionSetAssignment').insert({
          ...audit,
          AssigneeId: row.Id,
          PermissionSetId: set.Id,
        });
    }
    return {
      id: String(row.Id),
      orgId: orgId15,
      username: plan.username,
      password: DEMO_PASSWORD,
      firstName: plan.firstName,
      lastName: plan.lastName,
      email: plan.username,
      readOnly: plan.profile === 'Read Only' && plan.permissionSets.length === 0,
    };
  });
  return { users: simUsers, systemUserId };
}

function grant(
  store: OrgStore,
  audit: Record<string, unknown>,
  set: Row,
  object: string,
  perms: readonly string[],
  modifyAll: boolean,
): void {
  table(store, 'ObjectPermissions').insert({
    ...audit,
    ParentId: set.Id,
    SobjectType: object,
    PermissionsRead: perms.includes('Read'),
    PermissionsCreate: perms.includes('Create'),
    PermissionsEdit: perms.includes('Edit'),
    PermissionsDelete: perms.includes('Delete'),
    PermissionsViewAllRecords: modifyAll,
    PermissionsModifyAllRecords: modifyAll,
  });
}
