import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  failureItems,
  failureKey,
  failureKeySchema,
  normaliseFailureText,
} from './failure-clusters';

fc.configureGlobal({
  seed: process.env.FC_SEED === 'random' ? Date.now() : Number(process.env.FC_SEED ?? 4242),
  numRuns: Number(process.env.FC_RUNS ?? 300),
});

const errorJson = (items: { type?: string; title: string; message: string; details?: string }[]) =>
  JSON.stringify(items.map((i) => ({ details: '', ...i })));

describe('normaliseFailureText', () => {
  it.each([
    [
      "Org 00D5e000000abcdEAA failed: field 'Foo__c' missing (line 42)",
      "Org <id> failed: field '…' missing (line #)",
    ],
    ['Record 001000000000001 is locked by 12 users', 'Record <id> is locked by # users'],
    ['Class.Foo.bar: line 310, column 1', 'Class.Foo.bar: line #, column #'],
    ['Value “On Hold” conflicts with  "Archived"\n here', "Value '…' conflicts with '…' here"],
    // An apostrophe is not a quote; a long word without digits is not an id.
    [
      "This package requires it, which isn't 'Enabled'",
      "This package requires it, which isn't '…'",
    ],
    ['CustomFieldsPerObjectX reached', 'CustomFieldsPerObjectX reached'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseFailureText(input)).toBe(expected);
  });
});

describe('failureKey', () => {
  it('puts the same error of two orgs in one cluster and keeps the type and title apart', () => {
    const a = errorJson([
      {
        type: 'DeployError',
        title: 'Package component failed to deploy',
        message: "Org 00D5e000000abcdEAA failed: field 'Foo__c' missing (line 42)",
        details: 'Component: CustomField line 4',
      },
    ]);
    const b = errorJson([
      {
        type: 'DeployError',
        title: 'Package component failed to deploy',
        message: "Org 00D7F0000001xYzUAQ failed: field 'Bar__c' missing (line 7)",
        details: 'something else entirely',
      },
    ]);
    expect(failureKey(a)).toBe(failureKey(b));
    expect(failureKeySchema.safeParse(failureKey(a)).success).toBe(true);
    expect(failureKey(a)).not.toBe(failureKey(a.replace('DeployError', 'ApexTestFailure')));
    expect(failureItems(a)).toEqual([
      {
        type: 'DeployError',
        title: 'Package component failed to deploy',
        message: "Org <id> failed: field '…' missing (line #)",
      },
    ]);
  });

  it('reads plain text messages and gives jobs without a message one key of their own', () => {
    expect(failureItems('The simulator restarted at 12:04')).toEqual([
      { type: null, title: null, message: 'The simulator restarted at #' },
    ]);
    expect(failureKey(null)).toBe(failureKey(''));
    expect(failureKey(null)).not.toBe(failureKey('x'));
  });

  // A message template: fixed words (no digits, no quotes) and slots that name an org, a record,
  // a number or a quoted name.
  type Slot = { kind: 'word'; text: string } | { kind: 'id' | 'number' | 'quoted' };
  const word = fc.stringMatching(/^[A-Za-z:().,_-]{1,20}$/);
  const slot: fc.Arbitrary<Slot> = fc.oneof(
    word.map((text) => ({ kind: 'word' as const, text })),
    fc.constantFrom<Slot>({ kind: 'id' }, { kind: 'number' }, { kind: 'quoted' }),
  );
  const sfId = fc
    .tuple(
      fc.constantFrom('00D', '001', '0Hf', 'a0B', '033'),
      fc.stringMatching(/^[A-Za-z0-9]{12}$/),
      fc.boolean(),
      fc.stringMatching(/^[A-Z0-5]{3}$/),
    )
    .map(([prefix, rest, long, suffix]) => `${prefix}${rest}${long ? suffix : ''}`);
  const number = fc.oneof(
    fc.nat().map(String),
    fc.tuple(fc.nat(), fc.nat(999)).map(([a, b]) => `${a}.${b}`),
  );
  const quoted = fc
    .tuple(fc.constantFrom("'", '"', '‘’', '“”'), fc.stringMatching(/^[A-Za-z0-9 _.-]{0,30}$/))
    .map(([q, name]) => (q.length === 2 ? `${q[0]}${name}${q[1]}` : `${q}${name}${q}`));
  const valueOf = (s: Slot): fc.Arbitrary<string> =>
    s.kind === 'word'
      ? fc.constant(s.text)
      : s.kind === 'id'
        ? sfId
        : s.kind === 'number'
          ? number
          : quoted;
  const fill = (template: Slot[]) =>
    fc.tuple(...template.map(valueOf)).map((parts) => parts.join(' '));
  const filledTwice = fc
    .array(slot, { minLength: 1, maxLength: 12 })
    .chain((template) => fc.tuple(fill(template), fill(template)));
  const title = fc.string({ minLength: 1, maxLength: 40 });

  it('never splits a cluster over ids, numbers or quoted names', () => {
    fc.assert(
      fc.property(filledTwice, title, ([one, two], t) => {
        expect(normaliseFailureText(one)).toBe(normaliseFailureText(two));
        expect(failureKey(errorJson([{ title: t, message: one }]))).toBe(
          failureKey(errorJson([{ title: t, message: two }])),
        );
        expect(failureKey(one)).toBe(failureKey(two));
      }),
    );
  });

  it('never merges different titles or types', () => {
    fc.assert(
      fc.property(
        title,
        title,
        fc.string({ maxLength: 60 }),
        fc.constantFrom('DeployError', 'ApexTestFailure'),
        (a, b, message, type) => {
          fc.pre(a !== b);
          expect(failureKey(errorJson([{ type, title: a, message }]))).not.toBe(
            failureKey(errorJson([{ type, title: b, message }])),
          );
          expect(failureKey(errorJson([{ type, title: a, message }]))).not.toBe(
            failureKey(errorJson([{ type: `${type}X`, title: a, message }])),
          );
        },
      ),
    );
  });
});
