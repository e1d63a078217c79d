// Ways to break a valid request input (docs/security.md "Limits and bad input"): one field replaced
// by a wrong type, removed, null, an out-of-range number, an oversized string, a deeply nested
// value or a huge array, or an unknown field added. JSON bodies get JSON values; query strings and
// path parameters only carry text, so they get the text forms of the same attacks.
import fc from 'fast-check';
import type { SchemaPath } from './zod-arbitrary';

export type InputLocation = 'body' | 'querystring' | 'params';

export const MUTATION_KINDS = [
  'wrong-type',
  'removed',
  'null',
  'out-of-range',
  'oversized',
  'deep',
  'huge-array',
  'unknown-field',
] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

export interface Mutation {
  readonly kind: MutationKind;
  /** Where the value changed (the object that got the unknown field, for unknown-field). */
  readonly path: SchemaPath;
  /** The whole input after the change (undefined: no input at all). */
  readonly value: unknown;
}

const OVERSIZED = 'x'.repeat(100_000);
const DEPTH = 10_000;
const HUGE = 10_000;

/**
 * JSON text placed as is inside a body: a 10 000-deep object cannot be built as a value and
 * serialised (JSON.stringify overflows the stack well before), but a client can send the text.
 */
export class RawJson {
  constructor(readonly text: string) {}
}
const DEEP_OBJECT = new RawJson(`${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`);

/** A body as JSON text, RawJson pieces included verbatim. */
export function serializeBody(value: unknown): string {
  const raw: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return item;
    raw.push(item.text);
    return `\u0000raw${raw.length - 1}\u0000`;
  });
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_, i: string) => raw[Number(i)]!);
}
const DEEP_TEXT = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every path of a JSON value, the root included. */
export function pathsOf(value: unknown, path: SchemaPath = []): SchemaPath[] {
  const paths: SchemaPath[] = [path];
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...pathsOf(item, [...path, i])));
  else if (isObject(value))
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...path, key]));
  return paths;
}

const REMOVE = Symbol('remove');

/** A copy of `value` with the node at `path` replaced (or removed). */
export function replaceAt(value: unknown, path: SchemaPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement === REMOVE ? undefined : replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...(value as unknown[])];
    const index = head as number;
    if (rest.length === 0 && replacement === REMOVE) copy.splice(index, 1);
    else copy[index] = replaceAt(copy[index], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const key = String(head);
  if (rest.length === 0 && replacement === REMOVE) delete copy[key];
  else copy[key] = replaceAt(copy[key], rest, replacement);
  return copy;
}

const nodeAt = (value: unknown, path: SchemaPath): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key as string], value);

/** A JSON value of another type than `node`. */
function wrongTypeFor(node: unknown): fc.Arbitrary<unknown> {
  const all = [
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.boolean(),
    fc.constant([1, 'two']),
    fc.constant({ nested: true }),
  ];
  const pick = (skip: number) => fc.oneof(...all.filter((_, i) => i !== skip));
  if (typeof node === 'string') return pick(0);
  if (typeof node === 'number') return pick(1);
  if (typeof node === 'boolean') return pick(2);
  if (Array.isArray(node)) return pick(3);
  return pick(4);
}

const OUT_OF_RANGE = [-1, 0, 1.5, 1e308, -1e308, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, -(2 ** 31)];
const OUT_OF_RANGE_TEXT = [
  '-1',
  '0',
  '1.5',
  '1e400',
  '9007199254740993',
  'NaN',
  'Infinity',
  '0x10',
  ' 7',
];

function jsonReplacement(kind: MutationKind, node: unknown): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'wrong-type':
      return wrongTypeFor(node);
    case 'removed':
      return fc.constant(REMOVE);
    case 'null':
      return fc.constant(null);
    case 'out-of-range':
      return fc.constantFrom(...OUT_OF_RANGE);
    case 'oversized':
      return fc.constant(OVERSIZED);
    case 'deep':
      return fc.constant(DEEP_OBJECT);
    case 'huge-array':
      return fc.constant(
        Array.from({ length: HUGE }, () => (node === undefined || isObject(node) ? 'x' : node)),
      );
    case 'unknown-field':
      throw new Error('unknown-field is not a replacement');
  }
}

function textReplacement(kind: MutationKind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'wrong-type':
      // A repeated query key arrives as an array; elsewhere text that is no number, id or flag.
      return fc.oneof(fc.constant(['a', 'b']), fc.string({ maxLength: 12, unit: 'binary' }));
    case 'removed':
      return fc.constant(REMOVE);
    case 'null':
      return fc.constantFrom('', 'null', 'undefined');
    case 'out-of-range':
      return fc.constantFrom(...OUT_OF_RANGE_TEXT);
    case 'oversized':
      return fc.constant(OVERSIZED);
    case 'deep':
      return fc.constant(DEEP_TEXT);
    case 'huge-array':
      return fc.constant(JSON.stringify(Array.from({ length: HUGE }, () => 0)));
    case 'unknown-field':
      throw new Error('unknown-field is not a replacement');
  }
}

/** Mutations of one valid input at `location`. */
export function mutationArbitrary(valid: unknown, location: InputLocation): fc.Arbitrary<Mutation> {
  const text = location !== 'body';
  // A query string that is all optional may come as nothing: it still takes unknown keys.
  if (text && valid === undefined) valid = {};
  const paths = text
    ? Object.keys(isObject(valid) ? valid : {}).map((key) => [key])
    : pathsOf(valid);
  const objects = (text ? [[]] : pathsOf(valid)).filter((p) => isObject(nodeAt(valid, p)));
  const kinds = MUTATION_KINDS.filter(
    (kind) =>
      (kind === 'unknown-field' ? objects.length > 0 : paths.length > 0) &&
      // A path parameter cannot be left out of its URL, and the URL has no room for another.
      !(location === 'params' && (kind === 'removed' || kind === 'unknown-field')),
  );
  if (kinds.length === 0)
    throw new Error(`nothing to mutate in ${location} ${JSON.stringify(valid)}`);
  return fc.constantFrom(...kinds).chain((kind): fc.Arbitrary<Mutation> => {
    if (kind === 'unknown-field') {
      return fc
        .tuple(
          fc.constantFrom(...objects),
          fc.string({ minLength: 1, maxLength: 10 }).map((k) => `fuzz_${k}`),
          text ? fc.string({ maxLength: 10 }) : fc.jsonValue({ maxDepth: 2 }),
        )
        .map(([path, key, extra]) => ({
          kind,
          path,
          value: replaceAt(valid, [...path, key], extra),
        }));
    }
    return fc
      .constantFrom(...paths)
      .chain((path) =>
        (text ? textReplacement(kind) : jsonReplacement(kind, nodeAt(valid, path))).map(
          (replacement) => ({ kind, path, value: replaceAt(valid, path, replacement) }),
        ),
      );
  });
}
