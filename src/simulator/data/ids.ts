// Salesforce record ids: 3-character key prefix, 2-character pod, a reserved '0', a 9-digit base-62
// counter, then (for the 18-character form) a 3-character case-safe suffix that encodes which of the
// first 15 characters are upper case. Our ids encode the record's index in the counter so a table can
// find a generated record from its id without storing it.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const COUNTER_WIDTH = 9;
const ID15 = /^[0-9A-Za-z]{15}$/;
const ID18 = /^[0-9A-Za-z]{15}[A-Z0-5]{3}$/i;

/** The 3-character suffix that turns a 15-character id into its case-insensitive 18-character form. */
export function caseSafeSuffix(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) {
      const c = id15.charCodeAt(chunk * 5 + i);
      if (c >= 65 && c <= 90) bits |= 1 << i;
    }
    suffix += SUFFIX_ALPHABET[bits];
  }
  return suffix;
}

export function isIdLike(value: string): boolean {
  return ID15.test(value) || ID18.test(value);
}

/**
 * Canonical 15-character form of a 15- or 18-character id. An 18-character id is case-insensitive:
 * its suffix restores the case of the first 15 characters. Returns undefined for non-ids.
 */
export function canonical15(id: string): string | undefined {
  if (ID15.test(id)) return id;
  if (!ID18.test(id)) return undefined;
  const suffix = id.slice(15).toUpperCase();
  let out = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    const bits = SUFFIX_ALPHABET.indexOf(suffix.charAt(chunk));
    for (let i = 0; i < 5; i++) {
      const ch = id.charAt(chunk * 5 + i);
      out += bits & (1 << i) ? ch.toUpperCase() : ch.toLowerCase();
    }
  }
  return out;
}

/** The 18-character form of a 15- or 18-character id (undefined for non-ids). */
export function to18(id: string): string | undefined {
  const id15 = canonical15(id);
  return id15 === undefined ? undefined : id15 + caseSafeSuffix(id15);
}

export function encodeCounter(counter: number): string {
  let n = counter;
  let out = '';
  for (let i = 0; i < COUNTER_WIDTH; i++) {
    out = BASE62.charAt(n % 62) + out;
    n = Math.floor(n / 62);
  }
  return out;
}

function decodeCounter(text: string): number {
  let n = 0;
  for (const ch of text) {
    const digit = BASE62.indexOf(ch);
    if (digit < 0) return -1;
    n = n * 62 + digit;
  }
  return n;
}

/**
 * The 18-character id of a counter on a pod. Built with join() so the id is one flat string: big
 * query results hold millions of ids, and a concatenation rope would take several times the memory.
 */
export function mintId(prefix: string, pod: string, counter: number): string {
  const id15 = [prefix, pod, '0', encodeCounter(counter)].join('');
  return [id15, caseSafeSuffix(id15)].join('');
}

/** An id space: one key prefix on one pod, counting from a base. Index i ↔ counter base + i. */
export class IdSpace {
  constructor(
    readonly prefix: string,
    readonly pod: string,
    readonly base: number,
  ) {}

  id18(index: number): string {
    return mintId(this.prefix, this.pod, this.base + index);
  }

  /** Index encoded in an id of this space, or -1 when the id belongs elsewhere. */
  indexOf(id: string): number {
    const id15 = canonical15(id);
    if (id15 === undefined || !id15.startsWith(this.prefix + this.pod + '0')) return -1;
    const counter = decodeCounter(id15.slice(6));
    return counter < this.base ? -1 : counter - this.base;
  }
}
