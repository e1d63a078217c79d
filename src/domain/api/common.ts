// Field shapes every API entity shares.
import { z } from 'zod';
import { KEY_PREFIXES, toId18 } from '../ids';

/** An instant as ISO 8601 text (UTC), or null. */
export const isoTime = z.string().nullable();

/** A calendar date as 'YYYY-MM-DD', or null. */
export const isoDate = z.string().nullable();

export const nullableText = z.string().nullable();

/** A query-string flag: 'true'/'1'/'yes' or 'false'/'0'/'no'. */
export const queryFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

type KeyPrefix = (typeof KEY_PREFIXES)[keyof typeof KEY_PREFIXES];

/**
 * A Salesforce id of one kind in a request (15 or 18 characters), answered in its 18-character
 * form; anything else is a 400 that names what was expected.
 */
export function salesforceId(prefix: KeyPrefix | null, what: string) {
  return z
    .string()
    .max(18)
    .transform((value, ctx) => {
      const id = toId18(value.trim(), prefix ?? undefined);
      if (id === null) {
        ctx.addIssue({ code: 'custom', message: `'${value}' is not ${what}` });
        return z.NEVER;
      }
      return id;
    });
}

export const orgIdParam = salesforceId(KEY_PREFIXES.organization, 'an org id (00D…)');

/** A comma-separated list of ids in a query string. */
export function idList<T extends z.ZodType<string, string>>(item: T, max = 100) {
  return z
    .string()
    .max(20 * max)
    .transform((text) => text.split(',').filter((part) => part.trim() !== ''))
    .pipe(z.array(item).min(1).max(max));
}

/** A positive integer id in a path or query. */
export const numericId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** The path parameters of a record named by its numeric id: `/api/upgrades/:id`. */
export const idParams = z.object({ id: numericId });

/** The path parameters of an org: `/api/orgs/:orgId`. */
export const orgIdParams = z.object({ orgId: orgIdParam });

/** An answer that is a URL for the browser to go to (a Salesforce login, a page). */
export const urlReplySchema = z.object({ url: z.string() });
