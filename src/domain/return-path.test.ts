import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/orgs', '/orgs'],
    ['/org/00D000000000001AAA?tab=versions', '/org/00D000000000001AAA?tab=versions'],
    ['/upgrade/12#jobs', '/upgrade/12#jobs'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    undefined,
    null,
    '',
    'orgs',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/javascript:alert(1)',
    '/\nhttps://evil.example',
    '/%0d%0aLocation:%20https://evil.example',
    '/' + 'a'.repeat(3000),
  ])('falls back to / for %j', (input) => {
    expect(safeReturnPath(input)).toBe('/');
  });

  it('never returns something a browser would read as another origin', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = safeReturnPath(input);
        const resolved = new URL(result, 'https://console.example');
        expect(resolved.origin).toBe('https://console.example');
      }),
      { seed: 4242, numRuns: 2000 },
    );
  });
});
