// Comparable keys for stored values and query literals, by field type. A filter compares a
// record's key with keys computed once from the literal, so per-record work is one read and
// one cheap normalisation:
//   text  → lower-cased string   (Salesforce compares text case-insensitively)
//   id    → first 15 characters  (an 18-character Id is its 15-character Id plus a checksum)
//   date / datetime → fixed-width UTC strings (see temporal.ts); literals become ranges.

import type { SoqlLiteral } from './ast';
import { dateLiteralRange } from './date-literals';
import type { SoqlFieldType } from './source';
import {
  dateKeyOfMs,
  dateKeyOfValue,
  datetimeKeyOfMs,
  datetimeKeyOfValue,
  MS_PER_DAY,
  parseDateText,
} from './temporal';

export type KeyKind = 'text' | 'id' | 'number' | 'boolean' | 'date' | 'datetime';
export type Key = string | number | boolean;

export function keyKindOf(type: SoqlFieldType): KeyKind {
  switch (type) {
    case 'string':
    case 'textarea':
    case 'picklist':
      return 'text';
    case 'id':
    case 'reference':
      return 'id';
    case 'int':
    case 'double':
    case 'currency':
    case 'percent':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
  }
}

export function idKey(id: string): string {
  return id.length === 18 ? id.slice(0, 15) : id;
}

const CHECKSUM_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/** Salesforce's 3-character suffix of a 15-character Id: for each 5-character chunk, a bit
 *  per upper-case letter, read as an index into A–Z0–5. */
export function idChecksum(id15: string): string {
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) {
      const code = id15.charCodeAt(chunk * 5 + i);
      if (code >= 65 && code <= 90) bits |= 1 << i;
    }
    suffix += CHECKSUM_ALPHABET[bits] ?? '';
  }
  return suffix;
}

/** The spellings under which a store may hold the record an 18-character Id literal names:
 *  as written, with the suffix upper-cased, and with the computed suffix. Filters compare
 *  only the first 15 characters, so all of them denote the same record. */
export function idSpellings(id18: string): string[] {
  const prefix = id18.slice(0, 15);
  return [...new Set([id18, prefix + id18.slice(15).toUpperCase(), prefix + idChecksum(prefix)])];
}

function textKey(value: unknown): string | null {
  if (typeof value === 'string') return value.toLowerCase();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).toLowerCase();
  return null;
}

function numberKey(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && !Number.isNaN(number) ? number : null;
}

function booleanKey(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  return value === 'true' ? true : value === 'false' ? false : null;
}

const KEY_OF_VALUE: Readonly<Record<KeyKind, (value: unknown) => Key | null>> = {
  text: textKey,
  id: (value) => (typeof value === 'string' && value !== '' ? idKey(value) : null),
  number: numberKey,
  boolean: booleanKey,
  date: dateKeyOfValue,
  datetime: datetimeKeyOfValue,
};

/** The key of a stored value; null for null, absent or unreadable values. */
export function keyOfValue(kind: KeyKind): (value: unknown) => Key | null {
  return KEY_OF_VALUE[kind];
}

/** What a literal means for a field: null, one key, or the half-open key range [start, end)
 *  of a date or relative date literal. A point in time is the range [key, key + '\0'): for
 *  fixed-width keys that holds exactly the key itself, so one set of range rules serves all. */
export type Operand =
  | { readonly kind: 'null' }
  | { readonly kind: 'key'; readonly key: Key }
  | { readonly kind: 'range'; readonly start: string; readonly end: string };

const point = (key: string): Operand => ({ kind: 'range', start: key, end: `${key}\0` });

/** The operand for `literal` against a field of `kind`, or undefined when their types do not
 *  match (the caller reports it the way Salesforce does). */
export function operandOf(literal: SoqlLiteral, kind: KeyKind, now: Date): Operand | undefined {
  if (literal.kind === 'null') return { kind: 'null' };
  switch (kind) {
    case 'text':
      return literal.kind === 'string'
        ? { kind: 'key', key: literal.value.toLowerCase() }
        : undefined;
    case 'id':
      return literal.kind === 'string' ? { kind: 'key', key: idKey(literal.value) } : undefined;
    case 'number':
      return literal.kind === 'number' ? { kind: 'key', key: literal.value } : undefined;
    case 'boolean':
      return literal.kind === 'boolean' ? { kind: 'key', key: literal.value } : undefined;
    case 'date':
      if (literal.kind === 'date') return point(literal.text);
      if (literal.kind !== 'dateLiteral') return undefined;
      return rangeOf(dateLiteralRange(literal, now), dateKeyOfMs);
    case 'datetime':
      if (literal.kind === 'datetime') return point(datetimeKeyOfMs(literal.epochMs));
      if (literal.kind === 'date') {
        // A whole UTC day, as the issue asks: `CreatedDate = 2024-01-31` means that day.
        const startMs = parseDateText(literal.text) ?? Number.NaN;
        return rangeOf({ startMs, endMs: startMs + MS_PER_DAY }, datetimeKeyOfMs);
      }
      if (literal.kind !== 'dateLiteral') return undefined;
      return rangeOf(dateLiteralRange(literal, now), datetimeKeyOfMs);
  }
}

function rangeOf(
  range: { startMs: number; endMs: number },
  keyOfMs: (ms: number) => string,
): Operand {
  return { kind: 'range', start: keyOfMs(range.startMs), end: keyOfMs(range.endMs) };
}
