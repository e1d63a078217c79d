// OAuth state: authorization codes (single use, 15 minutes), refresh tokens (until revoked) and
// access tokens (configurable lifetime, bound to one org). Access tokens look like Salesforce's:
// the org's 15-character id, '!', then an opaque part. Times come from the simulator clock.
import { createHash, randomBytes } from 'node:crypto';
import type { SimUser } from '../store/family';

export interface AccessToken {
  readonly token: string;
  readonly user: SimUser;
  readonly issuedMs: number;
  expiresMs: number;
  readonly refreshToken?: string;
  revoked: boolean;
}

interface RefreshToken {
  readonly token: string;
  readonly user: SimUser;
  readonly clientId: string;
  revoked: boolean;
}

interface AuthCode {
  readonly user: SimUser;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly expiresMs: number;
  /** PKCE: base64url(SHA-256(code_verifier)) sent with the authorize request. */
  readonly codeChallenge: string | undefined;
  used: boolean;
}

export type AccessCheck =
  { ok: true; token: AccessToken } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' };

const CODE_TTL_MS = 15 * 60_000;

function opaque(bytes: number): string {
  return randomBytes(bytes)
    .toString('base64')
    .replace(/\//g, '_')
    .replace(/\+/g, '.')
    .replace(/=+$/, '');
}

export class TokenStore {
  private readonly access = new Map<string, AccessToken>();
  private readonly refresh = new Map<string, RefreshToken>();
  private readonly codes = new Map<string, AuthCode>();

  constructor(
    private readonly now: () => number,
    private ttlMs: number,
  ) {}

  setTtlSeconds(seconds: number): void {
    this.ttlMs = seconds * 1000;
  }

  issueCode(user: SimUser, clientId: string, redirectUri: string, codeChallenge?: string): string {
    const code = `aPrx${opaque(48)}==`;
    this.codes.set(code, {
      user,
      clientId,
      redirectUri,
      expiresMs: this.now() + CODE_TTL_MS,
      codeChallenge,
      used: false,
    });
    return code;
  }

  /** Redeems a code once, checking client, expiry, callback and (with PKCE) the code verifier. */
  redeemCode(
    code: string,
    clientId: string,
    redirectUri: string,
    codeVerifier: string | undefined,
  ): SimUser | 'invalid' | 'expired' | 'redirect_mismatch' | 'bad_verifier' {
    const entry = this.codes.get(code);
    if (!entry || entry.used || entry.clientId !== clientId) return 'invalid';
    if (entry.expiresMs <= this.now()) return 'expired';
    if (entry.redirectUri !== redirectUri) return 'redirect_mismatch';
    if (entry.codeChallenge !== undefined) {
      const digest = codeVerifier
        ? createHash('sha256').update(codeVerifier).digest('base64url')
        : undefined;
      if (digest !== entry.codeChallenge) return 'bad_verifier';
    }
    entry.used = true;
    return entry.user;
  }

  issueRefresh(user: SimUser, clientId: string): string {
    const token = `5Aep861${opaque(64)}`;
    this.refresh.set(token, { token, user, clientId, revoked: false });
    return token;
  }

  /** The user of a live refresh token issued to this client. */
  useRefresh(token: string, clientId: string): SimUser | undefined {
    const entry = this.refresh.get(token);
    return entry && !entry.revoked && entry.clientId === clientId ? entry.user : undefined;
  }

  issueAccess(user: SimUser, refreshToken?: string): AccessToken {
    const issuedMs = this.now();
    const token: AccessToken = {
      token: `${user.orgId}!${opaque(72)}`,
      user,
      issuedMs,
      expiresMs: issuedMs + this.ttlMs,
      ...(refreshToken ? { refreshToken } : {}),
      revoked: false,
    };
    this.access.set(token.token, token);
    return token;
  }

  check(token: string): AccessCheck {
    const entry = this.access.get(token);
    if (!entry) return { ok: false, reason: 'unknown' };
    if (entry.revoked) return { ok: false, reason: 'revoked' };
    if (entry.expiresMs <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, token: entry };
  }

  /**
   * Revokes an access token, or a refresh token together with every access token issued from it
   * (Salesforce's /services/oauth2/revoke). Returns false for an unknown token.
   */
  revoke(token: string): boolean {
    const access = this.access.get(token);
    if (access) {
      access.revoked = true;
      return true;
    }
    const refresh = this.refresh.get(token);
    if (!refresh) return false;
    refresh.revoked = true;
    for (const a of this.access.values()) if (a.refreshToken === token) a.revoked = true;
    return true;
  }

  /** Expires live access tokens now (refresh tokens stay valid). Returns how many expired. */
  expire(filter: { orgId15?: string; username?: string } = {}): number {
    const now = this.now();
    let count = 0;
    for (const a of this.access.values()) {
      if (a.revoked || a.expiresMs <= now) continue;
      if (filter.orgId15 && a.user.orgId !== filter.orgId15) continue;
      if (filter.username && a.user.username.toLowerCase() !== filter.username.toLowerCase())
        continue;
      a.expiresMs = now;
      count++;
    }
    return count;
  }
}
