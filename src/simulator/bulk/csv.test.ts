import { describe, expect, it } from 'vitest';
import { formatCsv, parseCsv, parseCsvRecords } from './csv';

describe('CSV', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, LF or CRLF', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', ''],
    ]);
  });

  it('reads a last row without a line ending, and no rows from nothing', () => {
    expect(parseCsv('a\n1')).toEqual([['a'], ['1']]);
    expect(parseCsvRecords('')).toEqual({ header: [], records: [] });
  });

  it('writes every cell quoted and reads back what it wrote', () => {
    const rows = [['1', 'he said "no", twice']];
    const text = formatCsv(['Id', 'Note'], rows);
    expect(text).toBe('"Id","Note"\n"1","he said ""no"", twice"\n');
    expect(parseCsvRecords(text)).toEqual({ header: ['Id', 'Note'], records: rows });
  });
});
