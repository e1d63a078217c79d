import { describe, expect, it } from 'vitest';
import type { ColumnKind, FilterContext } from './columns';
import { compileFilter } from './index';
import { andSql, conditionToSql, escapeLike } from './sql';

const context: FilterContext = {
  now: new Date('2024-05-15T14:30:00Z'),
  timeZone: 'UTC',
  username: 'ops@acme.com',
};
const LIKE = "ESCAPE E'\\\\'";

function sql(
  kind: ColumnKind,
  input: string,
  firstParam?: number,
): { text: string; params: string[] } {
  return compileFilter(input, { id: 'c', kind, sql: 't.c' }, context).toSql(firstParam);
}

describe('compiling to SQL', () => {
  it.each<[ColumnKind, string, string, string[]]>([
    [
      'text',
      'acme',
      `((t.c) IS NOT NULL AND lower((t.c)::text) LIKE $1::text ${LIKE})`,
      ['%acme%'],
    ],
    [
      'text',
      '$Acme',
      `((t.c) IS NOT NULL AND lower((t.c)::text) LIKE $1::text ${LIKE})`,
      ['acme%'],
    ],
    [
      'text',
      'corp$',
      `((t.c) IS NOT NULL AND lower((t.c)::text) LIKE $1::text ${LIKE})`,
      ['%corp'],
    ],
    ['text', '"Acme"', '((t.c) IS NOT NULL AND lower((t.c)::text) = $1::text)', ['acme']],
    ['text', '""', "((t.c) IS NULL OR (t.c)::text = '')", []],
    ['text', "''", 'TRUE', []],
    ['text', '?', "((t.c) IS NOT NULL AND (t.c)::text <> '')", []],
    ['text', '!?', "(NOT ((t.c) IS NOT NULL AND (t.c)::text <> ''))", []],
    [
      'text',
      '> m',
      `((t.c) IS NOT NULL AND (t.c)::text <> '' AND lower((t.c)::text) COLLATE "C" > $1::text)`,
      ['m'],
    ],
    ['text', '#ME', '((t.c) IS NOT NULL AND lower((t.c)::text) = $1::text)', ['ops@acme.com']],
    ['number', '>= 2.5', '((t.c) IS NOT NULL AND (t.c) >= $1::numeric)', ['2.5']],
    ['number', '7', '((t.c) IS NOT NULL AND (t.c) = $1::numeric)', ['7']],
    ['number', '?', '((t.c) IS NOT NULL)', []],
    [
      'datetime',
      '#TODAY',
      '((t.c) IS NOT NULL AND (t.c) >= $1::timestamptz AND (t.c) < $2::timestamptz)',
      ['2024-05-15T00:00:00.000Z', '2024-05-16T00:00:00.000Z'],
    ],
    [
      'datetime',
      '> #NOW',
      '((t.c) IS NOT NULL AND (t.c) > $1::timestamptz)',
      ['2024-05-15T14:30:00.000Z'],
    ],
    [
      'datetime',
      '9999',
      '((t.c) IS NOT NULL AND (t.c) >= $1::timestamptz AND (t.c) < $2::timestamptz)',
      ['9999-01-01T00:00:00.000Z', '10000-01-01T00:00:00.000Z'],
    ],
    [
      'date',
      '2024-05',
      '((t.c) IS NOT NULL AND (t.c) >= $1::date AND (t.c) < $2::date)',
      ['2024-05-01', '2024-06-01'],
    ],
    ['date', '< #TODAY', '((t.c) IS NOT NULL AND (t.c) < $1::date)', ['2024-05-15']],
    ['boolean', 't', '((t.c) IS TRUE)', []],
    ['boolean', 'n', '((t.c) IS NOT TRUE)', []],
    [
      'version',
      '1.2',
      `((t.c) IS NOT NULL AND split_part((t.c)::text, '_', 1) LIKE $1::text ${LIKE})`,
      ['00010002%'],
    ],
    [
      'version',
      '> 1.2',
      `((t.c) IS NOT NULL AND (t.c)::text <> '' AND split_part((t.c)::text, '_', 1) COLLATE "C" > $1::text)`,
      ['000100020000'],
    ],
    [
      'enum',
      'fail',
      `((t.c) IS NOT NULL AND lower((t.c)::text) LIKE $1::text ${LIKE})`,
      ['%fail%'],
    ],
  ])('%s %j', (kind, input, text, params) => {
    expect(sql(kind, input)).toEqual({ text, params });
  });

  it('combines with AND, OR and NOT and numbers placeholders from the first index given', () => {
    expect(sql('text', 'a (b || !c) && d', 4)).toEqual({
      text:
        `(((t.c) IS NOT NULL AND lower((t.c)::text) LIKE $4::text ${LIKE}) OR ` +
        `((((t.c) IS NOT NULL AND lower((t.c)::text) LIKE $5::text ${LIKE}) OR ` +
        `(NOT ((t.c) IS NOT NULL AND lower((t.c)::text) LIKE $6::text ${LIKE}))) AND ` +
        `((t.c) IS NOT NULL AND lower((t.c)::text) LIKE $7::text ${LIKE})))`,
      params: ['%a%', '%b%', '%c%', '%d%'],
    });
  });

  it('keeps user text out of the SQL, escaping LIKE wildcards in the parameters', () => {
    const injection = "'); DROP TABLE org; --";
    const fragment = sql('text', `"${injection}" 100%_\\`);
    expect(fragment.text).not.toContain('DROP');
    expect(fragment.params).toEqual(["'); drop table org; --", '%100\\%\\_\\\\%']);
  });

  it('escapes the three LIKE specials', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });

  it('needs the column expression and a positive first index', () => {
    expect(() => compileFilter('x', { id: 'c', kind: 'text' }, context).toSql()).toThrow(
      "Column 'c' has no SQL expression",
    );
    expect(() => conditionToSql({ type: 'all' }, { kind: 'text', sql: 'c' }, 0)).toThrow(
      RangeError,
    );
  });

  it('ANDs fragments', () => {
    expect(andSql([])).toEqual({ text: 'TRUE', params: [] });
    expect(
      andSql([
        { text: 'a', params: ['1'] },
        { text: 'b', params: ['2'] },
      ]),
    ).toEqual({ text: '(a AND b)', params: ['1', '2'] });
  });
});
