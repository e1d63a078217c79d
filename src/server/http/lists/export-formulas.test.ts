// The server's streamed TSV exports over HTTP on a real database: a group named as a spreadsheet
// formula, and org names that start with the other trigger characters or hold tabs and line
// breaks, are exported as inert text, one field per column and one line per row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toId18 } from '../../../domain';
import type { TestDatabase } from '../../db/test-database';
import type { AppInstance } from '../app';
import { startTestApp } from '../testing/test-app';
import { sessionHeaders } from '../test-session';

const FORMULA = '=HYPERLINK("https://evil.example")';
const ORGS = [
  { id: toId18('00D000000000001')!, name: "+cmd|' /C calc'!A0" },
  { id: toId18('00D000000000002')!, name: 'Tab\there\nand a line\r\nbreak' },
  { id: toId18('00D000000000003')!, name: '@SUM(1)' },
  { id: toId18('00D000000000004')!, name: '-5' },
];

let testDb: TestDatabase;
let app: AppInstance;
let close: () => Promise<void>;
let operator: Record<string, string>;
let groupId: number;

beforeAll(async () => {
  ({ app, testDb, close } = await startTestApp());
  operator = await sessionHeaders(testDb.db);
  for (const org of ORGS) {
    await testDb.db.query(`INSERT INTO org (org_id, name) VALUES ($1, $2)`, [org.id, org.name]);
  }
  // The group is created as an operator would, through the API.
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/orggroups',
    headers: operator,
    payload: { name: FORMULA, orgIds: ORGS.map((org) => org.id) },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  groupId = saved.json<{ id: number }>().id;
});

afterAll(() => close?.());

/** The export's lines, each split into its fields. */
async function exported(url: string, query: Record<string, string>): Promise<string[][]> {
  const response = await app.inject({ method: 'GET', url, headers: operator, query });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('text/tab-separated-values');
  expect(response.body.endsWith('\n')).toBe(true);
  return response.body
    .slice(0, -1)
    .split('\n')
    .map((line) => line.split('\t'));
}

const INERT_NAMES = [
  `'+cmd|' /C calc'!A0`,
  'Tab\\there\\nand a line\\r\\nbreak',
  `'@SUM(1)`,
  `'-5`,
];

describe('TSV exports of the server-mode lists', () => {
  it("exports a group's members with the group's formula name as text", async () => {
    const lines = await exported(`/api/orggroups/${groupId}/members/export`, {
      columns: 'org_id,name,groups',
      sort_field: 'org_id',
    });
    expect(lines).toEqual([
      ['Org ID', 'Name', 'Groups'],
      ...ORGS.map((org, i) => [org.id, INERT_NAMES[i], `'${FORMULA}`]),
    ]);
  });

  it('exports the orgs list the same way', async () => {
    const lines = await exported('/api/orgs/export', {
      columns: 'groups,name',
      sort_field: 'org_id',
    });
    expect(lines.slice(1)).toEqual(ORGS.map((_, i) => [`'${FORMULA}`, INERT_NAMES[i]]));
  });
});
