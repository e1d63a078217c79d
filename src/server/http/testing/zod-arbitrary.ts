// fast-check arbitraries derived from a zod 4 schema itself
// (docs/security.md "Limits and bad input"): the input-fuzz test walks every route's body, query
// and params schemas with this, so a schema added tomorrow is fuzzed without editing the test. It
// generates the INPUT side (what a client sends): a pipe or a transform generates what its first
// stage accepts. A kind it does not know throws, so a new kind of schema gets handled here rather
// than silently generating nothing.
import fc from 'fast-check';
import type { z } from 'zod';

export type SchemaPath = readonly (string | number)[];

export interface ZodArbitraryOptions {
  /**
   * An arbitrary for a schema the generic walk cannot make meaningful (ids that must exist in the
   * database, JSON text inside a query string); undefined to walk the schema.
   */
  readonly hint?: (schema: z.ZodType, path: SchemaPath) => fc.Arbitrary<unknown> | undefined;
  /** Longest generated string and array, so valid values stay cheap to send (default 24 / 4). */
  readonly maxString?: number;
  readonly maxArray?: number;
}

export class UnsupportedSchemaError extends Error {
  constructor(kind: string, path: SchemaPath) {
    super(`zod-arbitrary: no generator for a '${kind}' schema at '${path.join('.') || '(root)'}'`);
  }
}

/** The parts of zod 4's internal definition this walk reads. */
interface Def {
  readonly type: string;
  readonly coerce?: boolean;
  readonly format?: string;
  readonly pattern?: RegExp;
  readonly checks?: readonly { readonly _zod: { readonly def: CheckDef } }[];
  readonly shape?: Record<string, z.ZodType>;
  readonly catchall?: z.ZodType;
  readonly element?: z.ZodType;
  readonly items?: readonly z.ZodType[];
  readonly rest?: z.ZodType | null;
  readonly options?: readonly z.ZodType[];
  readonly entries?: Record<string, string | number>;
  readonly values?: readonly unknown[];
  readonly innerType?: z.ZodType;
  readonly in?: z.ZodType;
  readonly keyType?: z.ZodType;
  readonly valueType?: z.ZodType;
  readonly getter?: () => z.ZodType;
}

interface CheckDef {
  readonly check: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly length?: number;
  readonly value?: number | bigint;
  readonly inclusive?: boolean;
  readonly format?: string;
  readonly pattern?: RegExp;
  /** An overwrite check's change (trim, case), applied before the checks after it. */
  readonly tx?: (value: unknown) => unknown;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Whether an object may leave this key out (optional, default, nullish…). */
export function isOptionalInput(schema: z.ZodType): boolean {
  return (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';
}

/** The kind of a schema (zod's def.type), for messages and tests. */
export const kindOf = (schema: z.ZodType): string => defOf(schema).type;

interface Bounds {
  min?: number;
  max?: number;
  minExclusive?: boolean;
  maxExclusive?: boolean;
  length?: number;
  formats: string[];
  patterns: RegExp[];
  int: boolean;
}

function boundsOf(def: Def): Bounds {
  const bounds: Bounds = { formats: [], patterns: [], int: false };
  if (def.format) bounds.formats.push(def.format);
  if (def.pattern && def.format && def.format !== 'regex') {
    // A top-level format (z.email()) carries its own pattern: the format generator covers it.
  } else if (def.pattern) bounds.patterns.push(def.pattern);
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    switch (c.check) {
      case 'min_length':
        bounds.min = Math.max(bounds.min ?? 0, c.minimum ?? 0);
        break;
      case 'max_length':
        bounds.max = Math.min(bounds.max ?? Infinity, c.maximum ?? Infinity);
        break;
      case 'length_equals':
        bounds.length = c.length;
        break;
      case 'greater_than':
        bounds.min = Number(c.value);
        bounds.minExclusive = c.inclusive === false;
        break;
      case 'less_than':
        bounds.max = Number(c.value);
        bounds.maxExclusive = c.inclusive === false;
        break;
      case 'number_format':
        if (c.format?.includes('int')) bounds.int = true;
        break;
      case 'string_format':
        if (c.format === 'regex' && c.pattern) bounds.patterns.push(c.pattern);
        else if (c.format) bounds.formats.push(c.format);
        break;
      // overwrite (trim, case) changes the value after the checks; custom refinements cannot be
      // solved in general: a generated value may fail them and get a 400, which the test allows.
      default:
        break;
    }
  }
  return bounds;
}

const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  url: () => fc.webUrl(),
  uuid: () => fc.uuid(),
  email: () => fc.emailAddress(),
  datetime: () =>
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString()),
  date: () =>
    fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
};

