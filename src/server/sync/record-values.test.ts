// The direct readings of Salesforce datetimes and ids answer exactly what the general ones do
// (Date.parse, toId18), for the shapes Salesforce sends and for everything else.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caseSafeSuffix, KEY_PREFIXES, toId18 } from '../../domain/ids';
import { dateTimeMs, id18 } from './record-values';

const generalDateTimeMs = (value: string) =>
  Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Salesforce's datetime form with any two-digit fields, in range or not. */
const salesforceDateTime = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }),
    month: fc.integer({ min: 0, max: 99 }),
    day: fc.integer({ min: 0, max: 99 }),
    hour: fc.integer({ min: 0, max: 99 }),
    minute: fc.integer({ min: 0, max: 99 }),
    second: fc.integer({ min: 0, max: 99 }),
    ms: fc.integer({ min: 0, max: 999 }),
  })
  .map(
    (t) =>
      `${pad(t.year, 4)}-${pad(t.month, 2)}-${pad(t.day, 2)}T${pad(t.hour, 2)}:` +
      `${pad(t.minute, 2)}:${pad(t.second, 2)}.${pad(t.ms, 3)}+0000`,
  );

const ID_CHARS = [...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'];
const id15 = fc
  .array(fc.constantFrom(...ID_CHARS), { minLength: 15, maxLength: 15 })
  .map((cs) => cs.join(''));

describe('dateTimeMs', () => {
  it('reads what Salesforce sends', () => {
    expect(dateTimeMs('2024-05-01T10:00:00.000+0000')).toBe(Date.UTC(2024, 4, 1, 10));
    expect(dateTimeMs('2026-08-10T17:02:53.250+0000')).toBe(Date.UTC(2026, 7, 10, 17, 2, 53, 250));
    expect(dateTimeMs('not a date')).toBeNaN();
  });

  it('agrees with Date.parse on every datetime of that shape', () => {
    fc.assert(
      fc.property(salesforceDateTime, (value) => {
        expect(Object.is(dateTimeMs(value), generalDateTimeMs(value))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with Date.parse on other shapes', () => {
    const others = [
      '2024-05-01T10:00:00.000Z',
      '2024-05-01T10:00:00.000+0200',
      '2024-05-01T10:00:00+0000',
      '2024-05-0aT10:00:00.000+0000',
      '2024-02-30T10:00:00.000+0000',
      '2024-05-01T24:00:00.000+0000',
      '0050-05-01T10:00:00.000+0000',
      ' 024-05-01T10:00:00.000+0000',
    ];
    for (const value of others) {
      expect(Object.is(dateTimeMs(value), generalDateTimeMs(value)), value).toBe(true);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (value) => {
        expect(Object.is(dateTimeMs(value), generalDateTimeMs(value))).toBe(true);
      }),
    );
  });
});

describe('id18', () => {
  const prefixes = [undefined, ...Object.values(KEY_PREFIXES)];

  it('agrees with toId18 on 15- and 18-character ids, their case lost or not', () => {
    const forms = id15.chain((head) =>
      fc.constantFrom(
        head,
        head + caseSafeSuffix(head),
        (head + caseSafeSuffix(head)).toLowerCase(),
        (head + caseSafeSuffix(head)).toUpperCase(),
        `${head}AAA`,
        ` ${head}`,
      ),
    );
    fc.assert(
      fc.property(forms, fc.constantFrom(...prefixes), (value, prefix) => {
        expect(id18(value, prefix)).toBe(toId18(value, prefix));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with toId18 on ids with the prefix asked for', () => {
    const withPrefix = fc
      .tuple(fc.constantFrom(...Object.values(KEY_PREFIXES)), id15)
      .map(([prefix, rest]) => ({ prefix, head: prefix + rest.slice(3) }));
    fc.assert(
      fc.property(withPrefix, ({ prefix, head }) => {
        for (const value of [head, head + caseSafeSuffix(head)]) {
          expect(id18(value, prefix)).toBe(toId18(value, prefix));
          expect(id18(value, prefix)).not.toBeNull();
        }
      }),
    );
  });

  it('agrees with toId18 on anything else', () => {
    expect(id18(null)).toBeNull();
    expect(id18('')).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.constantFrom(...prefixes), (value, prefix) => {
        expect(id18(value, prefix)).toBe(value ? toId18(value, prefix) : null);
      }),
    );
  });
});
