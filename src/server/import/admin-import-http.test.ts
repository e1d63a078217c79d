// POST /api/admin/import-old-console over HTTP: an admin access key session starts the import as
// a background job that runs to the end; anyone else is refused; a bad URL is a 400 naming the
// field; the audit row names the old host, never its password or the old key.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findJob } from '../db/repositories/admin-jobs';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { sessionHeaders } from '../http/test-session';
import { startTestApp, TEST_SECRET_KEY, type TestApp } from '../http/testing/test-app';
import type { JobEngine } from '../jobs/engine';
import { startTestEngine } from '../jobs/testing/test-jobs';
import { SecretBox } from '../secrets';
import { IMPORT_ADMIN_ONLY } from '../services/old-console-import';
import { importOldConsoleJob } from './import-job';
import { generateOldConsole, type GeneratedOldConsole } from './testing/old-console-data';
import { createOldConsoleDatabase, type OldConsoleDatabase } from './testing/old-console-database';

const serverUrl = process.env.TEST_DATABASE_URL;
const url = '/api/admin/import-old-console';

describe.skipIf(!serverUrl)('POST /api/admin/import-old-console', () => {
  let old: OldConsoleDatabase;
  let generated: GeneratedOldConsole;
  let testDb: TestDatabase;
  let engine: JobEngine;
  let test: TestApp;

  beforeAll(async () => {
    old = await createOldConsoleDatabase(serverUrl!);
    generated = await generateOldConsole(old.pool);
    testDb = await createTestDatabase();
    engine = await startTestEngine(testDb.db, [
      importOldConsoleJob({ db: testDb.db, secrets: new SecretBox(TEST_SECRET_KEY) }),
    ]);
    test = await startTestApp({ testDb, deps: { jobs: engine } });
  });
  afterAll(async () => {
    await test?.close();
    await engine?.stop();
    await testDb?.drop();
    await old?.drop();
  });

  it('refuses a session that is not an admin access key one', async () => {
    const res = await test.app.inject({
      method: 'POST',
      url,
      headers: await sessionHeaders(testDb.db),
      payload: { from: old.url, apply: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(IMPORT_ADMIN_ONLY);
  });

  it('answers 400 naming the field for a URL that is not postgres://', async () => {
    const res = await test.app.inject({
      method: 'POST',
      url,
      headers: await sessionHeaders(testDb.db, { authMethod: 'admin-key' }),
      payload: { from: 'mysql://old/db', apply: false },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('from');
  });

  it('starts the import as a job that imports the old data', async () => {
    const res = await test.app.inject({
      method: 'POST',
      url,
      headers: await sessionHeaders(testDb.db, { username: 'admin-key', authMethod: 'admin-key' }),
      payload: { from: old.url, old_key: generated.oldKey, apply: true },
    });
    expect(res.statusCode).toBe(200);
    const { job_id: jobId } = res.json<{ job_id: string }>();
    await vi.waitFor(
      async () => expect((await findJob(testDb.db, jobId))?.status).toBe('Complete'),
      { timeout: 30_000, interval: 100 },
    );
    const { rows } = await testDb.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM import_map WHERE source_table = 'org_group'`,
    );
    expect(rows[0]!.n).toBe(generated.counts.org_group! - 1);
    const audit = await testDb.db.query<{ action: string; details: unknown }>(
      `SELECT action, details FROM audit_log WHERE action LIKE 'import.%' ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'import.old-console.start',
      'import.old-console',
    ]);
    expect(JSON.stringify(audit.rows)).not.toContain(generated.oldKey);
    expect(JSON.stringify(audit.rows)).not.toContain(old.url);
  });
});
