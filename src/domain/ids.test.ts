import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  KEY_PREFIXES,
  caseSafeSuffix,
  formatOrgIds,
  isIdOfKind,
  parseOrgIds,
  parseSalesforceId,
  sameId,
  toId18,
} from './ids';

fc.configureGlobal({
  seed: process.env.FC_SEED === 'random' ? Date.now() : Number(process.env.FC_SEED ?? 4242),
  numRuns: Number(process.env.FC_RUNS ?? 300),
});

// Pairs published by Salesforce (developer docs and knowledge articles) and reproduced by hand:
// per 5-character chunk, bit i is set when character i is an uppercase letter, and the 5-bit
// number indexes 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345'.
const KNOWN_PAIRS: [string, string][] = [
  ['001A0000006Vm9r', '001A0000006Vm9rIAC'], // '001A0' → A at 3 → 8 'I'; '00000' → 'A'; '6Vm9r' → V at 1 → 2 'C'
  ['003A0000005QB3A', '003A0000005QB3AIAW'], // '5QB3A' → Q,B,A at 1,2,4 → 22 'W'
  ['003A0000008qb1s', '003A0000008qb1sIAA'],
  ['00D50000000IZ3Z', '00D50000000IZ3ZEAW'], // '00D50' → D at 2 → 4 'E'; '0IZ3Z' → 22 'W'
  ['000000000000000', '000000000000000AAA'],
  ['ABCDEFGHIJKLMNO', 'ABCDEFGHIJKLMNO555'], // every bit set → 31 → '5'
];

describe('15 → 18 character ids', () => {
  it.each(KNOWN_PAIRS)('%s → %s', (id15, id18) => {
    expect(id15 + caseSafeSuffix(id15)).toBe(id18);
    expect(toId18(id15)).toBe(id18);
    expect(toId18(id18)).toBe(id18);
    expect(parseSalesforceId(id18)).toEqual({ ok: true, id18, id15 });
  });

  it('restores the case of an 18-character id whose case was lost', () => {
    expect(toId18('001a0000006vm9riac')).toBe('001A0000006Vm9rIAC');
    expect(toId18('001A0000006VM9RIAC')).toBe('001A0000006Vm9rIAC');
    expect(toId18('00d50000000iz3zeaw', KEY_PREFIXES.organization)).toBe('00D50000000IZ3ZEAW');
  });

  it.each<[string, string]>([
    ['', 'must be 15 or 18 characters'],
    ['001A0000006Vm9', 'must be 15 or 18 characters'],
    ['001A0000006Vm9rI', 'must be 15 or 18 characters'],
    ['001A0000006Vm9rIACX', 'must be 15 or 18 characters'],
    ['001A0000006Vm9-', 'may contain only letters and digits'],
    ['001A0000006Vm9rIAA', 'has a checksum that does not match'],
    ['001A0000006Vm9rIA9', 'has a checksum that does not match'],
    ['0010000000000001AA', 'has a checksum that does not match'],
  ])('refuses %j: %s', (text, reason) => {
    expect(parseSalesforceId(text)).toEqual({ ok: false, reason });
  });

  it('checks key prefixes', () => {
    expect(isIdOfKind('00D50000000IZ3Z', 'organization')).toBe(true);
    expect(isIdOfKind('001A0000006Vm9r', 'organization')).toBe(false);
    expect(parseSalesforceId('001A0000006Vm9r', '04t')).toEqual({
      ok: false,
      reason: 'must start with 04t',
    });
    expect(KEY_PREFIXES).toMatchObject({
      pushRequest: '0DV',
      pushJob: '0DX',
      packageVersion: '04t',
      metadataPackage: '033',
    });
  });

  it('compares 15- and 18-character forms as the same record, case-sensitively', () => {
    expect(sameId('001A0000006Vm9r', '001A0000006Vm9rIAC')).toBe(true);
    expect(sameId('001A0000006Vm9r', '001a0000006Vm9r')).toBe(false);
    expect(sameId('bad', 'bad')).toBe(false);
  });

  const id15 = fc.string({
    unit: fc.constantFrom(...'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'),
    minLength: 15,
    maxLength: 15,
  });

  it('property: 18-character ids are fixed points, keep their 15-character head and survive case loss', () => {
    fc.assert(
      fc.property(id15, (id) => {
        const id18 = toId18(id);
        expect(id18?.slice(0, 15)).toBe(id);
        expect(toId18(id18 ?? '')).toBe(id18);
        expect(toId18((id18 ?? '').toLowerCase())).toBe(id18);
        expect(toId18((id18 ?? '').toUpperCase())).toBe(id18);
      }),
    );
  });
});

