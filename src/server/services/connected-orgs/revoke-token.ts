// Giving a connected org's grant back to Salesforce (/services/oauth2/revoke on its login host).
// Revoking the refresh token ends every access token issued from it.
import type { ConnectedOrgRow } from '../../db/repositories/connected-orgs';
import { SalesforceError } from '../../errors';
import type { SalesforceGateway } from '../../salesforce/gateway';
import type { SecretBox } from '../../secrets';

/** Salesforce answers 400 unsupported_token_type for a token it no longer knows. */
function alreadyGone(error: unknown): boolean {
  const e = error as { name?: string; message?: string };
  return /unsupported_token_type|invalid_token/.test(`${e?.name ?? ''} ${e?.message ?? ''}`);
}

/** Resolves once Salesforce no longer honours the org's tokens; throws when it could not say so. */
export async function revokeAtSalesforce(
  gateway: SalesforceGateway,
  secrets: SecretBox,
  org: Pick<ConnectedOrgRow, 'login_url' | 'refresh_token_enc' | 'access_token_enc'>,
): Promise<void> {
  const sealed = org.refresh_token_enc ?? org.access_token_enc;
  if (!sealed) return;
  try {
    await gateway.oauth2(org.login_url).revokeToken(secrets.decrypt(sealed));
  } catch (error) {
    if (alreadyGone(error)) return;
    throw new SalesforceError(
      `Salesforce did not revoke the token: ${(error as Error).message}`,
      (error as { name?: string }).name,
    );
  }
}
