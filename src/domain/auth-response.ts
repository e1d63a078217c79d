// What /authresponse may say (docs/product.md "Sign-in problem page" and
// "Sign-in and connection errors"): a sign-in or an org connection that did not finish lands there
// with a code, and the page shows only the fixed sentence for that code. Nothing the login host,
// the query string or an exception says is ever shown: a link anyone can craft must not be able to
// put words on the console's own page. The server logs the raw details.

export type AuthResponseSeverity = 'Error' | 'Warning';

interface AuthResponse {
  message: string;
  severity: AuthResponseSeverity;
}

const error = (message: string): AuthResponse => ({ message, severity: 'Error' });

/** Every code /authresponse knows, with its sentence. */
export const AUTH_RESPONSES = {
  // The console's own checks.
  invalid_state: error(
    'This sign-in or connection was not started in this browser, was already used or has expired. Please start again.',
  ),
  missing_code: error('The login host sent no authorization code. Please start again.'),
  org_not_allowed: error(
    "Your Salesforce user belongs to an org whose users may not sign in to this console. Sign in as a user of the console's License Management Org.",
  ),
  no_sign_in_org: error(
    "Nobody can sign in with Salesforce yet: no License Management Org is connected and AUTH_ORG_ID is not set. Set AUTH_ORG_ID to your LMA's org id, or sign in with the admin access key and connect the LMA first.",
  ),
  sign_in_failed: error(
    'Sign-in failed. Please try again; if it keeps failing, the server log says why.',
  ),
  forbidden: error('Only the operator who started this connection can finish it.'),
  wrong_org: error(
    'You logged in to another org than the one this connection is for. Log in as a user of that org.',
  ),
  no_refresh_token: error(
    'Salesforce granted no refresh token; the connected app needs the refresh_token scope.',
  ),
  connect_failed: error(
    'Connecting the org failed. Please try again; if it keeps failing, the server log says why.',
  ),
  // Salesforce's OAuth error codes (authorization and token endpoints).
  access_denied: error('Access was denied on the Salesforce login page.'),
  OAUTH_APPROVAL_ERROR_GENERIC: error(
    'Salesforce could not complete the authorization. Please try again.',
  ),
  invalid_client_id: error(
    "Salesforce does not know this console's connected app: check SF_CLIENT_ID and SF_CLIENT_SECRET.",
  ),
  invalid_client: error(
    "Salesforce refused this console's connected app credentials: check SF_CLIENT_ID and SF_CLIENT_SECRET.",
  ),
  redirect_uri_mismatch: error(
    "The connected app's callback URL does not match this console's address (PUBLIC_URL).",
  ),
  redirect_uri_missing: error(
    "The connected app's callback URL does not match this console's address (PUBLIC_URL).",
  ),
  invalid_scope: error(
    'The connected app does not grant the access this console asks for (api, id, web, refresh_token).',
  ),
  invalid_request: error('Salesforce refused the authorization request. Please start again.'),
  unsupported_response_type: error(
    'Salesforce refused the authorization request. Please start again.',
  ),
  invalid_grant: error(
    'Salesforce refused the authorization code (expired, already used or not issued for this console). Please start again.',
  ),
  inactive_user: error('Your Salesforce user is inactive.'),
  inactive_org: error('The Salesforce org is locked, closed or suspended.'),
  rate_limit_exceeded: error(
    'Salesforce has seen too many logins for this user. Wait a while, then try again.',
  ),
  oauth_error: error(
    'Salesforce refused the authorization. Please try again; if it keeps failing, the server log says why.',
  ),
} satisfies Record<string, AuthResponse>;

export type AuthResponseCode = keyof typeof AUTH_RESPONSES;

export function isAuthResponseCode(code: string | null | undefined): code is AuthResponseCode {
  return typeof code === 'string' && Object.hasOwn(AUTH_RESPONSES, code);
}

const SALESFORCE_CODES: ReadonlySet<string> = new Set<AuthResponseCode>([
  'access_denied',
  'OAUTH_APPROVAL_ERROR_GENERIC',
  'invalid_client_id',
  'invalid_client',
  'redirect_uri_mismatch',
  'redirect_uri_missing',
  'invalid_scope',
  'invalid_request',
  'unsupported_response_type',
  'invalid_grant',
  'inactive_user',
  'inactive_org',
  'rate_limit_exceeded',
]);

/**
 * A code Salesforce sent (the callback's `error`, a token error's name) as the code /authresponse
 * shows: one of Salesforce's known codes, anything else `oauth_error`.
 */
export function oauthErrorCode(code: string | null | undefined): AuthResponseCode {
  return code && SALESFORCE_CODES.has(code) ? (code as AuthResponseCode) : 'oauth_error';
}

/** The /authresponse address for a code: its fixed sentence, severity and the code. */
export function authResponsePath(code: AuthResponseCode): string {
  const { message, severity } = AUTH_RESPONSES[code];
  const query = Object.entries({ message, severity, code })
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `/authresponse?${query}`;
}
