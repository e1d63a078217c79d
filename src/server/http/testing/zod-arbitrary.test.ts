// The generators the input fuzz is built on: values derived from a schema pass that schema, the
// input side of pipes and transforms is what gets generated, unknown kinds fail loudly, and each
// mutation breaks exactly what it says.
import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { listQuerySchema, saveOrgGroupSchema, scheduleUpgradeSchema } from '../../../domain';
import { mutationArbitrary, pathsOf, RawJson, replaceAt, serializeBody } from './input-mutations';
import { UnsupportedSchemaError, zodArbitrary } from './zod-arbitrary';

const accepts = (schema: z.ZodType) =>
  fc.assert(
    fc.property(zodArbitrary(schema), (value) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(`${JSON.stringify(value)}: ${result.error.message}`);
    }),
    { numRuns: 100 },
  );

describe('zodArbitrary', () => {
  it('generates values every supported kind accepts', () => {
    accepts(
      z.object({
        name: z.string().trim().min(2).max(5),
        code: z.string().regex(/^[A-Z]{3}-\d{2}$/),
        id: z.uuid(),
        at: z.iso.datetime({ offset: true }),
        url: z.string().url(),
        count: z.number().int().min(3).max(9),
        ratio: z.number().gt(0).lt(1),
        flag: z.boolean(),
        kind: z.enum(['a', 'b']),
        tag: z.literal('x'),
        list: z.array(z.number().int()).min(1).max(3),
        either: z.union([z.string().max(3), z.number()]),
        shape: z.discriminatedUnion('type', [
          z.object({ type: z.literal('one'), a: z.string() }),
          z.object({ type: z.literal('two'), b: z.number() }),
        ]),
        note: z.string().nullish(),
        size: z.coerce.number().int().min(1).max(5).default(2),
        words: z
          .string()
          .max(30)
          .transform((text) => text.split(' ')),
        map: z.record(z.string().max(4), z.number()),
        strict: z.object({ only: z.boolean() }).strict(),
      }),
    );
  });

  it('generates valid inputs of real request schemas (transforms and pipes from their input side)', () => {
    accepts(saveOrgGroupSchema.omit({ orgIds: true }));
    // (filters, sort_field, sort_dir and pageSize take JSON, a comma list whose parts must not be
    // empty, or a refinement: a string from the input side may be ',', so the fuzz gives hints.)
    accepts(
      listQuerySchema.omit({ filters: true, pageSize: true, sort_field: true, sort_dir: true }),
    );
  });

  it('leaves optional keys out rather than sending undefined', () => {
    const values = fc.sample(zodArbitrary(z.object({ a: z.string().optional() })), 100);
    expect(values.some((value) => !('a' in (value as object)))).toBe(true);
    expect(
      values.every(
        (value) => (value as { a?: unknown }).a !== undefined || !('a' in (value as object)),
      ),
    ).toBe(true);
  });

  it('uses a hint for a schema it cannot make meaningful', () => {
    const values = fc.sample(
      zodArbitrary(scheduleUpgradeSchema.pick({ versions: true }), {
        hint: (_schema, path) =>
          path.at(-2) === 'versions' ? fc.constant('04t000000000001AAA') : undefined,
      }),
      20,
    );
    expect(
      values.every((v) =>
        (v as { versions: string[] }).versions.every((id) => id === '04t000000000001AAA'),
      ),
    ).toBe(true);
  });

  it('fails loudly on a kind it does not know, naming where', () => {
    expect(() => zodArbitrary(z.object({ when: z.date() }))).toThrow(UnsupportedSchemaError);
    expect(() => zodArbitrary(z.object({ when: z.date() }))).toThrow(/'date' schema at 'when'/);
  });
});

describe('input mutations', () => {
  const valid = { a: 'text', b: [1, 2], c: { d: true } };

  it('lists every path and replaces or removes one without touching the original', () => {
    expect(pathsOf(valid)).toEqual([[], ['a'], ['b'], ['b', 0], ['b', 1], ['c'], ['c', 'd']]);
    expect(replaceAt(valid, ['c', 'd'], null)).toEqual({ a: 'text', b: [1, 2], c: { d: null } });
    expect(valid.c.d).toBe(true);
  });

  it('breaks bodies in every way, one at a time', () => {
    const kinds = new Set(fc.sample(mutationArbitrary(valid, 'body'), 400).map((m) => m.kind));
    expect([...kinds].sort()).toEqual(
      [
        'deep',
        'huge-array',
        'null',
        'out-of-range',
        'oversized',
        'removed',
        'unknown-field',
        'wrong-type',
      ].sort(),
    );
    for (const mutation of fc.sample(mutationArbitrary(valid, 'body'), 200)) {
      if (mutation.kind === 'wrong-type' && mutation.path.join('.') === 'a')
        expect(typeof (mutation.value as { a: unknown }).a).not.toBe('string');
      if (mutation.kind === 'removed' && mutation.path.join('.') === 'c')
        expect(mutation.value).not.toHaveProperty('c');
    }
  });

  it('sends a 10 000-deep body as JSON text, which JSON.stringify could not', () => {
    const body = serializeBody({ a: new RawJson('[[[]]]'), b: 'x' });
    expect(JSON.parse(body)).toEqual({ a: [[[]]], b: 'x' });
    const deep = fc
      .sample(mutationArbitrary(valid, 'body'), 400)
      .find((m) => m.kind === 'deep' && m.path.length === 0);
    const text = serializeBody(deep!.value);
    expect(text.length).toBeGreaterThan(50_000);
    expect(() => JSON.parse(text) as unknown).not.toThrow();
  });
});
