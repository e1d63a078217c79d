import { describe, expect, it } from 'vitest';
import {
  AUTH_RESPONSES,
  authResponsePath,
  isAuthResponseCode,
  oauthErrorCode,
} from './auth-response';

describe('auth responses', () => {
  it("maps Salesforce's known codes to themselves and anything else to oauth_error", () => {
    expect(oauthErrorCode('access_denied')).toBe('access_denied');
    expect(oauthErrorCode('invalid_grant')).toBe('invalid_grant');
    for (const sent of ['<script>', 'Call +1 555', '', undefined, null, 'toString', '__proto__'])
      expect(oauthErrorCode(sent)).toBe('oauth_error');
    // The console's own codes cannot be claimed by a callback's `error`.
    expect(oauthErrorCode('org_not_allowed')).toBe('oauth_error');
  });

  it('knows only its own codes (not inherited object keys)', () => {
    expect(isAuthResponseCode('invalid_state')).toBe(true);
    for (const code of ['toString', 'constructor', '__proto__', 'X', null])
      expect(isAuthResponseCode(code)).toBe(false);
  });

  it('the /authresponse address carries the fixed sentence, severity and code', () => {
    const path = authResponsePath('org_not_allowed');
    expect(path.startsWith('/authresponse?')).toBe(true);
    const params = new URL(path, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({
      message: AUTH_RESPONSES.org_not_allowed.message,
      severity: 'Error',
      code: 'org_not_allowed',
    });
  });
});
