// Who a token belongs to, and whether that user may change things
// (docs/security.md "Who may sign in": Edit on sfLma__Package_Version__c through any assigned
// permission set).
import type { Connection } from 'jsforce';
import { z } from 'zod';
import { soqlId } from './soql';

export const identitySchema = z.object({
  user_id: z.string(),
  organization_id: z.string(),
  username: z.string(),
  display_name: z.string().nullish(),
});
export type Identity = z.infer<typeof identitySchema>;

export async function readIdentity(conn: Connection, identityUrl: string): Promise<Identity> {
  return identitySchema.parse(await conn.request<unknown>(identityUrl));
}

export async function hasEditOnPackageVersions(conn: Connection, userId: string): Promise<boolean> {
  const soql =
    'SELECT Id FROM ObjectPermissions WHERE ParentId IN ' +
    `(SELECT PermissionSetId FROM PermissionSetAssignment WHERE AssigneeId = ${soqlId(userId)}) ` +
    "AND PermissionsEdit = true AND SobjectType = 'sfLma__Package_Version__c' LIMIT 1";
  // SOQL sent to Salesforce through jsforce, not SQL: the database rule does not apply.
  // eslint-disable-next-line no-restricted-syntax
  const result = await conn.query<{ Id: string }>(soql);
  return result.records.length > 0;
}
