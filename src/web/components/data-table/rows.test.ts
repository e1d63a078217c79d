import { describe, expect, it } from 'vitest';
import { buildTsv, serverExportUrl } from './exportTsv';
import { cellText } from './cellText';
import { sortRows } from './sortRows';
import { THING_LIST, THINGS } from './dataTableFixtures';

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);

describe('sortRows', () => {
  it('sorts versions by value, numbers numerically, and empty values last both ways', () => {
    const asc = sortRows(THINGS, [{ id: 'version', desc: false }], THING_LIST.columns);
    expect(ids(asc)).toEqual(['t3', 't5', 't2', 't1', 't4']);
    const desc = sortRows(THINGS, [{ id: 'count', desc: true }], THING_LIST.columns);
    expect(ids(desc)).toEqual(['t3', 't1', 't2', 't5', 't4']);
  });

  it('sorts datetimes by instant and keeps ties in their order', () => {
    const rows = sortRows(THINGS, [{ id: 'modified', desc: false }], THING_LIST.columns);
    expect(ids(rows)).toEqual(['t3', 't1', 't2', 't4', 't5']);
  });

  it('sorts text without regard to case', () => {
    const rows = sortRows(THINGS, [{ id: 'name', desc: false }], THING_LIST.columns);
    expect(ids(rows)).toEqual(['t1', 't3', 't2', 't4', 't5']);
  });
});

describe('TSV', () => {
  it('escapes tabs, line breaks and backslashes inside a field', () => {
    const text = buildTsv([{ a: 'a\tb\nc\rd\\e' }], [{ label: 'A', text: (row) => row.a }]);
    expect(text).toBe('A\na\\tb\\nc\\rd\\\\e\n');
  });

  it('exports what a spreadsheet would run as text, and numbers of a number column as numbers', () => {
    const text = buildTsv(
      [{ name: '=HYPERLINK("https://evil.example")', count: -5 }],
      [
        { label: 'Name', text: (row) => row.name },
        { label: 'Count', kind: 'number', text: (row) => String(row.count) },
      ],
    );
    expect(text).toBe('Name\tCount\n\'=HYPERLINK("https://evil.example")\t-5\n');
  });

  it('writes a header of labels and one line per row', () => {
    const text = buildTsv(
      [
        { a: 'x', b: 1 },
        { a: 'y\tz', b: 2 },
      ],
      [
        { label: 'A', text: (row) => row.a },
        { label: 'B', text: (row) => String(row.b) },
      ],
    );
    expect(text).toBe('A\tB\nx\t1\ny\\tz\t2\n');
  });

  it('builds the server export URL with the query and the columns', () => {
    const url = serverExportUrl(
      { path: '/api/orgs/export' },
      undefined,
      { sort_field: 'name', groupId: 3, x: undefined },
      ['org_id', 'name'],
    );
    expect(url).toBe('/api/orgs/export?sort_field=name&groupId=3&columns=org_id%2Cname');
  });

  it("fills the export path's parameters", () => {
    const url = serverExportUrl({ path: '/api/orggroups/:id/members/export' }, { id: 7 }, {}, [
      'org_id',
    ]);
    expect(url).toBe('/api/orggroups/7/members/export?columns=org_id');
  });
});

describe('cellText', () => {
  it('shows datetimes in the zone, booleans as Yes/No, dates as they are', () => {
    expect(cellText('2024-05-01T15:30:00Z', 'datetime', 'UTC')).toBe('2024-05-01 03:30 pm');
    expect(cellText(true, 'boolean', 'UTC')).toBe('Yes');
    expect(cellText(false, 'boolean', 'UTC')).toBe('No');
    expect(cellText('2024-05-01', 'date', 'Pacific/Honolulu')).toBe('2024-05-01');
    expect(cellText(null, 'text', 'UTC')).toBe('');
    expect(cellText(12, 'number', 'UTC')).toBe('12');
  });
});
