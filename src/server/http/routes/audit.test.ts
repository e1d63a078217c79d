// GET /api/audit: the Audit Log list through the HTTP app — read-only users may read it; it pages,
// filters and sorts on the server, shows details as compact text, and exports TSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../domain';
import { writeAudit } from '../../db/repositories/audit-log';
import type { TestDatabase } from '../../db/test-database';
import type { AppInstance } from '../app';
import { startTestApp } from '../testing/test-app';
import { sessionHeaders } from '../test-session';

let testDb: TestDatabase;
let app: AppInstance;
let close: () => Promise<void>;
let viewer: Record<string, string>;

beforeAll(async () => {
  ({ app, testDb, close } = await startTestApp());
  viewer = await sessionHeaders(testDb.db, { username: 'viewer@pushboard.demo', readOnly: true });
  await testDb.db.query(`DELETE FROM audit_log`);
  for (let i = 1; i <= 30; i++) {
    await writeAudit(testDb.db, {
      actor: i % 2 ? 'ada@example.com' : 'bob@example.com',
      action: i % 3 ? 'orggroup.create' : 'upgrade.activate',
      targetType: i % 3 ? 'org_group' : 'upgrade',
      targetId: String(i),
      outcome: i === 7 ? 'failed' : 'success',
      details: { name: `Group ${i}`, count: i },
    });
  }
  // One minute apart, so 'newest first' has one answer (rows of one instant tie).
  await testDb.db.query(
    `UPDATE audit_log SET at = now() - (30 - target_id::int) * interval '1 minute'`,
  );
});

afterAll(() => close?.());

const list = (query: Record<string, string>, headers = viewer) =>
  app.inject({ method: 'GET', url: '/api/audit', headers, query });

describe('GET /api/audit', () => {
  it('answers anonymous callers 401 and read-only users a page, newest first', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    const response = await list({ page: '1', pageSize: '10' });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ rows: AuditEntry[]; total: number }>();
    expect(page.total).toBe(30);
    expect(page.rows.map((row) => row.target_id)).toEqual([
      '30',
      '29',
      '28',
      '27',
      '26',
      '25',
      '24',
      '23',
      '22',
      '21',
    ]);
    expect(page.rows[0]).toMatchObject({
      actor: 'bob@example.com',
      action: 'upgrade.activate',
      target: 'upgrade 30',
      outcome: 'success',
      details: 'count=30, name=Group 30',
    });
  });

  it('filters and sorts on the server', async () => {
    const failed = await list({ filters: JSON.stringify([{ id: 'outcome', value: 'failed' }]) });
    expect(failed.json<{ rows: AuditEntry[] }>().rows.map((row) => row.target_id)).toEqual(['7']);
    const byActor = await list({
      filters: JSON.stringify([{ id: 'action', value: 'upgrade' }]),
      sort_field: 'actor',
      sort_dir: 'asc',
      pageSize: '100',
    });
    const rows = byActor.json<{ rows: AuditEntry[]; total: number }>();
    expect(rows.total).toBe(10);
    expect(rows.rows.every((row) => row.action === 'upgrade.activate')).toBe(true);
    expect(rows.rows.map((row) => row.actor)).toEqual([...rows.rows.map((r) => r.actor)].sort());
  });

  it('refuses an unknown sort column with a 400 naming it', async () => {
    const response = await list({ sort_field: 'secret', sort_dir: 'asc' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('sort');
  });

  it('exports every matching row as TSV', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/audit/export',
      headers: viewer,
      query: { filters: JSON.stringify([{ id: 'outcome', value: 'failed' }]) },
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('When\tWho\tAction\tTarget\tOutcome\tDetails');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('\tada@example.com\torggroup.create\torg_group 7\tfailed\t');
  });
});