describe('org-id import', () => {
  const A = '00D50000000IZ3ZEAW';
  const B = '00DA0000000abcdMAA'; // '00DA0' → D, A at 2, 3 → 12 'M'

  it('splits on commas, spaces, tabs, newlines and quotes, and converts to 18 characters', () => {
    const text = `"00D50000000IZ3Z",'${B}'\t00D000000000001\r\n  \u00a0 00D000000000002;`;
    expect(parseOrgIds(text).orgIds).toEqual([A, B, '00D000000000001EAA', '00D000000000002EAA']);
  });

  it('cuts entries to 18 characters', () => {
    expect(parseOrgIds(`${A}extra`).orgIds).toEqual([A]);
  });

  it('removes duplicates, counting the 15- and 18-character forms as one org', () => {
    expect(parseOrgIds(`${A} 00D50000000IZ3Z ${A}`)).toEqual({
      orgIds: [A],
      rejected: [],
      duplicates: 2,
    });
  });

  it('keeps only org ids and says why it rejected the rest', () => {
    expect(parseOrgIds('001A0000006Vm9r 00Dshort hello 00D50000000IZ3ZXXX')).toEqual({
      orgIds: [],
      rejected: [
        { entry: '001A0000006Vm9r', reason: 'is not an org id (org ids start with 00D)' },
        { entry: '00Dshort', reason: 'must be 15 or 18 characters' },
        { entry: 'hello', reason: 'is not an org id (org ids start with 00D)' },
        { entry: '00D50000000IZ3ZXXX', reason: 'has a checksum that does not match' },
      ],
      duplicates: 0,
    });
  });

  it.each(['', '   ', '\n\t,,', '""'])('reads blank input %j as nothing', (text) => {
    expect(parseOrgIds(text)).toEqual({ orgIds: [], rejected: [], duplicates: 0 });
  });

  it('shows the cleaned list comma-separated', () => {
    expect(formatOrgIds([A, B])).toBe(`${A}, ${B}`);
  });

  const pasted = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          A,
          B,
          '00D50000000IZ3Z',
          '00d50000000iz3zeaw',
          '001A0000006Vm9r',
          '00D',
          'x',
        ),
        fc.string({
          unit: fc.constantFrom(...'0D0DabcXYZ12', ' ', ',', '"', "'", '\t', '\n', '\u00e9'),
        }),
      ),
      { maxLength: 12 },
    )
    .chain((parts) => fc.constantFrom(' ', ',', '\n', '", "').map((sep) => parts.join(sep)));

  it('property: the output satisfies the rules and reading it again changes nothing', () => {
    fc.assert(
      fc.property(pasted, (text) => {
        const { orgIds } = parseOrgIds(text);
        expect(new Set(orgIds).size).toBe(orgIds.length);
        for (const id of orgIds) {
          expect(id).toMatch(/^00D[0-9A-Za-z]{15}$/);
          expect(toId18(id)).toBe(id);
        }
        const again = parseOrgIds(formatOrgIds(orgIds));
        expect(again).toEqual({ orgIds, rejected: [], duplicates: 0 });
      }),
    );
  });
});
