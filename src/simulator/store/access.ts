// Object-level access from the org's own permission rows: a user may do what one of their assigned
// permission sets grants (Modify All Data grants everything). The product derives "read-only" from
// the same rows, so both sides agree by construction.
import type { SimOrg, SimUser } from './family';

export type ObjectOperation = 'Read' | 'Create' | 'Edit' | 'Delete';

export function canPerform(
  org: SimOrg,
  user: SimUser,
  objectName: string,
  operation: ObjectOperation,
): boolean {
  const assignments = org.store.lookup('PermissionSetAssignment', 'AssigneeId', [user.id]) ?? [];
  const setIds = [...assignments].map((a) => String(a.PermissionSetId));
  if (setIds.length === 0) return false;
  const sets = org.store.lookup('PermissionSet', 'Id', setIds) ?? [];
  if ([...sets].some((s) => s.PermissionsModifyAllData === true)) return true;
  const perms = org.store.lookup('ObjectPermissions', 'ParentId', setIds) ?? [];
  const objectLower = objectName.toLowerCase();
  return [...perms].some(
    (p) =>
      String(p.SobjectType).toLowerCase() === objectLower && p[`Permissions${operation}`] === true,
  );
}
