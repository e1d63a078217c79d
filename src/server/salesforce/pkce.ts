// PKCE (RFC 7636) for every authorization-code flow: the authorization request carries the
// SHA-256 code challenge of a random verifier, and only the token request that presents the
// verifier itself can redeem the code, so an intercepted code is worth nothing. Salesforce's
// code_challenge is always the S256 form (base64url of the SHA-256 of the verifier). The verifier
// stays on the server with the flow's state; jsforce's own `useVerifier` would keep one verifier
// per OAuth2 object and send it with every later token call (refreshes too), so the two
// parameters are passed explicitly instead.
import { createHash, randomBytes } from 'node:crypto';
import type { AuthzRequestParams, OAuth2, TokenResponse } from 'jsforce';

export interface Pkce {
  /** 43 to 128 characters of [A-Za-z0-9-._~]: 64 random bytes in base64url are 86. */
  verifier: string;
  challenge: string;
}

export const codeChallenge = (verifier: string): string =>
  createHash('sha256').update(verifier).digest('base64url');

export function newPkce(): Pkce {
  const verifier = randomBytes(64).toString('base64url');
  return { verifier, challenge: codeChallenge(verifier) };
}

/** The login host's authorization URL with the flow's code challenge. */
export function authorizationUrl(oauth2: OAuth2, params: AuthzRequestParams, pkce: Pkce): string {
  return oauth2.getAuthorizationUrl({ ...params, code_challenge: pkce.challenge });
}

/** Redeems an authorization code, presenting the flow's code verifier. */
export function redeemCode(oauth2: OAuth2, code: string, verifier: string): Promise<TokenResponse> {
  return oauth2.requestToken(code, { code_verifier: verifier });
}
