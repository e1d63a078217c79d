// Personal API tokens (docs/security.md "API tokens"): what a token shows (never its secret, but
// once, when it is made) and what making one takes.
import { z } from 'zod';
import { isoTime, nullableText } from './common';

/** Longest a token may live: a script's token is renewed at least once a year. */
export const MAX_TOKEN_DAYS = 365;
/** What every token starts with, so a leaked one is recognised (and secret scanners can match it). */
export const TOKEN_PREFIX = 'pbt_';

export const TOKEN_SCOPES = ['read', 'operate'] as const;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  /** The token's first characters, to recognise it. */
  hint: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: isoTime,
  revoked_at: isoTime,
  revoked_by: nullableText,
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createTokenBodySchema = z.object({
  name: z.string().trim().min(1, 'Name the token').max(100),
  scope: z.enum(TOKEN_SCOPES),
  expires_at: z.iso
    .datetime({ offset: true, error: 'The expiry must be a date and time' })
    .transform((value) => new Date(value)),
});
export type CreateTokenBody = z.output<typeof createTokenBodySchema>;

/** A token just made: the only answer that carries its secret. */
export const createdTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;
