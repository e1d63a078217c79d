// Reads an org's own Organization record and stores it as a connected org with sealed tokens.
import type { Connection } from 'jsforce';
import { z } from 'zod';
import type { SqlClient } from '../db/database';
import { upsertConnectedOrg, type ConnectedOrgType } from '../db/repositories/connected-orgs';
import type { SecretBox } from '../secrets';

const organizationSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  Division: z.string().nullish(),
  NamespacePrefix: z.string().nullish(),
  InstanceName: z.string().nullish(),
});

export interface ConnectTokens {
  instanceUrl: string;
  accessToken: string;
  refreshToken: string;
  loginUrl: string;
}

/**
 * Registers (or re-registers) the org behind a fresh token: reads its Organization record and
 * upserts connected_org. With a namespace and no explicit type, it is a packaging org.
 */
export async function registerConnectedOrg(
  db: SqlClient,
  secrets: SecretBox,
  conn: Connection,
  tokens: ConnectTokens,
  options: { orgId: string; type?: ConnectedOrgType; createdBy: string; description?: string },
): Promise<{ orgId: string; name: string; type: ConnectedOrgType }> {
  const org = organizationSchema.parse(
    await conn.request(`/services/data/v${conn.version}/sobjects/Organization/${options.orgId}`),
  );
  const type = options.type ?? (org.NamespacePrefix ? 'Package' : 'Licenses');
  await upsertConnectedOrg(db, {
    orgId: org.Id,
    name: org.Name,
    description: options.description ?? null,
    division: org.Division ?? null,
    namespace: org.NamespacePrefix ?? null,
    instanceName: org.InstanceName ?? null,
    instanceUrl: tokens.instanceUrl,
    loginUrl: tokens.loginUrl,
    type,
    status: 'Connected',
    accessTokenEnc: secrets.encrypt(conn.accessToken ?? tokens.accessToken),
    refreshTokenEnc: secrets.encrypt(tokens.refreshToken),
    createdBy: options.createdBy,
  });
  return { orgId: org.Id, name: org.Name, type };
}
