// Failure clusters (docs/product.md "Failure clusters"): failed push jobs grouped by their
// normalised error, so the same incompatibility hitting a thousand orgs reads as one line. A job's
// message is what the upgrade monitor stored from Salesforce's PackagePushError rows (a JSON list
// of {type, title, details, message}) or plain text. The error's type and title are kept as they
// are (different titles never share a cluster); in its message the Salesforce ids, the numbers and
// the quoted names are replaced by placeholders, since they name the org, the record or the line
// and not the problem. The details (stack lines, hints) are left out of the key.
import { z } from 'zod';

/** One error of a failed job, normalised. */
export interface FailureItem {
  readonly type: string | null;
  readonly title: string | null;
  readonly message: string;
}

const text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === undefined || value === null ? null : String(value)));
const itemSchema = z.object({ type: text, title: text, message: text, details: text });

// A quoted name: straight quotes only when they stand apart from words (so "don't" is no quote),
// typographic quotes as pairs.
const QUOTED = [
  /(^|[^\p{L}\p{N}_])'[^'\n]*'(?=$|[^\p{L}\p{N}_])/gu,
  /(^|[^\p{L}\p{N}_])"[^"\n]*"(?=$|[^\p{L}\p{N}_])/gu,
  /‘[^’\n]*’/gu,
  /“[^”\n]*”/gu,
];
// Every kind of quote reads '…': the same message may quote a name either way.
const QUOTE_PLACEHOLDER = ["$1'…'", "$1'…'", "'…'", "'…'"] as const;
// A Salesforce id: a word of 15 or 18 letters and digits with a digit in it (words without
// digits are words).
const SF_ID = /(?<![\p{L}\p{N}_])[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?(?![\p{L}\p{N}_])/gu;
const NUMBER = /\d+(?:[.,:]\d+)*/g;

/** The message with its ids, numbers and quoted names replaced and its spaces collapsed. */
export function normaliseFailureText(value: string): string {
  let out = value;
  QUOTED.forEach((pattern, i) => {
    out = out.replace(pattern, QUOTE_PLACEHOLDER[i]!);
  });
  out = out.replace(SF_ID, (word) => (/\d/.test(word) ? '<id>' : word));
  out = out.replace(NUMBER, '#');
  return out.replace(/\s+/g, ' ').trim();
}

function parseItems(message: string): z.output<typeof itemSchema>[] | null {
  let json: unknown;
  try {
    json = JSON.parse(message.trim());
  } catch {
    return null;
  }
  const list = z
    .array(itemSchema)
    .min(1)
    .safeParse(Array.isArray(json) ? json : [json]);
  if (!list.success) return null;
  return list.data.some((e) => e.title ?? e.message ?? e.details) ? list.data : null;
}

/** The normalised errors of a failed job's message (duplicates once); none without a message. */
export function failureItems(message: string | null | undefined): FailureItem[] {
  if (message === null || message === undefined || message.trim() === '') return [];
  const parsed = parseItems(message);
  const items: FailureItem[] = parsed
    ? parsed.map((e) => ({
        type: e.type,
        title: e.title,
        message: normaliseFailureText(e.message ?? ''),
      }))
    : [{ type: null, title: null, message: normaliseFailureText(message) }];
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = JSON.stringify([item.type, item.title, item.message]);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * The cluster key of a failed job's message: 16 hex digits hashing its normalised errors (two
 * independent 32-bit lanes, so two different errors share a key with odds of 1 in 2^64).
 */
export function failureKey(message: string | null | undefined): string {
  const items = failureItems(message);
  return hash64(JSON.stringify(items.map((i) => [i.type, i.title, i.message])));
}

/** A cluster key as the API takes it. */
export const failureKeySchema = z
  .string()
  .regex(/^[0-9a-f]{16}$/, 'must be a failure cluster key (16 hex digits)');

// cyrb53's mixing, both lanes kept (64 bits).
function hash64(value: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < value.length; i++) {
    const ch = value.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(h2) + hex(h1);
}