function stringArbitrary(def: Def, path: SchemaPath, options: ZodArbitraryOptions) {
  const b = boundsOf(def);
  const minLength = b.length ?? b.min ?? 0;
  const maxLength =
    b.length ?? Math.max(minLength, Math.min(b.max ?? Infinity, options.maxString ?? 24));
  const overwrites = (def.checks ?? []).flatMap((c) => (c._zod.def.tx ? [c._zod.def.tx] : []));
  // Length checks count what is left after trim(): a blank string cannot meet min(1). Zod
  // counts code points, not UTF-16 units: one astral character does not meet min(2).
  const fits = (raw: string) => {
    const text = overwrites.reduce<unknown>((value, tx) => tx(value), raw) as string;
    const length = [...text].length;
    return length >= minLength && length <= (b.length ?? b.max ?? Infinity);
  };
  let base: fc.Arbitrary<string>;
  if (b.formats.length > 0) {
    const format = FORMATS[b.formats[0]!];
    if (!format) throw new UnsupportedSchemaError(`string format ${b.formats[0]}`, path);
    base = format();
  } else if (b.patterns.length > 0) {
    base = fc.stringMatching(b.patterns[0]!);
  } else {
    return fc.string({ minLength, maxLength, unit: 'grapheme' }).filter(fits);
  }
  const rest = [...b.patterns.slice(b.formats.length > 0 ? 0 : 1)];
  return base.filter((text) => fits(text) && rest.every((pattern) => pattern.test(text)));
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const b = boundsOf(def);
  if (b.int) {
    const min = Math.max(
      Math.ceil(b.min ?? Number.MIN_SAFE_INTEGER) + (b.minExclusive ? 1 : 0),
      Number.MIN_SAFE_INTEGER,
    );
    const max = Math.min(
      Math.floor(b.max ?? Number.MAX_SAFE_INTEGER) - (b.maxExclusive ? 1 : 0),
      Number.MAX_SAFE_INTEGER,
    );
    // Small values matter most (ids, page numbers), the bounds themselves too.
    const small = fc.integer({ min: Math.max(min, -5), max: Math.min(max, 50) });
    return min <= max && Math.max(min, -5) <= Math.min(max, 50)
      ? fc.oneof(small, fc.constantFrom(min, max), fc.integer({ min, max }))
      : fc.integer({ min, max });
  }
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(b.min !== undefined ? { min: b.min, minExcluded: b.minExclusive === true } : {}),
    ...(b.max !== undefined ? { max: b.max, maxExcluded: b.maxExclusive === true } : {}),
  });
}

function objectArbitrary(def: Def, path: SchemaPath, options: ZodArbitraryOptions) {
  const shape = def.shape ?? {};
  const keys = Object.keys(shape);
  const parts: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) {
    const schema = shape[key]!;
    const value = walk(schema, [...path, key], options);
    // An optional key is left out half the time rather than sent as undefined.
    parts[key] = isOptionalInput(schema) ? fc.option(value, { nil: undefined, freq: 2 }) : value;
  }
  return fc.record(parts).map((record) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
    return out;
  });
}

/** The input-side arbitrary of a schema. */
export function zodArbitrary(
  schema: z.ZodType,
  options: ZodArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  return walk(schema, [], options);
}

function walk(
  schema: z.ZodType,
  path: SchemaPath,
  options: ZodArbitraryOptions,
): fc.Arbitrary<unknown> {
  const hinted = options.hint?.(schema, path);
  if (hinted) return hinted;
  const def = defOf(schema);
  const maxArray = options.maxArray ?? 4;
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, path, options);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'object':
      return objectArbitrary(def, path, options);
    case 'record':
      return fc
        .dictionary(
          walk(def.keyType!, [...path, '(key)'], options).map(String),
          walk(def.valueType!, [...path, '(value)'], options),
          { maxKeys: maxArray },
        )
        .map((record) => ({ ...record }));
    case 'array': {
      const b = boundsOf(def);
      const minLength = b.length ?? b.min ?? 0;
      return fc.array(walk(def.element!, [...path, 0], options), {
        minLength,
        maxLength: b.length ?? Math.max(minLength, Math.min(b.max ?? Infinity, maxArray)),
      });
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item, i) => walk(item, [...path, i], options)));
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => walk(option, path, options)));
    case 'optional':
      return fc.option(walk(def.innerType!, path, options), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(walk(def.innerType!, path, options), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(walk(def.innerType!, path, options), { nil: undefined, freq: 4 });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(def.innerType!, path, options);
    case 'lazy':
      return walk(def.getter!(), path, options);
    case 'pipe':
      // A transform or a pipe accepts what its first stage accepts.
      if (defOf(def.in!).type === 'transform') throw new UnsupportedSchemaError('transform', path);
      return walk(def.in!, path, options);
    default:
      throw new UnsupportedSchemaError(def.type, path);
  }
}
