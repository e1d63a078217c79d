import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareVersionSortKeys,
  compareVersions,
  isVersionNumber,
  stripBuildSuffix,
  tryVersionSortKey,
  versionColumnKey,
  versionKeyPrefix,
  versionSortKey,
} from './versions';

fc.configureGlobal({
  seed: process.env.FC_SEED === 'random' ? Date.now() : Number(process.env.FC_SEED ?? 4242),
  numRuns: Number(process.env.FC_RUNS ?? 300),
});

describe('versionSortKey', () => {
  it.each([
    ['2.14', '000200140000'],
    ['1', '000100000000'],
    ['1.2.3', '000100020003'],
    ['1.2.3.4', '0001000200030004'],
    ['10.0.12', '001000000012'],
    ['01.002', '000100020000'],
    [' 1.2 ', '000100020000'],
  ])('%j → %s', (version, key) => {
    expect(versionSortKey(version)).toBe(key);
  });

  it('appends the build suffix when the creation time is given', () => {
    expect(versionSortKey('2.14', 1600000000000)).toBe('000200140000_1600000000000');
  });

  it.each(['', '1.', '.1', '1..2', 'v1.2', '1.2 beta', '1,2'])('refuses %j', (text) => {
    expect(isVersionNumber(text)).toBe(false);
    expect(tryVersionSortKey(text)).toBeNull();
    expect(() => versionSortKey(text)).toThrow(RangeError);
  });

  it('makes prefixes without filling to three segments', () => {
    expect(versionKeyPrefix('1.2')).toBe('00010002');
    expect(versionSortKey('1.2.7').startsWith(versionKeyPrefix('1.2'))).toBe(true);
    expect(versionSortKey('1.20').startsWith(versionKeyPrefix('1.2'))).toBe(false);
  });
});

describe('comparing', () => {
  it.each([
    ['1.2', '1.10', -1],
    ['1.10', '1.9', 1],
    ['2.0', '2', 0],
    ['2.0.1', '2', 1],
    ['0.9.99', '1.0', -1],
    ['12345.1', '9999.1', 1],
  ])('%s vs %s → %d', (a, b, sign) => {
    expect(compareVersions(a, b)).toBe(sign);
  });

  it('orders builds of the same number by creation, a key without a suffix first', () => {
    const keys = [
      '000100000000_1700000000000',
      '000100000000',
      '000100000000_1600000000000',
      '000000090000_1800000000000',
    ];
    expect([...keys].sort(compareVersionSortKeys)).toEqual([
      '000000090000_1800000000000',
      '000100000000',
      '000100000000_1600000000000',
      '000100000000_1700000000000',
    ]);
    expect(stripBuildSuffix('000100000000_1600000000000')).toBe('000100000000');
  });

  it('property: sort keys order like the numbers for segments below 10000', () => {
    const version = fc
      .array(fc.nat({ max: 9999 }), { minLength: 1, maxLength: 3 })
      .map((s) => s.join('.'));
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(compareVersionSortKeys(versionSortKey(a), versionSortKey(b))).toBe(
          compareVersions(a, b),
        );
      }),
    );
  });
});

describe('versionColumnKey', () => {
  it.each<[string | null, string | null]>([
    [null, null],
    ['', null],
    ['1.2', '000100020000'],
    ['7', '000700000000'],
    ['000100020000_1600000000000', '000100020000'],
    ['000100020003', '000100020003'],
  ])('%j → %j', (value, key) => {
    expect(versionColumnKey(value)).toBe(key);
  });
});
