// An org's own Organization record: what Refresh re-reads (name, division, namespace, instance).
import { z } from 'zod';
import type { ConnectedOrgDetails } from '../../db/repositories/connected-org-details';
import type { OrgConnection } from '../../salesforce/org-connection';

const organization = z.object({
  Name: z.string(),
  Division: z.string().nullish(),
  NamespacePrefix: z.string().nullish(),
  InstanceName: z.string().nullish(),
});

export async function readOrganization(
  conn: OrgConnection,
  orgId: string,
): Promise<ConnectedOrgDetails> {
  const record = await conn.retrieve('Organization', orgId, organization);
  return {
    name: record.Name,
    division: record.Division ?? null,
    namespace: record.NamespacePrefix ?? null,
    instanceName: record.InstanceName ?? null,
  };
}
