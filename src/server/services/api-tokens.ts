// Personal API tokens (docs/security.md "API tokens"): made by a signed-in user for their scripts,
// shown once, kept as a SHA-256 of the secret, scoped read or operate, always expiring, revocable
// by their owner and by an admin access key session. A bearer request acts as the token's owner:
// the read-only rule, the activation policy and the audit log see that user.
import { createHash, randomBytes } from 'node:crypto';
import {
  MAX_TOKEN_DAYS,
  TOKEN_PREFIX,
  type ApiToken,
  type CreatedToken,
  type CreateTokenBody,
} from '../../domain/api/tokens';
import type { Actor } from '../actor';
import type { Database, SqlClient } from '../db/database';
import {
  findApiTokenByHash,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
  touchApiToken,
  type ApiTokenRow,
} from '../db/repositories/api-tokens';
import type { SessionRow } from '../db/repositories/sessions';
import { ForbiddenError, InvalidError, NotFoundError, UnauthorizedError } from '../errors';
import { writeAudit } from '../db/repositories/audit-log';
import { audited } from './audit/audited';

const DAY_MS = 86_400_000;

/** The hex SHA-256 kept for a token: its secret is 32 random bytes, so no salt or slow hash is needed. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

export function tokenJson(row: ApiTokenRow, now: Date): ApiToken {
  const status = row.revoked_at
    ? 'revoked'
    : new Date(row.expires_at) <= now
      ? 'expired'
      : 'active';
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    created_at: iso(row.created_at)!,
    expires_at: iso(row.expires_at)!,
    last_used_at: iso(row.last_used_at),
    revoked_at: iso(row.revoked_at),
    revoked_by: row.revoked_by,
    status,
  };
}

/**
 * Makes a token for the actor. A read-only user makes read tokens only; the expiry is required,
 * in the future and at most MAX_TOKEN_DAYS away.
 */
export async function createApiToken(
  db: Database,
  actor: Actor,
  body: CreateTokenBody,
  now = new Date(),
): Promise<CreatedToken> {
  if (body.scope === 'operate' && actor.readOnly) {
    await writeAudit(db, {
      actor: actor.username,
      action: 'token.create',
      targetType: 'api_token',
      targetId: null,
      outcome: 'denied',
      details: { name: body.name, scope: body.scope, reason: 'read-only' },
    });
    throw new ForbiddenError('A read-only user can make read tokens only.');
  }
  if (body.expires_at.getTime() <= now.getTime()) {
    throw new InvalidError('The expiry must be in the future.', 'expires_at');
  }
  if (body.expires_at.getTime() > now.getTime() + MAX_TOKEN_DAYS * DAY_MS) {
    throw new InvalidError(`A token expires within ${MAX_TOKEN_DAYS} days.`, 'expires_at');
  }
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    const inserted = await insertApiToken(tx, {
      username: actor.username,
      displayName: actor.displayName,
      name: body.name,
      scope: body.scope,
      authMethod: actor.authMethod,
      secretHash: tokenHash(token),
      hint: token.slice(0, TOKEN_PREFIX.length + 6),
      expiresAt: body.expires_at,
    });
    await writeAudit(tx, {
      actor: actor.username,
      action: 'token.create',
      targetType: 'api_token',
      targetId: String(inserted.id),
      outcome: 'success',
      details: { name: body.name, scope: body.scope, expires_at: body.expires_at.toISOString() },
    });
    return inserted;
  });
  return { ...tokenJson(row, now), token };
}

export async function listOwnTokens(
  db: SqlClient,
  actor: Actor,
  now = new Date(),
): Promise<ApiToken[]> {
  return (await listApiTokens(db, actor.username)).map((row) => tokenJson(row, now));
}

/** Every user's tokens: for an admin access key session only. */
export async function listEveryToken(
  db: SqlClient,
  actor: Actor,
  now = new Date(),
): Promise<ApiToken[]> {
  requireTokenAdmin(actor);
  return (await listApiTokens(db)).map((row) => tokenJson(row, now));
}

function requireTokenAdmin(actor: Actor): void {
  if (actor.authMethod !== 'admin-key') {
    throw new ForbiddenError(
      "Only an admin access key session may see or revoke other users' tokens.",
    );
  }
}

/** Revokes one of the actor's tokens, or with `anyOwner` (admins) anyone's; 404 when not found. */
export async function revokeToken(
  db: Database,
  actor: Actor,
  id: number,
  { anyOwner = false }: { anyOwner?: boolean } = {},
  now = new Date(),
): Promise<ApiToken> {
  return audited(
    db,
    actor,
    'token.revoke',
    { type: 'api_token', id: String(id) },
    {},
    async (record) => {
      if (anyOwner) requireTokenAdmin(actor);
      const row = await db.transaction(async (tx) => {
        const revoked = await revokeApiToken(
          tx,
          id,
          actor.username,
          anyOwner ? undefined : actor.username,
        );
        if (!revoked) throw new NotFoundError(`No API token ${id}.`);
        await record(tx, { owner: revoked.username });
        return revoked;
      });
      return tokenJson(row, now);
    },
  );
}

/** A bearer token's owner as a session: what the request may do is what the token allows. */
export interface TokenSession {
  readonly session: SessionRow;
  readonly tokenId: number;
}

/**
 * The session a bearer token stands for, or 401 saying why (unknown, revoked, expired). Read
 * tokens act read-only whatever their owner may do.
 */
export async function authenticateToken(
  db: SqlClient,
  token: string,
  now = new Date(),
): Promise<TokenSession> {
  const row = token.startsWith(TOKEN_PREFIX)
    ? await findApiTokenByHash(db, tokenHash(token))
    : undefined;
  if (!row) throw new UnauthorizedError('This API token is not known.');
  if (row.revoked_at) throw new UnauthorizedError('This API token was revoked.');
  if (new Date(row.expires_at) <= now) throw new UnauthorizedError('This API token has expired.');
  await touchApiToken(db, row.id);
  const created = iso(row.created_at)!;
  return {
    tokenId: row.id,
    session: {
      id_hash: `api-token:${row.id}`,
      username: row.username,
      display_name: row.display_name,
      user_id: null,
      org_id: null,
      read_only: row.scope === 'read',
      auth_method: row.auth_method,
      instance_url: null,
      access_token_enc: null,
      refresh_token_enc: null,
      csrf_token: '',
      permissions_checked_at: null,
      created_at: created,
      last_seen_at: now.toISOString(),
      expires_at: iso(row.expires_at)!,
    },
  };
}

/**
 * A read made with a token, audited as its owner (docs/security.md "API tokens"): changes are
 * audited by their own services, reads leave this row, so every use of a token is on record.
 */
export async function recordTokenRead(
  db: SqlClient,
  read: { username: string; tokenId: number; route: string; url: string },
): Promise<void> {
  await writeAudit(db, {
    actor: read.username,
    action: 'token.read',
    targetType: 'route',
    targetId: read.route,
    outcome: 'success',
    details: { token_id: read.tokenId, url: read.url.slice(0, 500) },
  });
}
