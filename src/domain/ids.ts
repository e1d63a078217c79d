// Salesforce record ids (15 → 18 characters) and the org-id import box
// (docs/product.md "Org id import"; docs/architecture.md "Data"). Ids are stored and compared in
// their 18-character, case-sensitive form.

/** Key prefixes of the objects the console handles, from Salesforce's object reference. */
export const KEY_PREFIXES = {
  account: '001',
  user: '005',
  organization: '00D',
  metadataPackage: '033',
  packageVersion: '04t',
  pushRequest: '0DV',
  pushJob: '0DX',
} as const;

/** The object kinds with a known key prefix. */
export type KeyPrefixKind = keyof typeof KEY_PREFIXES;

const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const ALPHANUMERIC = /^[0-9A-Za-z]+$/;

/** The 3-character case-safe suffix of a 15-character id: per 5-character chunk, a bit per uppercase letter. */
export function caseSafeSuffix(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) {
      const ch = id15.charAt(chunk * 5 + i);
      if (ch >= 'A' && ch <= 'Z') bits |= 1 << i;
    }
    suffix += SUFFIX_ALPHABET.charAt(bits);
  }
  return suffix;
}

/** Restores the letter case of an id's first 15 characters from its suffix; null if the suffix cannot describe them. */
function recaseFromSuffix(id18: string): string | null {
  let restored = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    const bits = SUFFIX_ALPHABET.indexOf(id18.charAt(15 + chunk).toUpperCase());
    if (bits === -1) return null;
    for (let i = 0; i < 5; i++) {
      const ch = id18.charAt(chunk * 5 + i);
      const upper = (bits & (1 << i)) !== 0;
      const isLetter = /[A-Za-z]/.test(ch);
      if (upper && !isLetter) return null;
      restored += isLetter ? (upper ? ch.toUpperCase() : ch.toLowerCase()) : ch;
    }
  }
  return restored + id18.slice(15).toUpperCase();
}

/** The outcome of reading a Salesforce id. */
export type IdParseResult =
  | { readonly ok: true; readonly id18: string; readonly id15: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Reads a 15- or 18-character id and returns its 18-character form. An 18-character id must
 * carry the right suffix; if its first 15 characters are all one case (case lost by a
 * spreadsheet or a case-insensitive system), their case is restored from the suffix. With a
 * prefix, the id must start with it (e.g. '00D' for orgs).
 */
export function parseSalesforceId(text: string, expectedPrefix?: string): IdParseResult {
  const id = text.trim();
  if (id.length !== 15 && id.length !== 18)
    return { ok: false, reason: 'must be 15 or 18 characters' };
  if (!ALPHANUMERIC.test(id)) return { ok: false, reason: 'may contain only letters and digits' };
  let id18: string;
  if (id.length === 15) {
    id18 = id + caseSafeSuffix(id);
  } else {
    const head = id.slice(0, 15);
    const exact = head + caseSafeSuffix(head);
    const caseLost = head === head.toLowerCase() || head === head.toUpperCase();
    const restored = caseLost ? recaseFromSuffix(id) : null;
    if (exact === id) id18 = exact;
    else if (restored !== null && restored.slice(0, 15).toLowerCase() === head.toLowerCase())
      id18 = restored;
    else return { ok: false, reason: 'has a checksum that does not match' };
  }
  if (expectedPrefix !== undefined && !id18.startsWith(expectedPrefix)) {
    return { ok: false, reason: `must start with ${expectedPrefix}` };
  }
  return { ok: true, id18, id15: id18.slice(0, 15) };
}

/** The 18-character form of an id, or null if it is not a valid id (with the prefix, when given). */
export function toId18(text: string, expectedPrefix?: string): string | null {
  const result = parseSalesforceId(text, expectedPrefix);
  return result.ok ? result.id18 : null;
}

/** Whether the text is a valid id of the given kind. */
export function isIdOfKind(text: string, kind: KeyPrefixKind): boolean {
  return toId18(text, KEY_PREFIXES[kind]) !== null;
}

/** Whether two ids name the same record (15 or 18 characters, either form). */
export function sameId(a: string, b: string): boolean {
  const x = toId18(a);
  return x !== null && x === toId18(b);
}

/** Org ids are at most 18 characters and start with 00D. */
export const ORG_ID_PREFIX = KEY_PREFIXES.organization;

/** An entry of the org-id import that was not kept, and why. */
export interface RejectedOrgId {
  readonly entry: string;
  readonly reason: string;
}

/** The result of reading pasted org ids. */
export interface OrgIdImport {
  /** Valid org ids in their 18-character form, first occurrence order, without duplicates. */
  readonly orgIds: string[];
  /** Entries that are not org ids, with the reason to show. */
  readonly rejected: RejectedOrgId[];
  /** How many entries repeated an id already in the list (15 and 18 forms count as the same). */
  readonly duplicates: number;
}

/** Separators of pasted ids: commas, semicolons, any whitespace (spaces, tabs, newlines) and quotes. */
const ORG_ID_SEPARATORS = /[\s,;'"`]+/u;

/**
 * Reads pasted org ids: splits on commas, spaces, tabs, newlines and quotes, cuts each entry to
 * 18 characters, keeps entries starting with 00D, converts them to their 18-character form and
 * drops duplicates. Entries that start with 00D but are not valid ids, and entries that do not
 * start with 00D, are reported as rejected.
 */
export function parseOrgIds(text: string): OrgIdImport {
  const orgIds: string[] = [];
  const seen = new Set<string>();
  const rejected: RejectedOrgId[] = [];
  let duplicates = 0;
  for (const raw of text.split(ORG_ID_SEPARATORS)) {
    if (raw === '') continue;
    const entry = raw.slice(0, 18);
    if (!entry.toUpperCase().startsWith(ORG_ID_PREFIX)) {
      rejected.push({
        entry: raw,
        reason: `is not an org id (org ids start with ${ORG_ID_PREFIX})`,
      });
      continue;
    }
    const parsed = parseSalesforceId(entry, ORG_ID_PREFIX);
    if (!parsed.ok) {
      rejected.push({ entry: raw, reason: parsed.reason });
    } else if (seen.has(parsed.id18)) {
      duplicates += 1;
    } else {
      seen.add(parsed.id18);
      orgIds.push(parsed.id18);
    }
  }
  return { orgIds, rejected, duplicates };
}

/** The cleaned list as the import box shows it when it loses focus. */
export function formatOrgIds(orgIds: readonly string[]): string {
  return orgIds.join(', ');
}
