import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLUMN_KINDS } from '../filter/columns';
import { column } from './list-columns';
import { tsvCell, tsvField, tsvHeader, tsvLine } from './tsv';

/** What a spreadsheet runs when a field starts with it (after spaces), full-width forms too. */
const RUNS_AS_FORMULA = /^\s*[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Reverses the escaping of tabs, line breaks and backslashes. */
const unescape = (field: string) =>
  field.replace(/\\([\\tnr])/g, (_, c: string) =>
    c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : '\\',
  );

/** Any text, biased towards the characters that matter here. */
const text = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc
    .array(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ' ', '\\', "'", '＝', 'a', '1'), {
      maxLength: 8,
    })
    .map((chars) => chars.join('')),
);

describe('tsvField', () => {
  it('never starts with what a spreadsheet runs, never holds a raw tab or line break, and loses nothing', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(...COLUMN_KINDS), (value, kind) => {
        const field = tsvField(value, kind);
        expect(field).not.toMatch(/[\t\r\n]/);
        // The field is the value escaped, or that with a leading quote when it would run.
        const kept = unescape(field) === value;
        expect(kept || (field.startsWith("'") && unescape(field.slice(1)) === value)).toBe(true);
        if (!kept) expect(field.slice(1)).toMatch(RUNS_AS_FORMULA);
        if (kind === 'number' && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(field)) return;
        expect(field).not.toMatch(RUNS_AS_FORMULA);
      }),
      { numRuns: 2000 },
    );
  });

  it('makes formulas text with a leading quote', () => {
    expect(tsvField('=HYPERLINK("https://evil.example")')).toBe(
      `'=HYPERLINK("https://evil.example")`,
    );
    expect(tsvField('+1 555 0100')).toBe("'+1 555 0100");
    expect(tsvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(tsvField('  -2+3')).toBe("'  -2+3");
    expect(tsvField('\t=1')).toBe('\\t=1');
    expect(tsvField('＝1+1')).toBe("'＝1+1");
    expect(tsvField('Acme = best')).toBe('Acme = best');
  });

  it('keeps plain numbers of a number column as numbers, and quotes them in text columns', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(tsvField(String(n), 'number')).toBe(String(n));
      }),
    );
    expect(tsvField('-5', 'number')).toBe('-5');
    expect(tsvField('-5', 'text')).toBe("'-5");
    expect(tsvField('-5+1', 'number')).toBe("'-5+1");
    expect(tsvField('=1', 'number')).toBe("'=1");
  });
});

describe('tsvLine and tsvHeader', () => {
  const columns = [column('name', 'Name'), column('count', 'Count', 'number')];

  it('write one line of exactly one field per column, whatever the values', () => {
    fc.assert(
      fc.property(text, fc.oneof(fc.integer(), text), (name, count) => {
        const line = tsvLine({ name, count }, columns, 'UTC');
        expect(line.endsWith('\n')).toBe(true);
        expect(line.slice(0, -1)).not.toMatch(/[\r\n]/);
        expect(line.slice(0, -1).split('\t')).toHaveLength(columns.length);
      }),
    );
    expect(tsvHeader([{ label: '=Name' }])).toBe("'=Name\n");
  });

  it('exports a group named as a formula inert', () => {
    expect(tsvCell('=HYPERLINK("https://evil.example")', column('name', 'Name'), 'UTC')).toBe(
      `'=HYPERLINK("https://evil.example")`,
    );
    expect(tsvCell(-5, column('count', 'Count', 'number'), 'UTC')).toBe('-5');
  });
});
